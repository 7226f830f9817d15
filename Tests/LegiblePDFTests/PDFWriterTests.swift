import Foundation
import LegibleLayout
import LegiblePages
import LegibleRaster
import LegibleReading
import LegibleTestSupport
import Testing

@testable import LegiblePDF

/// The PDF writer in process (`Docs/PDF.md`): the file's skeleton, the text layer's codes, the
/// scans passed through, and the placement of a turned scan. The real readers (poppler, qpdf,
/// the PDF/UA checkers) read its output in `PDFTests`.
@Suite("the PDF writer, in process")
struct PDFWriterTests {
    static func notebook(_ text: String) -> Notebook {
        Notebook(pages: [ScannedPage(layout: LayoutBuilder().layout(exactText: text))])
    }

    @Test("every cross-reference offset points at its object, and the trailer names the catalog")
    func crossReferences() throws {
        let pdf = try NotebookPDF(notebook: Self.notebook("One line\nAnother"), title: "T", scans: [nil], fontProgram: Data([1, 2, 3]))
            .document()
        let bytes = [UInt8](pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7\n") && text.hasSuffix("%%EOF\n"))
        let start = try #require(Int(text.components(separatedBy: "startxref\n")[1].split(separator: "\n")[0]))
        let table = String(decoding: bytes[start...], as: UTF8.self).split(separator: "\n")
        #expect(table[0] == "xref")
        let count = try #require(Int(table[1].split(separator: " ")[1]))
        for number in 1..<count {
            let offset = try #require(Int(table[2 + number].prefix(10)))
            let head = String(decoding: bytes[offset..<min(bytes.count, offset + 12)], as: UTF8.self)
            #expect(head.hasPrefix("\(number) 0 obj"), "object \(number) at \(offset): \(head)")
        }
        #expect(text.contains("/Type /Catalog") && text.contains("/MarkInfo << /Marked true >>") && text.contains("/Lang (und)"))
    }

    @Test("each grapheme cluster gets one code, and ToUnicode gives back the whole cluster")
    func clusters() {
        var font = TextLayerFont()
        #expect(font.encode("ab") == "<00010002>")
        #expect(font.encode("ba👩‍👩‍👧e\u{301}") == "<0002000100030004>")
        let map = font.toUnicode()
        #expect(map.contains("<0003> <D83DDC69200DD83DDC69200DD83DDC67>"))
        #expect(map.contains("<0004> <00650301>"))
        #expect(map.contains("4 beginbfchar"))
    }

    @Test("a palette PNG passes through with its palette; an RGBA PNG is laid on white")
    func images() throws {
        let scan = try Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.png"))
        let palette = try ScanImage.make(scan)
        #expect(palette.width == 1166 && palette.height == 1654)
        #expect(palette.dictionary.contains("/Indexed /DeviceRGB") && palette.dictionary.contains("/Predictor 15"))
        #expect(palette.data.count < scan.count && palette.data.count > scan.count / 2)

        var bitmap = Bitmap(width: 3, height: 2)
        bitmap.fill(x: 0, y: 0, width: 1, height: 1, Bitmap.Colour(10, 200, 30))
        bitmap.pixels.replaceSubrange(4..<8, with: [0, 0, 0, 0])
        let rgba = try ScanImage.make(try PNGCodec.encode(bitmap))
        #expect(rgba.dictionary.contains("/DeviceRGB") && !rgba.dictionary.contains("Predictor"))
        let pixels = [UInt8](try Deflate.decompress(rgba.data, expected: 3 * 2 * 3))
        #expect(Array(pixels[0..<6]) == [10, 200, 30, 255, 255, 255])
        #expect(throws: ScanImage.Unsupported.self) { try ScanImage.make(Data("GIF89a".utf8)) }
    }

    @Test("a page whose side would pass 200 inches at its resolution is made smaller to fit")
    func pageSizeLimit() {
        let long = PageFrame(PageImage(width: 100_000, height: 1000, dpi: 10))
        #expect(abs(long.width - PageFrame.maximumSide) < 1e-6 && abs(long.height - 144) < 1e-6)
        let usual = PageFrame(PageImage(width: 1166, height: 1654, dpi: 200))
        #expect(abs(usual.scale - 0.36) < 1e-12)
    }

    @Test("a scan stored turned is drawn upright: orientation 6 maps the stored image's corners onto the page's")
    func orientation() {
        let frame = PageFrame(PageImage(width: 200, height: 100, dpi: 72))
        #expect(frame.imagePlacement(orientation: nil) == "200 0 0 100 0 0")
        // Stored 100 × 200, shown turned a quarter clockwise: the stored top edge becomes the right.
        #expect(frame.imagePlacement(orientation: 6) == "0 -100 200 0 0 100")
    }
}

/// A word on a right-to-left line is drawn in the order the bidirectional algorithm shows it
/// (`Docs/PDF.md`, "Text layer"): right-to-left runs reversed, numbers and Latin runs kept.
@Suite("right-to-left words in the text layer")
struct VisualOrderTests {
    @Test(
        "each word is drawn as UAX #9 shows it on a right-to-left line, clusters whole",
        arguments: [
            ("שלום", "םולש"), ("2024", "2024"), ("3.50", "3.50"), ("world", "world"), ("abc123", "abc123"), ("שנת2024", "2024תנש"),
            ("א-ב", "ב-א"), ("12:30", "12:30"), ("שָׁלוֹם", String("שָׁלוֹם".reversed())), ("👩‍👩‍👧שלום", "םולש👩‍👩‍👧"),
        ])
    func visualOrder(_ word: String, _ drawn: String) {
        #expect(NotebookPDF.visualOrder(word) == drawn)
    }
}
