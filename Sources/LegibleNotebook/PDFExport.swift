import Foundation
import LegibleOCR
import LegiblePDF
import LegibleReading
import LegibleSystem

/// The notebook as one tagged PDF for PDF/UA-1, its scans behind an invisible text layer on the
/// ink (`Docs/PDF.md`): what `legible pdf` writes. The PDF is streamed to its temporary file
/// page by page, each scan read as its page is written, so a long notebook never sits in
/// memory (`Docs/PDF.md`, "Measured"), and it replaces `output` whole or not at all.
public struct PDFExport: Sendable {
    /// The page documents, in reading order.
    public var documents: [String]
    /// The PDF to write.
    public var output: String
    /// The document's title; nil for the first page's name and the page count.
    public var title: String?
    /// Folders to look for scans in, after each page document's own folder.
    public var scanFolders: [String] = []

    /// An export of `documents` into the PDF `output`.
    public init(documents: [String], output: String) {
        (self.documents, self.output) = (documents, output)
    }

    /// What was written.
    public struct Report: Sendable, Equatable {
        /// The number of pages.
        public var pages: Int
        /// The PDF's size in bytes.
        public var bytes: Int
    }

    /// Writes the PDF: every scan is found and verified, and `output` checked against every
    /// input, before a byte is written.
    public func write() throws -> Report {
        let pages = try documents.map(PageDocuments.load)
        let found = try zip(documents, pages).map { path, page in
            try VerifiedScan.find(for: page.layout, documentPath: path, searching: scanFolders)
        }
        try OutputGuard.refuse(outputs: [output], overwriting: documents + found.map(\.path))
        let font = try Self.fontProgram()
        let notebook = Notebook(pages: pages)
        let file = try AtomicFile.Streamed(path: output)
        let pdf = NotebookPDF(
            notebook: notebook, title: title ?? Notebook.defaultTitle(for: notebook),
            scan: { try InputFile.read(found[$0].path, what: "an image") }, fontProgram: font)
        try pdf.write { data in try file.append(data) }
        try file.commit()
        return Report(pages: pages.count, bytes: file.count)
    }

    /// Tesseract's GlyphLessFont, which the text layer is set in (`Docs/PDF.md`, "Text layer");
    /// `missingDependency` when Tesseract's data has none.
    static func fontProgram() throws -> Data {
        let path = Recogniser.defaultDataFolder() + "/pdf.ttf"
        guard FileManager.default.fileExists(atPath: path) else {
            throw NotebookError(
                .missingDependency, "\(path) is missing: the PDF's text layer needs Tesseract's pdf.ttf (Debian tesseract-ocr)")
        }
        return try InputFile.read(path, what: "a font")
    }
}
