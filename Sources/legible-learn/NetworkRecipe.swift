import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleLearning
import LegibleSystem

/// `legible-learn network CORPUS OUT [--minutes M] [--steps N] [--rate R] [--pull P]`
/// (`Docs/Learning.md`, "One network for every French hand"): fine-tunes the handwriting
/// reader's whole network, from the pinned model with the French hand head written in, on every truth line of
/// the real sets in `CORPUS` that the page script spells, with `legible adapt`'s trainer. A tenth
/// of the pages, chosen by the same seed as `hand-head`'s, is kept aside: the weights that read
/// them best are written into that model, saved as the ONNX model `OUT`. Stopped at `--steps`
/// rather than by the clock, it is seeded as `adapt`'s trainer is (`NetworkTrainerTests`).
func learnNetwork(_ corpus: String, output: String, options: [String]) throws {
    let given = networkOptions(options)
    func option(_ name: String, _ fallback: Double) -> Double { given[name] ?? fallback }
    let files = HandwritingModel.Files(
        folder: HandwritingModel.Files.defaultFolder(executable: CommandLine.arguments[0], environment: ProcessInfo.processInfo.environment)
    )
    let model = try HandwritingModel(files: files)
    let classes = model.latinClasses()
    let (lines, pagesOf) = try networkTrainingLines(corpus, classes: classes)
    let pages = Array(Set(pagesOf)).sorted()
    let aside = TruthCorpus.keptAside(pages)
    let training = lines.indices.filter { !aside.contains(pagesOf[$0]) }.map { lines[$0] }
    // At most 200 lines kept aside, drawn by a fixed seed: each measure reads them all, and
    // 314 lines took two minutes on the 2 cores.
    let asideLines = lines.indices.filter { aside.contains(pagesOf[$0]) }
    let kept = StableHash.shuffled(asideLines.count, seed: 13).prefix(200).sorted().map { lines[asideLines[$0]] }
    guard !training.isEmpty, !kept.isEmpty else {
        FileHandle.standardError.write(Data("legible-learn: \(corpus): too few truth lines to learn from\n".utf8))
        exit(65)
    }
    print("learning from \(training.count) lines; \(kept.count) lines on \(aside.count) pages kept aside")
    // Flushed as it goes, even into a file: a run stopped by a signal keeps what it printed.
    fflush(nil)
    let start = try HandwritingModel.loadedBytes(files, features: false, hand: try HandwritingModel.frenchHand(files: files))
    var settings = NetworkTrainer.Settings()
    settings.threads = max(1, Processors.usable)
    (settings.steps, settings.every, settings.patience, settings.refit) = (Int(option("--steps", 1_000_000)), 150, 4, false)
    (settings.rate, settings.pull) = (option("--rate", 5e-5), option("--pull", 1e-4))
    // Removed on a signal too, and by the next run when this one was killed: it holds the
    // lines, about 1.7 GB for 10,000.
    let folder = try TemporaryFolder.make(prefix: "legible-network")
    defer { TemporaryFolder.remove(folder) }
    let result = try NetworkTrainer.train(
        model: start, training: training, aside: kept, settings: settings, folder: folder, seconds: option("--minutes", 60) * 60
    ) { progress in
        print(
            String(
                format: "step %d: kept-aside CER %.4f (best %.4f), %.0f s", progress.step, progress.asideError, progress.bestError,
                progress.seconds))
        fflush(nil)
    }
    try writeModel(start: start, weights: result.weights, to: output)
    print(String(format: "kept-aside greedy CER %.4f → %.4f after %d steps; wrote %@", result.before, result.after, result.steps, output))
}

