import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading

/// A notebook as one tagged PDF for PDF/UA-1 (`Docs/PDF.md`): each page shows its scan as an
/// artifact, with an invisible text layer laid word by word on the ink; the structure tree
/// holds a `Document` of `H1` headings and `P` paragraphs in reading order; the file has a
/// title shown as the window title, a language, bookmarks for the headings, page labels and
/// XMP metadata naming PDF/UA part 1.
public struct NotebookPDF {
    /// The notebook, whose regions (headings, paragraphs) become the structure.
    public var notebook: Notebook
    /// The document's title.
    public var title: String
    /// The scan file (PNG or JPEG bytes) of page `index` (0-based), read when the page is
    /// written, so one scan at a time is in memory; `nil` leaves a page white.
    public var scan: (Int) throws -> Data?
    /// The text layer's font program: Tesseract's `pdf.ttf` (GlyphLessFont).
    public var fontProgram: Data

    /// A PDF of `notebook` titled `title`, with the scans `scan` reads behind its pages.
    public init(notebook: Notebook, title: String, scan: @escaping (Int) throws -> Data?, fontProgram: Data) {
        self.notebook = notebook
        self.title = title
        self.scan = scan
        self.fontProgram = fontProgram
    }

    /// A PDF of `notebook` titled `title`, with `scans` (in page order) behind its pages.
    public init(notebook: Notebook, title: String, scans: [Data?], fontProgram: Data) {
        self.init(notebook: notebook, title: title, scan: { scans.indices.contains($0) ? scans[$0] : nil }, fontProgram: fontProgram)
    }

    /// Why a notebook could not be written as a PDF.
    public struct Failure: Error, CustomStringConvertible {
        /// One line naming the page and the cause.
        public var description: String
    }

    /// One structure element: a heading or paragraph of one page, with its marked-content ids.
    struct Element {
        var type: String
        var page: Int
        var mcids: [Int]
        var language: String
        var text: String
        var top: Double
        /// The words a person corrected, in reading order (`Docs/PDF.md`, "Corrected words").
        var corrected: [String] = []
    }

    /// The whole file, in memory.
    /// - Throws: ``Failure`` when a scan cannot be placed without decoding it, or what `scan`
    ///   throws.
    public func document() throws -> Data {
        var data = Data()
        try write { data.append($0) }
        return data
    }

    /// Writes the file piece by piece to `sink`, each page as soon as it is made.
    /// - Throws: ``Failure`` when a scan cannot be placed without decoding it, or what `scan`
    ///   or `sink` throws.
    public func write(to sink: (Data) throws -> Void) throws {
        var objects = PDFObjects()
        var font = TextLayerFont()
        let catalog = objects.reserve()
        let pagesNode = objects.reserve()
        let fontNumber = objects.reserve()
        var pageNumbers: [Int] = []
        var elements: [Element] = []
        for index in notebook.pages.indices {
            let page = try addPage(index, to: &objects, font: &font, elements: &elements, parent: pagesNode, fontNumber: fontNumber)
            pageNumbers.append(page)
            try objects.flush(to: sink)
        }
        objects.set(
            pagesNode, "<< /Type /Pages /Kids [\(pageNumbers.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageNumbers.count) >>")
        font.add(to: &objects, program: fontProgram, as: fontNumber)
        let structure = addStructure(elements, pages: pageNumbers, to: &objects)
        let outlines = addOutlines(elements, pages: pageNumbers, to: &objects)
        let metadata = objects.add(stream: "/Type /Metadata /Subtype /XML", Data(xmp().utf8))
        let info = objects.add("<< /Title \(PDFText.textString(title)) /Producer (legible) /Creator (legible) >>")
        var entries = "/Type /Catalog /Pages \(pagesNode) 0 R /StructTreeRoot \(structure) 0 R /MarkInfo << /Marked true"
        // A file with user properties says so (ISO 32000-1, 14.7.1), for readers that list them.
        entries += elements.contains { !$0.corrected.isEmpty } ? " /UserProperties true >>" : " >>"
        entries +=
            " /Lang \(PDFText.asciiString(documentLanguage)) /ViewerPreferences << /DisplayDocTitle true >> /Metadata \(metadata) 0 R"
        entries += " /PageLabels << /Nums [0 << /S /D >>] >>"
        if let outlines { entries += " /Outlines \(outlines) 0 R /PageMode /UseOutlines" }
        objects.set(catalog, "<< \(entries) >>")
        try objects.finish(root: catalog, info: info, to: sink)
    }

    /// The language of page `index` as a BCP 47 tag, from the languages it was recognised in.
    func language(ofPage index: Int) -> String {
        LanguageTag.forLanguages(notebook.pages[index].layout.engine?.languages)
    }

    /// The document's language: the first page's.
    var documentLanguage: String { notebook.pages.isEmpty ? "und" : language(ofPage: 0) }
}
