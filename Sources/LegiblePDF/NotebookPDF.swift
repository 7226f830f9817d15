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
    /// Each page's scan file (PNG or JPEG bytes), in page order; `nil` leaves a page white.
    public var scans: [Data?]
    /// The text layer's font program: Tesseract's `pdf.ttf` (GlyphLessFont).
    public var fontProgram: Data

    /// A PDF of `notebook` titled `title`, with `scans` behind its pages.
    public init(notebook: Notebook, title: String, scans: [Data?], fontProgram: Data) {
        self.notebook = notebook
        self.title = title
        self.scans = scans
        self.fontProgram = fontProgram
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
    }

    /// The whole file.
    /// - Throws: ``Failure`` when a scan cannot be placed without decoding it.
    public func document() throws(Failure) -> Data {
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
        }
        objects.set(
            pagesNode, "<< /Type /Pages /Kids [\(pageNumbers.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageNumbers.count) >>")
        font.add(to: &objects, program: fontProgram, as: fontNumber)
        let structure = addStructure(elements, pages: pageNumbers, to: &objects)
        let outlines = addOutlines(elements, pages: pageNumbers, to: &objects)
        let metadata = objects.add(stream: "/Type /Metadata /Subtype /XML", Data(xmp().utf8))
        let info = objects.add("<< /Title \(PDFText.textString(title)) /Producer (legible) /Creator (legible) >>")
        var entries = "/Type /Catalog /Pages \(pagesNode) 0 R /StructTreeRoot \(structure) 0 R /MarkInfo << /Marked true >>"
        entries +=
            " /Lang \(PDFText.asciiString(documentLanguage)) /ViewerPreferences << /DisplayDocTitle true >> /Metadata \(metadata) 0 R"
        entries += " /PageLabels << /Nums [0 << /S /D >>] >>"
        if let outlines { entries += " /Outlines \(outlines) 0 R /PageMode /UseOutlines" }
        objects.set(catalog, "<< \(entries) >>")
        return objects.file(root: catalog, info: info)
    }

    /// The language of page `index` as a BCP 47 tag, from the languages it was recognised in.
    func language(ofPage index: Int) -> String {
        LanguageTag.forLanguages(notebook.pages[index].layout.engine?.languages)
    }

    /// The document's language: the first page's.
    var documentLanguage: String { notebook.pages.isEmpty ? "und" : language(ofPage: 0) }
}
