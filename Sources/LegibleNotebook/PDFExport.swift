import Foundation
import LegibleLayout
import LegiblePDF
import LegiblePages
import LegibleReading
import LegibleSystem

/// The notebook as one tagged PDF for PDF/UA-1, its scans behind an invisible text layer on the
/// ink (`Docs/PDF.md`): what `legible pdf` writes. The PDF is streamed to its temporary file
/// page by page, each scan read as its page is written, so a long notebook never sits in
/// memory (`Docs/PDF.md`, "Measured"), and it replaces `output` whole or not at all.
public struct PDFExport: Sendable {
    /// A page to write: a page document on disk, or a page in hand whose scan its maker has
    /// already found and hashed (`legible pdf IMAGE` after its ingest), which is then read once
    /// more, to be written, and no more.
    public enum Page: Sendable {
        /// The page document at this path; its scan is found beside it or in ``scanFolders``.
        case document(String)
        /// A page's layout and its scan, and the page document it was written to, if any (the
        /// PDF must not replace it).
        case inHand(PageLayout, scan: VerifiedScan, document: String?)
    }

    /// The pages, in reading order.
    public var pages: [Page]
    /// The PDF to write.
    public var output: String
    /// The document's title; nil for the first page's name and the page count.
    public var title: String?
    /// Folders to look for scans in, after each page document's own folder.
    public var scanFolders: [String] = []

    /// An export of `documents` into the PDF `output`.
    public init(documents: [String], output: String) {
        self.init(pages: documents.map(Page.document), output: output)
    }

    /// An export of `pages` into the PDF `output`.
    public init(pages: [Page], output: String) {
        (self.pages, self.output) = (pages, output)
    }

    /// What was written.
    public struct Report: Sendable, Equatable {
        /// The number of pages.
        public var pages: Int
        /// The PDF's size in bytes.
        public var bytes: Int
    }

    /// Writes the PDF: every scan is found and verified, and `output` checked against every
    /// input, before a byte is written. Each scan is hashed again as it is written, from the
    /// bytes written: a scan changed since it was verified is refused (`busy`), never
    /// published under another page's text.
    public func write() throws -> Report {
        let resolved = try pages.map(resolve)
        let documents = pages.compactMap { page -> String? in
            switch page {
            case .document(let path): path
            case .inHand(_, _, let document): document
            }
        }
        let found = resolved.map(\.scan)
        try OutputGuard.refuse(outputs: [output], overwriting: documents + found.map(\.path))
        let font = try Self.fontProgram()
        let notebook = Notebook(pages: resolved.map(\.page))
        let file = try AtomicFile.Streamed(path: output)
        let pdf = NotebookPDF(
            notebook: notebook, title: title ?? Notebook.defaultTitle(for: notebook),
            scan: { try found[$0].bytes() }, fontProgram: font)
        try pdf.write { data in try file.append(data) }
        try file.commit()
        return Report(pages: resolved.count, bytes: file.count)
    }

    /// A page and its verified scan: a document is loaded and its scan found; a page in hand
    /// is taken as it is.
    func resolve(_ page: Page) throws -> (page: ScannedPage, scan: VerifiedScan) {
        switch page {
        case .document(let path):
            let scanned = try PageDocuments.load(path)
            return (scanned, try VerifiedScan.find(for: scanned.layout, documentPath: path, searching: scanFolders))
        case .inHand(let layout, let scan, _):
            return (ScannedPage(layout: layout), scan)
        }
    }

    /// Tesseract's GlyphLessFont, which the text layer is set in (`Docs/PDF.md`, "Text layer");
    /// `missingDependency` when Tesseract's data has none.
    static func fontProgram() throws -> Data {
        let path = TesseractData.folder() + "/pdf.ttf"
        guard FileManager.default.fileExists(atPath: path) else {
            throw NotebookError(
                .missingDependency, "\(path) is missing: the PDF's text layer needs Tesseract's pdf.ttf (Debian tesseract-ocr)")
        }
        return try InputFile.read(path, what: "a font")
    }
}
