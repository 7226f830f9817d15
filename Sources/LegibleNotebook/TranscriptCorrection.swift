import Foundation
import LegibleAlignment
import LegibleImport
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// A transcription typed elsewhere (plain text, one line per scan line or flowing, or ALTO, hOCR
/// or PAGE XML), aligned onto a page's lines and words, its words then placed on the scan's ink
/// (`Docs/Editing.md`, "Aligning a transcription"): what `legible align` does. Written over the
/// document itself, the document's lock is held from the read to the save, and a document
/// changed on disk meanwhile is not replaced (`busy`).
public struct TranscriptCorrection: Sendable {
    /// The page document corrected.
    public var document: String
    /// The transcription file.
    public var transcript: String
    /// Where the corrected document is written; nil for over ``document``.
    public var output: String?
    /// The scan whose ink places the corrected words; nil for the page's image beside the
    /// document, when it is there and is the scan the page was read from.
    public var image: String?
    /// How a scan's ink is read: the image's bytes and its path (for errors) in, the ink in the
    /// image's displayed pixels out. Given by the caller, so that this layer links no recogniser
    /// (`Docs/Architecture.md`, "Notebook services"); the CLI gives recognition's own page ink.
    public var readInk: @Sendable (_ bytes: Data, _ path: String) throws -> InkMask

    /// A correction of `document` from `transcript`, written over the document, its words
    /// placed on the ink `readInk` finds in the scan.
    public init(document: String, transcript: String, readInk: @escaping @Sendable (_ bytes: Data, _ path: String) throws -> InkMask) {
        (self.document, self.transcript, self.readInk) = (document, transcript, readInk)
    }

    /// The longest transcription read: a page's text is a few kilobytes; 4 MiB is far beyond
    /// any page and keeps the alignment's time and memory bounded before it starts.
    public static let maximumTranscriptBytes = 4 << 20

    /// What was done.
    public struct Report: Sendable {
        /// How each page line matched, and the text no line took.
        public var alignment: TranscriptAlignment
        /// What fitting to the ink changed; nil without a scan.
        public var fit: InkReport?
        /// The document written.
        public var written: String
    }

    /// Aligns, fits and writes. The output is checked against every input first.
    public func run() throws -> Report {
        let outputPath = output ?? document
        // The scan is read, never written: an output over it is refused as over the transcription.
        try OutputGuard.refuse(outputs: [outputPath], overwriting: [transcript] + [image].compactMap { $0 })
        let (page, file) = try PageDocuments.open(document, holdingLock: outputPath == document)
        let typed = try Self.readTranscript(transcript, page: page.layout)
        let alignment: TranscriptAlignment
        do {
            switch typed {
            case .text(let text): alignment = try TranscriptAlignment(transcript: text, page: page.layout)
            case .lines(let lines): alignment = try TranscriptAlignment(typedLines: lines, page: page.layout)
            }
        } catch {
            throw NotebookError(.badData, "\(transcript): \(error)")
        }
        var corrected = try Self.applied(alignment, to: page, document: document)
        var fit: InkReport?
        if let ink = try ink(for: page.layout) {
            (corrected, fit) = Self.fitted(corrected, to: ink, page: page.layout, transcript: typed)
        }
        if outputPath == document {
            try PageDocuments.save(corrected, to: file)
        } else {
            try AtomicFile.write(try corrected.encodeDocument(), to: outputPath)
        }
        return Report(alignment: alignment, fit: fit, written: outputPath)
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
            throw NotebookError(.internalError, "\(document): \(error)")
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
    /// their ink"): from ``image``, which must be this page's scan (65 otherwise, 66 when
    /// missing), else from the page's image beside the document when it is there and is the
    /// scan the page was read from; nil when there is none.
    func ink(for layout: PageLayout) throws -> InkMask? {
        guard let (scan, bytes) = try VerifiedScan.withBytes(for: layout, documentPath: document, given: image) else { return nil }
        let mask = try readInk(bytes, scan.path)
        // The gate compared the header's size; the decoded ink must agree before words are placed on it.
        guard mask.width == layout.image.width, mask.height == layout.image.height else {
            throw NotebookError(
                .badData,
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
    public struct InkReport: Sendable, Equatable {
        /// Corrected words whose box moved onto their ink.
        public var words: Int
        /// Lines written as one on the page that the ink made two.
        public var splits: Int

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
            throw NotebookError(
                .badData,
                "\(path): \(data.count) bytes is longer than any page's transcription (the limit is \(maximumTranscriptBytes >> 20) MiB)")
        }
        guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else {
            throw NotebookError(.badData, "\(path): is not UTF-8 text (a binary file?)")
        }
        guard text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "<" else { return .text(text) }
        do {
            return .lines(try typedLines(LayoutImporter.transcribedPage(data, file: path), path: path, page: layout))
        } catch let error as ImportError {
            throw NotebookError(.badData, error.description)
        }
    }

    /// The file's lines on `layout` (``TypedLine/lines(of:on:)``); a page of another shape is
    /// refused (65), naming both sizes.
    static func typedLines(_ file: TranscribedPage, path: String, page layout: PageLayout) throws -> [TypedLine] {
        do {
            return try TypedLine.lines(of: file, on: layout)
        } catch {
            throw NotebookError(
                .badData,
                "\(path): its page is \(error.width) × \(error.height) pixels, not the shape of this scan (\(layout.image.width) × \(layout.image.height))"
            )
        }
    }
}
