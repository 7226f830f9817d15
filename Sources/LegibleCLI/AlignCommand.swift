import Foundation
import LegibleAlignment
import LegibleImport
import LegibleLayout
import LegibleNotebook
import LegibleOCR
import LegiblePages
import LegibleSystem
import LegibleTextInput

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

    /// The longest transcription read: a page's text is a few kilobytes; 4 MiB is far beyond
    /// any page and keeps the alignment's time and memory bounded before it starts.
    static let maximumTranscriptBytes = 4 << 20

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let (documentPath, transcriptPath) = (command.positionals[0], command.positionals[1])
        let outputPath = command[output] ?? documentPath
        // The scan is read, never written: an output over it is refused as over the transcription.
        try OutputGuard.refuse(outputs: [outputPath], overwriting: [transcriptPath] + [command[image]].compactMap { $0 })
        // Written over itself, the document's lock is held from the read to the save.
        let (page, file) = try PageDocuments.open(documentPath, holdingLock: outputPath == documentPath)
        let transcript = try readTranscript(transcriptPath, page: page.layout)
        let alignment: TranscriptAlignment
        do {
            switch transcript {
            case .text(let text): alignment = try TranscriptAlignment(transcript: text, page: page.layout)
            case .lines(let lines): alignment = try TranscriptAlignment(typedLines: lines, page: page.layout)
            }
        } catch {
            throw CLIError.badData("\(transcriptPath): \(error)")
        }
        var corrected = try applied(alignment, to: page, document: documentPath)
        var fit: InkReport?
        if let ink = try ink(for: page.layout, document: documentPath, given: command[image]) {
            (corrected, fit) = fitted(corrected, to: ink, page: page.layout, transcript: transcript)
        }
        if outputPath == documentPath {
            try EditCommand.save(corrected, to: file)
        } else {
            try AtomicFile.write(try corrected.encodeDocument(), to: outputPath)
        }
        try report(alignment, fit: fit, written: outputPath, json: command[json])
        return 0
    }

    /// `alignment` made on `page`: each line's paragraph direction as the page reads it; an
    /// edit that would not validate is a bug, told as one (70).
    static func applied(_ alignment: TranscriptAlignment, to page: ScannedPage, document: String) throws -> PageLayout {
        let lines = page.layout.lines
        do {
            return try alignment.applied(to: page.layout) { line in
                page.baseWritingDirection(for: TextPosition(offset: lines[line].range.start), in: .forward) == .rightToLeft
            }
        } catch {
            throw CLIError(code: 70, message: "\(document): \(error)")
        }
    }

    /// `corrected`, aligned from `page`, fitted to `ink` on the lines the alignment changed, and
    /// what that moved. Only flowing text leaves it to the ink to say where the scan's lines break.
    static func fitted(_ corrected: PageLayout, to ink: InkMask, page: PageLayout, transcript: Transcript) -> (PageLayout, InkReport) {
        var flowing = false
        if case .text(let text) = transcript { flowing = InkFit.isFlowing(text, over: page) }
        let fitted = InkFit.fitted(corrected, lines: changedLines(from: page, to: corrected), ink: ink, splittingRows: flowing)
        return (fitted, InkReport(before: corrected, after: fitted))
    }

    /// The scan's ink, which places the corrected words (`Docs/Editing.md`, "Fitting words to
    /// their ink"): from `given`, which must be this page's scan (65 otherwise, 66 when
    /// missing), else from the page's image beside the document when it is there and is the
    /// scan the page was read from; nil when there is none.
    static func ink(for layout: PageLayout, document: String, given: String?) throws -> InkMask? {
        guard let (scan, bytes) = try VerifiedScan.withBytes(for: layout, documentPath: document, given: given) else { return nil }
        let mask = try PageInk.mask(imageData: bytes, path: scan.path)
        // The gate compared the header's size; the decoded ink must agree before words are placed on it.
        guard mask.width == layout.image.width, mask.height == layout.image.height else {
            throw CLIError.badData(
                "\(scan.path): its ink is \(mask.width) × \(mask.height) pixels, the page \(layout.image.width) × \(layout.image.height)")
        }
        return mask
    }

    /// The lines whose text the alignment changed (every line when it changed their number).
    static func changedLines(from before: PageLayout, to after: PageLayout) -> Set<Int>? {
        guard before.lines.count == after.lines.count else { return nil }
        return Set(after.lines.indices.filter { before.text(of: before.lines[$0].range) != after.text(of: after.lines[$0].range) })
    }

    /// What fitting to the ink changed: words whose box moved, lines made two.
    struct InkReport {
        var words: Int
        var splits: Int

        init(before: PageLayout, after: PageLayout) {
            let boxes = { (layout: PageLayout) in layout.lines.flatMap { $0.words ?? [] }.map(\.box) }
            words = zip(boxes(before), boxes(after)).filter { $0 != $1 }.count
            splits = after.lines.count - before.lines.count
        }
    }

    /// A transcription as read: plain text, or lines that say where they are written.
    enum Transcript {
        case text(String)
        case lines([TypedLine])
    }

    /// The transcription: at most ``maximumTranscriptBytes``, UTF-8, and no NUL. An ALTO, hOCR
    /// or PAGE XML file (it starts with `<`), as eScriptorium and Transkribus export
    /// transcriptions, gives its lines with their boxes, scaled to `layout`'s image.
    static func readTranscript(_ path: String, page layout: PageLayout) throws -> Transcript {
        let data = try InputFile.read(path, what: "a transcription")
        guard data.count <= maximumTranscriptBytes else {
            throw CLIError.badData(
                "\(path): \(data.count) bytes is longer than any page's transcription (the limit is \(maximumTranscriptBytes >> 20) MiB)")
        }
        guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else {
            throw CLIError.badData("\(path): is not UTF-8 text (a binary file?)")
        }
        guard text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "<" else { return .text(text) }
        do {
            return .lines(try typedLines(LayoutImporter.transcribedPage(data, file: path), path: path, page: layout))
        } catch let error as ImportError {
            throw CLIError.badData(error.description)
        }
    }

    /// The file's lines on `layout` (``TypedLine/lines(of:on:)``); a page of another shape is
    /// refused (65), naming both sizes.
    static func typedLines(_ file: TranscribedPage, path: String, page layout: PageLayout) throws -> [TypedLine] {
        do {
            return try TypedLine.lines(of: file, on: layout)
        } catch {
            throw CLIError.badData(
                "\(path): its page is \(error.width) × \(error.height) pixels, not the shape of this scan (\(layout.image.width) × \(layout.image.height))"
            )
        }
    }

    /// One line per page line with its score and text, the text no line took, and a summary;
    /// or one JSON object with `--json`.
    static func report(_ alignment: TranscriptAlignment, fit: InkReport?, written path: String, json: Bool) throws {
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