/// The options of `network`, each a name and a number in its range: `--minutes` (0, 10,000],
/// `--steps` a whole number 1…10⁸, `--rate` (0, 1], `--pull` [0, 1]. Anything else (an unknown
/// name, a missing, unparsable, infinite or out-of-range number) is one line on stderr and exit
/// 64, before anything is loaded: a step count past Int's range once trapped the conversion.
func networkOptions(_ options: [String]) -> [String: Double] {
    let ranges: [String: (range: ClosedRange<Double>, said: String)] = [
        "--minutes": (Double.leastNonzeroMagnitude...10_000, "above 0, at most 10000"),
        "--steps": (1...100_000_000, "from 1 to 100000000"),
        "--rate": (Double.leastNonzeroMagnitude...1, "above 0, at most 1"), "--pull": (0...1, "from 0 to 1"),
    ]
    func refuse(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("legible-learn: network: \(reason)\n".utf8))
        exit(64)
    }
    var values: [String: Double] = [:]
    var index = 0
    while index < options.count {
        let name = options[index]
        guard let (range, said) = ranges[name] else { refuse("unknown option \(name.debugDescription)") }
        guard index + 1 < options.count, let value = Double(options[index + 1]), range.contains(value) else {
            refuse("\(name) takes a number \(said)")
        }
        guard name != "--steps" || value == value.rounded() else { refuse("--steps takes a whole number") }
        values[name] = value
        index += 2
    }
    return values
}

/// `legible-learn network-model WEIGHTS OUT`: the model `network` would write from a
/// trainer's weights file (`weights.bin`, the best so far of a run still going), to read a
/// run's progress on whole pages.
func writeNetworkModel(_ weights: String, output: String) throws {
    let files = HandwritingModel.Files(
        folder: HandwritingModel.Files.defaultFolder(executable: CommandLine.arguments[0], environment: ProcessInfo.processInfo.environment)
    )
    // The weights are only read: an output over them is refused before anything is written.
    if let overlap = FileIdentity.firstOverlap(outputs: [output], inputs: [weights]) {
        FileHandle.standardError.write(
            Data("legible-learn: \(overlap.output) is the weights file \(overlap.input): name another output\n".utf8))
        exit(64)
    }
    guard let network = NetworkWeights(bytes: Array(try InputFile.read(weights, what: "a network file"))) else {
        FileHandle.standardError.write(Data("legible-learn: \(weights): is not a network file\n".utf8))
        exit(65)
    }
    let start = try HandwritingModel.loadedBytes(files, features: false, hand: try HandwritingModel.frenchHand(files: files))
    try writeModel(start: start, weights: network, to: output)
}

/// `start` (the pinned model with the French hand head written in) with `weights` written
/// over it, as an ONNX model at `output`.
func writeModel(start: [UInt8], weights: NetworkWeights, to output: String) throws {
    var model = start
    if let name = weights.write(into: &model) {
        FileHandle.standardError.write(
            Data("legible-learn: the weights name \(name), which the model has no tensor of that size for\n".utf8))
        exit(65)
    }
    try AtomicFile.write(Data(model), to: output)
}

/// Every truth line of `corpus`'s real sets that the page script spells, cut as `ingest` reads
/// it and sized at a width drawn by a fixed seed from the widths pages are read at, with the
/// page each is on.
func networkTrainingLines(_ corpus: String, classes: ReadingClasses) throws -> ([NetworkTrainer.Line], [String]) {
    var (lines, pagesOf) = ([NetworkTrainer.Line](), [String]())
    try TruthCorpus.forEachLine(corpus, classes: classes, tell: { print($0) }) { page, image, line, labels, drawnScale in
        guard let labels, labels.count <= 1000 else { return }
        let crop = HandwritingModel.lineCrop(of: image, box: line.box)
        // A tensor holds floats: some 10,000 lines at up to 3,200 pixels took the recipe past
        // 10 GB. Lines that would be wider than 1,600 are learnt at their own width.
        let scale = Double(crop.width * LineTensor.height) / Double(max(crop.height, 1)) * drawnScale > 1_600 ? 1 : drawnScale
        let tensor = LineTensor(grey: crop.pixels, width: crop.width, height: crop.height, widthScale: scale)
        lines.append(NetworkTrainer.Line(tensor: tensor, labels: labels.map { classes.indices[$0] }))
        pagesOf.append(page)
    }
    return (lines, pagesOf)
}
