import Foundation
import LegibleCommandLine
import LegibleEvaluation
import LegibleIngest
import LegibleLayout
import LegibleNotebook
import LegibleRecognition
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

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let rows = try Evaluation.rows(
            command.positionals, truth: command[truth] ?? ".", tesseract: command[tesseract], languages: command[languages],
            onlyTranscribed: command[transcribed])
        guard command[json] else {
            try printTable(rows, overall: CorpusScore(rows.map(\.ours)), overallPlain: Evaluation.plainOverall(rows))
            return 0
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try Console.out(try encoder.encode(Evaluation.report(rows)) + Data("\n".utf8))
        return 0
    }

    static func printTable(_ rows: [Evaluation.Row], overall: CorpusScore, overallPlain: CorpusScore?) throws {
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
        let sides = confidence.split(at: Word.uncertaintyThreshold)
        func share(_ side: ConfidenceTable.Side) -> String { side.shareWrong.map { "\(Int(($0 * 100).rounded())) % wrong" } ?? "none" }
        try Console.out(
            "uncertain words (below \(Word.uncertaintyThreshold)): \(sides.uncertain.words), \(share(sides.uncertain)); "
                + "certain: \(sides.certain.words), \(share(sides.certain))\n")
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
