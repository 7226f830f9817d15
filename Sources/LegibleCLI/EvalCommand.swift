import Foundation
import LegibleEvaluation
import LegibleIngest
import LegibleLayout
import LegibleSystem

/// `legible eval`: scores page documents against ground truth (`<stem>.gt.json` or ALTO
/// `<stem>.xml` in the truth folder): CER (also case-folded), WER, line recall and precision at
/// IoU ≥ 0.5, mean IoU and word-box recall, per page and overall. `--tesseract` also runs the
/// plain `tesseract IMAGE out -l LANG hocr` on the same images and scores it the same way.
/// Then how many lines each reader read, and how often words at each confidence are right
/// (`Docs/Recognition.md`, "Confidence").
enum EvalCommand {
    static let spec = CommandSpec(
        name: "eval", arguments: "PAGE.json|DIR...", positionalCount: 1...Int.max,
        summary: "Scores page documents against ground truth: CER, WER, line recall and precision, IoU, word-box recall.",
        options: [truth.spec, tesseract.spec, languages.spec, transcribed.spec, json.spec], run: run)

    /// One scored page: ours, and plain Tesseract's when asked for.
    struct Row {
        var name: String
        var ours: PageScore
        var tesseract: PageScore?
        /// Lines by the reader that read them ("tesseract" for documents that do not say).
        var readers: [String: Int] = [:]
        var confidence = ConfidenceTable()
    }

    /// The `--json` report.
    struct Report: Encodable {
        var pages: [String: PageScore]
        var tesseractPages: [String: PageScore]
        var overall: CorpusScore
        var tesseractOverall: CorpusScore?
        /// Lines by the reader that read them, over every page.
        var linesByReader: [String: Int]
    }

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let truthFolder = command[truth] ?? "."
        let rows = try documents(command.positionals).map {
            try score(
                $0, truth: URL(fileURLWithPath: truthFolder), tesseract: command[tesseract], languages: command[languages],
                onlyTranscribed: command[transcribed])
        }
        let overall = CorpusScore(rows.map(\.ours))
        let overallPlain = rows.allSatisfy({ $0.tesseract != nil }) && !rows.isEmpty ? CorpusScore(rows.compactMap(\.tesseract)) : nil
        if command[json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let report = Report(
                pages: Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.ours) }),
                tesseractPages: Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.tesseract.map { (row.name, $0) } }),
                overall: overall, tesseractOverall: overallPlain,
                linesByReader: rows.reduce(into: [:]) { total, row in total.merge(row.readers, uniquingKeysWith: +) })
            try Console.out(try encoder.encode(report) + Data("\n".utf8))
        } else {
            try printTable(rows, overall: overall, overallPlain: overallPlain)
        }
        return 0
    }

    /// The page documents named: files as given, folders as their `*.json` (not `*.gt.json`).
    static func documents(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            guard isDirectory.boolValue else {
                try InputFile.checkReadable(path, what: "a page document")
                return [path]
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                $0.hasSuffix(".json") && !$0.hasSuffix(".gt.json")
            }
            return names.sorted().map { "\(path)/\($0)" }
        }
    }

    /// Scores one document against its ground truth (and plain Tesseract, when asked).
    static func score(_ document: String, truth folder: URL, tesseract: Bool, languages: String?, onlyTranscribed: Bool) throws -> Row {
        let layout: PageLayout
        do {
            layout = try PageLayout.decodeDocument(try InputFile.read(document, what: "a page document"))
        } catch let error as PageDocumentError {
            throw CLIError.badData("\(document): \(error)")
        }
        let stem = IngestPlan.outputStem(document)
        guard let truthFile = GroundTruth.file(forStem: stem, in: folder) else {
            throw CLIError.missingInput("no ground truth for \(stem) in \(folder.path) (\(stem).gt.json or \(stem).xml)")
        }
        let truth: ScoredPage
        do { truth = try GroundTruth.load(truthFile) } catch { throw CLIError.badData("\(error)") }
        var plain: PageScore?
        if tesseract, let file = layout.image.file {
            let image = folder.appendingPathComponent(file).path
            plain = try TesseractCLI.hOCR(image: image, languages: languages ?? layout.engine?.languages ?? "eng").map {
                Scorer.score(onlyTranscribed ? $0.onlyTranscribed(by: truth) : $0, against: truth)
            }
        }
        let page = ScoredPage(layout)
        let scored = onlyTranscribed ? page.onlyTranscribed(by: truth) : page
        var row = Row(name: stem, ours: Scorer.score(scored, against: truth), tesseract: plain)
        let lines = layout.lines.filter { !onlyTranscribed || truth.transcribes($0.box) }
        for line in lines { row.readers[(line.reader ?? .tesseract).rawValue, default: 0] += 1 }
        let read = lines.flatMap { line in
            (line.words ?? []).map { (word: layout.text(of: $0.range), confidence: $0.confidence ?? line.confidence ?? 0) }
        }
        row.confidence.add(read: read, truth: Scorer.normalise(truth.text).split(separator: " ").map(String.init))
        return row
    }

    static func printTable(_ rows: [Row], overall: CorpusScore, overallPlain: CorpusScore?) throws {
        try Console.out(ScoreTable.header + "\n")
        for row in rows {
            try Console.out(ScoreTable.row(row.name, row.ours) + "\n")
            if let plain = row.tesseract { try Console.out(ScoreTable.row("  tesseract", plain) + "\n") }
        }
        try Console.out(ScoreTable.row("OVERALL legible", overall) + "\n")
        if let overallPlain { try Console.out(ScoreTable.row("OVERALL tesseract", overallPlain) + "\n") }
        let readers = rows.reduce(into: [String: Int]()) { total, row in total.merge(row.readers, uniquingKeysWith: +) }
        try Console.out("lines read: " + readers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n")
        var confidence = ConfidenceTable()
        for row in rows { confidence.add(row.confidence) }
        try Console.out("words right at each confidence:\n" + confidence.report + "\n")
    }
}

