import Foundation
import LegibleEvaluation
import LegibleIngest
import LegibleLayout
import LegibleNotebook
import LegibleSystem

/// Page documents scored against ground truth (`<stem>.gt.json` or ALTO `<stem>.xml` in the
/// truth folder), page by page, with plain Tesseract's reading of the same images when asked
/// (`Docs/Recognition.md`, "Confidence"): what `legible eval` reports.
public enum Evaluation {
    /// One scored page: ours, and plain Tesseract's when asked for.
    public struct Row: Sendable {
        /// The page's stem.
        public var name: String
        /// Legible's reading scored.
        public var ours: PageScore
        /// Plain Tesseract's reading scored, when asked for.
        public var tesseract: PageScore?
        /// Lines by the reader that read them ("tesseract" for documents that do not say).
        public var readers: [String: Int] = [:]
        /// How often words at each confidence are right.
        public var confidence = ConfidenceTable()
    }

    /// The `--json` report.
    public struct Report: Encodable, Sendable {
        public var pages: [String: PageScore]
        public var tesseractPages: [String: PageScore]
        public var overall: CorpusScore
        public var tesseractOverall: CorpusScore?
        /// Lines by the reader that read them, over every page.
        public var linesByReader: [String: Int]
    }

    /// Each document of `paths` scored against the truth in `truth`; `tesseract` also runs
    /// plain Tesseract (in `languages`, or the document's), and `onlyTranscribed` scores only
    /// the lines the truth transcribes.
    public static func rows(_ paths: [String], truth: String, tesseract: Bool, languages: String?, onlyTranscribed: Bool) throws -> [Row] {
        try PageDocuments.paths(paths).map {
            try score($0, truth: URL(fileURLWithPath: truth), tesseract: tesseract, languages: languages, onlyTranscribed: onlyTranscribed)
        }
    }

    /// The `--json` report of `rows`.
    public static func report(_ rows: [Row]) -> Report {
        Report(
            pages: Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.ours) }),
            tesseractPages: Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.tesseract.map { (row.name, $0) } }),
            overall: CorpusScore(rows.map(\.ours)), tesseractOverall: plainOverall(rows),
            linesByReader: rows.reduce(into: [:]) { total, row in total.merge(row.readers, uniquingKeysWith: +) })
    }

    /// Plain Tesseract's overall score, when every page has one.
    public static func plainOverall(_ rows: [Row]) -> CorpusScore? {
        rows.allSatisfy({ $0.tesseract != nil }) && !rows.isEmpty ? CorpusScore(rows.compactMap(\.tesseract)) : nil
    }

    /// Scores one document against its ground truth (and plain Tesseract, when asked).
    static func score(_ document: String, truth folder: URL, tesseract: Bool, languages: String?, onlyTranscribed: Bool) throws -> Row {
        let layout: PageLayout
        do {
            layout = try PageLayout.decodeDocument(try InputFile.read(document, what: "a page document"))
        } catch let error as PageDocumentError {
            throw NotebookError(.badData, "\(document): \(error)")
        }
        let stem = IngestPlan.outputStem(document)
        guard let truthFile = GroundTruth.file(forStem: stem, in: folder) else {
            throw NotebookError(.missingInput, "no ground truth for \(stem) in \(folder.path) (\(stem).gt.json or \(stem).xml)")
        }
        let truth: ScoredPage
        do { truth = try GroundTruth.load(truthFile) } catch { throw NotebookError(.badData, "\(error)") }
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
}

/// Fixed-width text rows for score tables (shared by `legible eval` and the benchmark).
public enum ScoreTable {
    /// The header row.
    public static let header = "page                      CER  CERfold    WER  lineR  lineP    IoU  wordR"
    /// One page's row.
    public static func row(_ name: String, _ score: PageScore) -> String {
        row(
            name,
            [
                score.characterErrorRate, score.caseFoldedCharacterErrorRate, score.wordErrorRate, score.lineRecall, score.linePrecision,
                score.meanLineIoU, score.wordBoxRecall,
            ])
    }
    /// The overall row.
    public static func row(_ name: String, _ score: CorpusScore) -> String {
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
        do { try process.run() } catch { throw NotebookError(.missingDependency, "cannot run /usr/bin/tesseract (install tesseract-ocr)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent("out.hocr").path)
        else { return nil }
        return HOCRReader.read(data)
    }
}
