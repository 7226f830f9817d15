import Foundation
import LegibleImage
import LegibleLayout

/// A second reader of a page's lines, beside Tesseract (`Docs/Recognition.md`, "Handwriting"):
/// it is given the page in grey and the lines Tesseract found, all at once (a reader may fit
/// itself to the page's hand), and gives its own reading of each line, with word and glyph
/// boxes in image pixels, or nil where it has none. Implemented
/// by the handwriting reader (`LegibleHandwriting`); one per recogniser, on its thread.
public protocol LineReader: AnyObject {
    /// Its name in the page document.
    var name: LineReaderName { get }
    /// What it made of each of `lines` (image pixels) on `page` (`width × height` grey values,
    /// row-major), in order; finished by `deadline`, the page's (`Docs/Hardening.md`, "Bounds
    /// that bound").
    /// - Throws: ``LineReaderTimeout`` when `deadline` passes first.
    func read(_ lines: [RecognisedLine], page: GreyImage, until deadline: Date) throws -> [SecondReading]
    /// The page assembled from the kept readings, made final: the lines this reader read may
    /// have their words fitted to the page's `ink` (image pixels), made only when asked for.
    func finish(_ layout: PageLayout, ink: () throws -> InkMask) throws -> PageLayout
    /// Called once the page's lines have been found, before they are read: a reader that
    /// loads late (``PendingLineReader``) starts loading now, while Tesseract reads the lines.
    func prepare()
    /// Waits until what ``prepare()`` started has finished: a process must not exit under it.
    func finishLoading()
}

extension LineReader {
    /// Nothing to prepare: the reader was loaded when it was made.
    public func prepare() {}
    /// Nothing to wait for.
    public func finishLoading() {}
}

/// What a second line reader made of one line.
public enum SecondReading: Hashable, Sendable {
    /// Its reading of the line, in image pixels.
    case read(RecognisedLine)
    /// It read nothing there.
    case unread
    /// The line's ink is the writing on the sheet's other side, seen through the paper: not
    /// this page's text, whoever reads it (`Docs/Recognition.md`, "Writing seen through the
    /// paper").
    case seenThrough

    /// The reading, when there is one.
    public var line: RecognisedLine? {
        if case .read(let line) = self { line } else { nil }
    }
}

/// A line reader ran past the page deadline it was given (mapped to
/// ``OCRError/timedOut(path:seconds:)`` with the page's name).
public struct LineReaderTimeout: Error {
    /// A timeout.
    public init() {}
}

/// How the reading kept for a line is chosen between Tesseract's and a second reader's
/// (`Docs/Recognition.md`, "Handwriting").
public enum LineChoice: String, Sendable, CaseIterable {
    /// Tesseract alone (no second reader).
    case tesseract
    /// The second reader's reading wherever it has one.
    case handwriting
    /// Tesseract's where it is confident and the second reader is less so, else the second's.
    case auto

    /// The reading kept of `first` (Tesseract's) and what the second reader made of the line,
    /// or nil to drop the line. A line the second reader saw through the paper is dropped under
    /// `auto` and `handwriting`. `auto` keeps Tesseract's line when its confidence is at least ``tesseractTrusted`` and
    /// above the second reader's. A line is noise, and dropped under `auto` and `handwriting`,
    /// when the second reader read in it nothing but marks (no letter or digit) or nothing at
    /// all, unsurely, and Tesseract is unsure too (both below ``noiseFloor``): paper texture,
    /// a rule or a punch hole that Tesseract took for a line (`Docs/Recognition.md`,
    /// "Handwriting").
    public func choose(_ first: RecognisedLine, _ second: SecondReading) -> RecognisedLine? {
        guard self != .tesseract else { return first }
        if second == .seenThrough { return nil }
        let read = second.line.flatMap { $0.words.isEmpty ? nil : $0 }
        let marksOnly = read.map { line in !line.words.contains { $0.text.contains { $0.isLetter || $0.isNumber } } } ?? false
        if marksOnly, (read?.confidence ?? 0) < Self.noiseFloor, (first.confidence ?? 0) < Self.noiseFloor { return nil }
        guard let read else { return first }
        switch self {
        case .tesseract, .handwriting: return read
        case .auto:
            let (trusted, other) = (first.confidence ?? 0, read.confidence ?? 0)
            return trusted >= Self.tesseractTrusted && trusted > other ? first : read
        }
    }

    /// The confidence below which both readers are unsure of a line (`choose`).
    public static let noiseFloor = 0.5

    /// The line confidence at or above which Tesseract's reading may be kept under `auto`.
    public static let tesseractTrusted = 0.85
}