/// Fixed-width text rows for score tables (shared by `legible eval` and the benchmark).
enum ScoreTable {
    static let header = "page                      CER  CERfold    WER  lineR  lineP    IoU  wordR"
    static func row(_ name: String, _ score: PageScore) -> String {
        row(
            name,
            [
                score.characterErrorRate, score.caseFoldedCharacterErrorRate, score.wordErrorRate, score.lineRecall, score.linePrecision,
                score.meanLineIoU, score.wordBoxRecall,
            ])
    }
    static func row(_ name: String, _ score: CorpusScore) -> String {
        row(
            name,
            [
                score.characterErrorRate, score.caseFoldedCharacterErrorRate, score.wordErrorRate, score.lineRecall, score.linePrecision,
                score.meanLineIoU, score.wordBoxRecall,
            ])
    }
    private static func row(_ name: String, _ values: [Double?]) -> String {
        name.padding(toLength: 24, withPad: " ", startingAt: 0)
            + values.map { value in value.map { String(format: "  %.3f", $0) } ?? "    -  " }.joined()
    }
}

/// Runs the plain `tesseract` CLI (with `OMP_THREAD_LIMIT=1`, its best setting on 2 cores).
enum TesseractCLI {
    static func hOCR(image: String, languages: String) throws -> ScoredPage? {
        let folder = URL(fileURLWithPath: try TemporaryFolder.make(prefix: "legible-eval"))
        defer { TemporaryFolder.remove(folder.path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        process.arguments = [image, folder.appendingPathComponent("out").path, "-l", languages, "hocr"]
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw CLIError(code: 69, message: "cannot run /usr/bin/tesseract (install tesseract-ocr)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent("out.hocr").path)
        else { return nil }
        return HOCRReader.read(data)
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension EvalCommand {
    /// `--truth`.
    static let truth: Option<String?> = .text("--truth", placeholder: "DIR", required: true, help: "the ground-truth folder")
    /// `--tesseract`.
    static let tesseract: Option<Bool> = .flag("--tesseract", help: "also score plain `tesseract IMAGE out hocr` on the same images")
    /// `-l`.
    static let languages: Option<String?> = .text("-l", placeholder: "LANG", help: "languages for --tesseract (default: the document's)")
    /// `--only-transcribed`.
    static let transcribed: Option<Bool> = .flag(
        "--only-transcribed",
        help: "score only the lines read inside the truth's lines (a printed header the truth leaves out is not counted)")
    /// `--json`.
    static let json: Option<Bool> = .flag("--json", help: "print the scores as JSON")
}
