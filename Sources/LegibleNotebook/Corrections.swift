import Foundation
import LegibleImage
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// A corrections file (`Docs/Editing.md`, "Corrections files"): corrections made elsewhere, such
/// as in the HTML notebook, to be applied to the page documents by `legible edit --corrections`.
/// Each page's corrections name the page by the SHA-256 of its reading text, so a file made for
/// other documents, or already applied, is refused rather than scrambling them.
public struct Corrections: Codable, Sendable, Equatable {
    /// Always ``formatName``.
    public var format: String
    /// Always 1.
    public var version: Int
    /// The pages corrected, each once.
    public var pages: [Page]

    /// The `format` a corrections file carries.
    public static let formatName = "legible-corrections"
    /// The most corrections a file may hold, over all its pages.
    public static let maximumCorrections = 100_000
    /// The most UTF-16 code units one correction may type, and all of a file's corrections together.
    public static let maximumText = 100_000

    /// One page's corrections, made in order.
    public struct Page: Codable, Sendable, Equatable {
        /// The page document's file name, for messages only: never opened.
        public var document: String
        /// The SHA-256 (lower-case hex) of the page's reading text, as UTF-8, before the first
        /// correction: ``Corrections/textSHA256(_:)``.
        public var textSHA256: String
        /// The corrections, each on the text as the ones before it left it.
        public var corrections: [Correction]

        /// A page's corrections; `textSHA256` from ``Corrections/textSHA256(_:)``.
        public init(document: String, textSHA256: String, corrections: [Correction]) {
            (self.document, self.textSHA256, self.corrections) = (document, textSHA256, corrections)
        }
    }

    /// One correction: UTF-16 `[range[0], range[1])` of the page's text becomes `text`.
    public struct Correction: Codable, Sendable, Equatable {
        /// The UTF-16 range replaced: two offsets, start then end.
        public var range: [Int]
        /// What it now reads.
        public var text: String

        /// `[start, end)` (UTF-16) becomes `text`.
        public init(start: Int, end: Int, text: String) { (range, self.text) = ([start, end], text) }
    }

    /// A file of `pages`.
    public init(pages: [Page]) { (format, version, self.pages) = (Self.formatName, 1, pages) }

    /// The SHA-256 (lower-case hex) of `page`'s reading text as UTF-8: what names a page in a
    /// corrections file, and what the HTML notebook gives each page as `data-text-sha256`.
    public static func textSHA256(_ page: ScannedPage) -> String { Checksum.sha256Hex(of: Array(page.string.utf8)) }

    /// The corrections file at `path`, checked for shape: its format and version, each page's
    /// checksum, each range two offsets in order, and the limits.
    /// - Throws: a `FileError` for a file that cannot be read, or `badData` naming what is wrong.
    public static func read(_ path: String) throws -> Corrections {
        try decoded(InputFile.read(path, what: "a corrections file"), path: path)
    }

    /// A corrections file's `bytes`, decoded and checked as ``read(_:)`` checks them; `path`
    /// names it in messages.
    public static func decoded(_ bytes: Data, path: String) throws -> Corrections {
        let file: Corrections
        do {
            file = try JSONDecoder().decode(Corrections.self, from: bytes)
        } catch {
            throw NotebookError(.badData, "\(path): not a corrections file (it is not whole JSON of the \(formatName) shape)")
        }
        try file.check(path)
        return file
    }

    /// Refuses a file whose shape is wrong, naming the first fault.
    func check(_ path: String) throws {
        func refuse(_ why: String) -> NotebookError { NotebookError(.badData, "\(path): \(why)") }
        guard format == Self.formatName, version == 1 else { throw refuse("not a \(Self.formatName) file of version 1") }
        guard !pages.isEmpty else { throw refuse("holds no pages") }
        let count = pages.reduce(0) { $0 + $1.corrections.count }
        guard count <= Self.maximumCorrections else { throw refuse("holds \(count) corrections, more than \(Self.maximumCorrections)") }
        // What the whole file adds is bounded before any of it is applied, not only each text:
        // 1,000 texts of 1,000 letters took 7.4 GB and aborted (`Docs/Hardening.md`, "Edits
        // that make a document unreadable").
        let added = pages.reduce(0) { $0 + $1.corrections.reduce(0) { $0 + $1.text.utf16.count } }
        guard added <= Self.maximumText else { throw refuse("its texts hold \(added) units in all, more than \(Self.maximumText)") }
        let hex = Set("0123456789abcdef")
        for (index, page) in pages.enumerated() {
            guard page.textSHA256.count == 64, page.textSHA256.allSatisfy(hex.contains) else {
                throw refuse("page \(index + 1) has no SHA-256 of its text")
            }
            for (number, correction) in page.corrections.enumerated() {
                let range = correction.range
                guard range.count == 2, range[0] >= 0, range[0] <= range[1] else {
                    throw refuse("page \(index + 1), correction \(number + 1): its range is not two offsets in order")
                }
                guard correction.text.utf16.count <= Self.maximumText else {
                    throw refuse("page \(index + 1), correction \(number + 1): its text is longer than \(Self.maximumText) units")
                }
            }
        }
        guard Set(pages.map(\.textSHA256)).count == pages.count else { throw refuse("names one page twice") }
    }
}
