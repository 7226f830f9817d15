import Foundation
import LegibleAlignment
import LegibleCommandLine
import LegibleNotebook
import LegibleOCR
import LegibleSystem

/// `legible align PAGE.json TRANSCRIPT.txt -o OUT.json`: a transcription typed elsewhere (plain
/// text, one line per scan line or flowing, or ALTO, hOCR or PAGE XML), aligned onto the page's lines and words (`Docs/Editing.md`,
/// "Aligning a transcription"). Writes the corrected page document atomically and reports how
/// well each line matched and what could not be placed. Written over PAGE.json, a document
/// changed on disk meanwhile is not replaced (75), as with `edit`.
enum AlignCommand {
    static let spec = CommandSpec(
        name: "align", arguments: "PAGE.json TRANSCRIPT.txt|.xml", positionalCount: 2...2,
        summary: "Aligns a typed transcription onto the page's lines and words and writes the corrected page document.",
        options: [output.spec, image.spec, json.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        var correction = TranscriptCorrection(document: command.positionals[0], transcript: command.positionals[1]) {
            try PageInk.mask(imageData: $0, path: $1)
        }
        correction.output = command[output]
        correction.image = command[image]
        let report = try correction.run()
        try Self.report(report.alignment, fit: report.fit, written: report.written, json: command[json])
        return 0
    }

    /// One line per page line with its score and text, the text no line took, and a summary;
    /// or one JSON object with `--json`.
    static func report(_ alignment: TranscriptAlignment, fit: TranscriptCorrection.InkReport?, written path: String, json: Bool) throws {
        if json {
            struct Output: Encodable {
                var score: Double
                var lines: [Line]
                var unplaced: [String]
                var wordsOnInk: Int?
                var linesSplit: Int?
                var written: String
                struct Line: Encodable {
                    var line: Int
                    var score: Double
                    var text: String?
                }
            }
            try QueryCommands.printJSON(
                Output(
                    score: alignment.score, lines: alignment.lines.map { Output.Line(line: $0.line, score: $0.score, text: $0.text) },
                    unplaced: alignment.unplaced, wordsOnInk: fit?.words, linesSplit: fit?.splits, written: path))
            return
        }
        for match in alignment.lines {
            let text = match.text.map { "\"\(TerminalText.escaped($0, keepingNewlines: false))\"" } ?? "not in the transcription"
            try Console.out(String(format: "line %d (%.2f): %@\n", match.line + 1, match.score, text))
        }
        for text in alignment.unplaced { try Console.out("not placed: \"\(TerminalText.escaped(text, keepingNewlines: false))\"\n") }
        if let fit {
            try Console.out("placed \(fit.words) corrected words on the scan's ink; made \(fit.splits) lines run together into two\n")
        }
        let placed = alignment.lines.filter { $0.text != nil }.count
        try Console.out(
            String(format: "aligned %d of %d lines (page score %.2f); wrote %@\n", placed, alignment.lines.count, alignment.score, path))
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension AlignCommand {
    /// `-o`.
    static let output: Option<String?> = .text(
        "-o", "--output", placeholder: "OUT.json", help: "where to write the corrected page document (default: PAGE.json itself)")
    /// `--json`.
    static let json: Option<Bool> = .flag("--json", help: "print the report as one JSON object")
    /// `--image`.
    static let image: Option<String?> = .text(
        "--image", placeholder: "SCAN",
        help: "the scan, whose ink places the corrected words (default: the page's image beside PAGE.json, when there)")
}
