import Foundation
import LegibleEvaluation
import LegibleHandwriting
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleLearning
import LegibleOCR

/// One way of decoding the handwriting reader's output, as the benchmark compares them.
struct HandDecoder {
    var name: String
    var words: Bool
    var settings = CTCDecoding.BeamSettings()
}

/// One truth line of a real set, read at each of `HandwritingModel.widthScales`.
struct HandLine {
    var truth: String
    var outputs: [(steps: Int, values: [Float])]
    var crop: PixelBox
}

/// `legible-bench hand [CORPUS] [--all-classes] [--tune]` (`Docs/Recognition.md`,
/// "Handwriting", "Decoding with words"): the handwriting reader on the ground-truth lines of
/// each real set (the real corpus unless given: `Docs/Architecture.md`, "Real corpus"), each
/// line's ALTO box padded 8 px. Prints, for greedy decoding and for the beam search over the
/// set's word list, line CER (errors over truth characters, case kept) and how often words at
/// each confidence are right; then time a line as `ingest` reads it, and peak memory. The set's
/// language is the one whose word list holds more of its truth's words. `--tune` adds the grid
/// of beam settings the defaults were chosen from. A set in a language the French hand head
/// reads (``HandwritingModel/handHeadReads(_:)``: French) is read with it, as `ingest`
/// reads it, unless `--no-hand`; with `head`, a head file's path, it is read with that head
/// instead (one learnt without the set: `Docs/Recognition.md`, "A French hand").
func handBenchmark(_ corpus: String, latin: Bool, tune: Bool, hand: Bool, head: String? = nil) throws {
    let executable = CommandLine.arguments[0]
    let folder = HandwritingModel.Files.defaultFolder(executable: executable, environment: ProcessInfo.processInfo.environment)
    let files = HandwritingModel.Files(folder: folder)
    let plain = try HandwritingModel(files: files)
    let french = hand ? try HandwritingModel(files: files, layer: try handLayer(head)) : plain
    let allowed = latin ? plain.latinClasses() : nil
    let languages = try ["eng", "fra"].map { ($0, try WordList.load(paths: WordList.debianPaths(forLanguages: $0))) }
    let decoders = handDecoders(tune: tune)
    let widths = HandwritingModel.widthScales.map { "×\($0)" }.joined(separator: ", ")
    print("handwriting reader: PP-OCRv6 small, each page at one of \(widths), \(latin ? "Latin classes only" : "every class")")
    for set in TruthCorpus.sets(in: corpus) {
        var pages: [(GreyImage, PageLayout)] = []
        try TruthCorpus.forEachPage(of: set, in: corpus, tell: { print($0) }) { _, image, truth in pages.append((image, truth)) }
        let truthWords = pages.flatMap { page in page.1.lines.flatMap { page.1.text(of: $0.range).split(separator: " ").map(String.init) } }
        guard !truthWords.isEmpty else { continue }
        let (language, list) = languages.max { a, b in truthWords.count { a.1.contains($0) } < truthWords.count { b.1.contains($0) } }!
        let vocabulary = CTCDecoding.Vocabulary(alphabet: allowed?.symbols ?? plain.alphabet, words: list)
        let model = HandwritingModel.handHeadReads(language) && latin ? french : plain
        var results = decoders.map { _ in (errors: 0, table: ConfidenceTable()) }
        var characters = 0
        var chosen: [Double] = []
        for (image, truth) in pages {
            let lines = try handLines(image, truth, model: model, classes: allowed)
            let width = pageWidth(lines, model: model, classes: allowed)
            chosen.append(HandwritingModel.widthScales[width])
            for line in lines {
                characters += line.truth.count
                for (index, decoder) in decoders.enumerated() {
                    let words = decoder.words ? vocabulary : nil
                    let reading = model.decode(
                        line.outputs[width], crop: line.crop, classes: allowed, words: words, settings: decoder.settings)
                    results[index].errors += Scorer.levenshtein(Array(line.truth), Array(reading.text))
                    results[index].table.add(read: wordConfidences(reading), truth: line.truth.split(separator: " ").map(String.init))
                }
            }
        }
        print("\(set): page widths \(chosen.map { "×\($0)" }.joined(separator: " "))")
        print(
            "\(set): \(pages.map(\.1.lines.count).reduce(0, +)) lines, word list \(language)\(model === french && hand ? ", the French hand head" : "")"
        )
        BenchResults.table = "line CER"
        for (decoder, result) in zip(decoders, results) {
            BenchResults.record(decoder.name, on: set, Double(result.errors) / Double(max(characters, 1)), decimals: 3)
            if !tune { print(result.table.report) }
        }
        if !tune { recordLineTime(pages, set: set, model: model, classes: allowed, words: vocabulary) }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    BenchResults.table = "memory"
    BenchResults.record("peak", on: "the whole run", Double(usage.ru_maxrss) / 1024, "MB", decimals: 0)
}

/// The French hand head in the model's folder, or the head in the file at `path`.
func handLayer(_ path: String?) throws -> HandwritingModel.LastLayer {
    guard let path else { return .frenchHand }
    guard let bytes = FileManager.default.contents(atPath: path), let head = WriterHead(bytes: Array(bytes)) else {
        throw BenchFailure(message: "\(path): is not a hand head")
    }
    return .head(head)
}

/// Greedy decoding and the beam search over words; with `tune`, the grid of the beam's costs.
func handDecoders(tune: Bool) -> [HandDecoder] {
    var decoders = [HandDecoder(name: "greedy", words: false), HandDecoder(name: "words", words: true)]
    guard tune else { return decoders }
    for penalty: Float in [-2, -3, -4, -6] {
        for character: Float in [0, -0.3, -0.6, -1] {
            let settings = CTCDecoding.BeamSettings(unknownWord: penalty, unknownCharacter: character)
            decoders.append(HandDecoder(name: "words word \(penalty) character \(character)", words: true, settings: settings))
        }
    }
    return decoders
}

/// The index of the width `HandwritingModel.readPage` reads a page of `lines` at.
func pageWidth(_ lines: [HandLine], model: HandwritingModel, classes: ReadingClasses?) -> Int {
    HandwritingModel.pageWidth(
        lines.prefix(HandwritingModel.sampleLines).map { line in
            line.outputs.map { model.decode($0, crop: line.crop, classes: classes).confidence }
        })
}

/// The words of a reading with their mean character confidence, cut as the handwriting reader
/// cuts them.
func wordConfidences(_ reading: LineReading) -> [(word: String, confidence: Double)] {
    HandwritingLineReader.words(reading, within: reading.crop).map { ($0.text, $0.confidence ?? 0) }
}

/// Records the seconds a line of `pages` takes as `ingest` reads it (``HandwritingModel/read``).
func recordLineTime(
    _ pages: [(GreyImage, PageLayout)], set: String, model: HandwritingModel, classes: ReadingClasses?, words: CTCDecoding.Vocabulary
) {
    var (lines, seconds) = (0, 0.0)
    for (image, truth) in pages {
        let start = Date()
        _ = try? model.readPage(image, boxes: truth.lines.map(\.box), classes: classes, words: words)
        seconds += Date().timeIntervalSince(start)
        lines += truth.lines.count
    }
    BenchResults.record("a line, read and decoded with words", on: set, seconds / Double(max(lines, 1)), "s", decimals: 3)
}

/// Every truth line of one page with the model's output at both widths.
func handLines(_ image: GreyImage, _ truth: PageLayout, model: HandwritingModel, classes: ReadingClasses?) throws -> [HandLine] {
    try truth.lines.map { line in
        let (crop, origin) = image.crop(line.box, padding: 8)
        let outputs = try HandwritingModel.widthScales.map { scale in
            try model.probabilities(
                LineTensor(grey: crop.pixels, width: crop.width, height: crop.height, widthScale: scale), classes: classes)
        }
        return HandLine(
            truth: truth.text(of: line.range), outputs: outputs,
            crop: PixelBox(x: Double(origin.x), y: Double(origin.y), width: Double(crop.width), height: Double(crop.height)))
    }
}
