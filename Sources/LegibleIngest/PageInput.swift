import Foundation
import LegibleImage
import LegibleOCR
import LegiblePDFInput

/// One page of an ingest: an image file, or one page of a PDF (`Docs/PDF.md`, "Reading scanned
/// PDFs").
public struct PageInput: Sendable, Hashable {
    /// The file read, as given.
    public var path: String
    /// The page number from 1 when ``path`` is a PDF; nil for an image.
    public var pdfPage: Int?

    /// The image file at `path`.
    public static func image(_ path: String) -> PageInput { PageInput(path: path, pdfPage: nil) }

    /// Page `number` (from 1) of the PDF at `path`.
    public static func pdf(_ path: String, page number: Int) -> PageInput { PageInput(path: path, pdfPage: number) }

    /// The name every output of the page shares: the image's file name without its extension,
    /// or the PDF's with `-p` and the four-digit page number (`scan-p0003`).
    public var stem: String {
        let stem = ImageFile.stem(of: path)
        return pdfPage.map { ScannedPDF.pageStem(stem, page: $0) } ?? stem
    }

    /// The page as messages name it: the image's file name, or `scan.pdf page 3`.
    public var name: String {
        let file = (path as NSString).lastPathComponent
        return pdfPage.map { "\(file) page \($0)" } ?? file
    }

    /// Whether `path` names a PDF, by its extension.
    public static func isPDF(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "pdf" }

    /// Each of `paths` as pages: an image is one page; a PDF is opened, checked and counted,
    /// and gives one page per page, in order.
    /// - Throws: the first PDF's ``PDFInputError`` or ``FileError``, before any work.
    public static func expanding(_ paths: [String]) throws -> [PageInput] {
        try paths.flatMap { path -> [PageInput] in
            guard isPDF(path) else { return [.image(path)] }
            let count = try ScannedPDF(path: path).pageCount
            return (1...count).map { .pdf(path, page: $0) }
        }
    }
}
