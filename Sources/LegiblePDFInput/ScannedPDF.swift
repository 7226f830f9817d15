import Foundation
import LegibleLayout
import LegibleSystem

/// A PDF read page by page into page images for recognition (`Docs/PDF.md`, "Reading scanned
/// PDFs"). Opening checks the whole file's structure and counts its pages; each page is read
/// only when asked for, so a long PDF is never held whole. Not shared between threads: each
/// worker opens its own.
public final class ScannedPDF {
    /// The most pages a PDF may have; a larger one is refused before any work.
    public static let maximumPages = 5_000

    /// The file, as named.
    public let path: String
    /// The number of pages.
    public let pageCount: Int
    /// Where its pages are read and drawn.
    public let drawing: PageDrawing
    let structure: QPDFFile
    private var opened: PopplerFile?

    /// Opens `path`, after checking it is a readable file that starts as a PDF does; its pages
    /// will be read as `drawing` says.
    /// - Throws: ``FileError`` for a missing or unreadable file, ``PDFInputError`` for a file that is
    ///   not a PDF, is damaged, encrypted, or has more than ``maximumPages`` pages.
    public init(path: String, drawing: PageDrawing = .inProcess) throws {
        try InputFile.checkReadable(path, what: "a PDF")
        try Self.checkHeader(path)
        self.path = path
        self.drawing = drawing
        structure = try QPDFFile(path: path)
        pageCount = try structure.pageCount()
        guard pageCount > 0 else { throw PDFInputError(.malformed, "\(path): has no pages") }
        guard pageCount <= Self.maximumPages else {
            throw PDFInputError(
                .tooLarge,
                "\(path): has \(pageCount) pages, more than the \(Self.maximumPages) a PDF may have; split it (qpdf --split-pages)")
        }
        // Poppler is opened here too, so that a file the two libraries read differently is
        // refused before any work, and poppler's process-wide set-up happens on the thread that
        // plans an ingest, before its workers start.
        _ = try poppler()
    }

    /// Refuses a file whose first kilobyte has no `%PDF-` header, such as an HTML error page
    /// saved under a PDF's name, naming what it looks like.
    static func checkHeader(_ path: String) throws {
        let start: Data
        do {
            let descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
            defer { descriptor.close() }
            start = Data(try descriptor.read(count: Int(min(1024, try descriptor.size())), at: 0))
        } catch {
            throw FileError(.io, "\(path): cannot be read (\(error))")
        }
        guard start.range(of: Data("%PDF-".utf8)) == nil else { return }
        let text = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
        let looksLike = text.contains("<html") || text.contains("<!doctype") ? "an HTML page" : start.isEmpty ? "empty" : "not a PDF"
        throw PDFInputError(.malformed, "\(path): is \(looksLike), not a PDF (no %PDF- header)")
    }

    /// Poppler, opened the first time a page needs it. A file on whose pages the two libraries
    /// disagree is damaged, whichever is right.
    func poppler() throws(PDFInputError) -> PopplerFile {
        if let opened { return opened }
        let file = try PopplerFile(path: path)
        guard file.pageCount == pageCount else {
            throw PDFInputError(
                .malformed, "\(path): is damaged: qpdf finds \(pageCount) pages and poppler \(file.pageCount); qpdf IN OUT may repair it")
        }
        opened = file
        return file
    }

    /// The page stem of page `number` (from 1) of a PDF whose own stem is `stem`: `stem-p0001`.
    public static func pageStem(_ stem: String, page number: Int) -> String {
        stem + "-p" + String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
    }
}
