import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

/// Glyph boxes that each cover several clusters (`Docs/TextInputContract.md`, "Geometry").
@Suite("Glyph geometry")
struct GlyphGeometryTests {
    /// "Héllo fish": the first word has one glyph box for all five letters (10–30 px) inside a
    /// word box of 10–110 px; the second a ligature glyph for "fi", then one glyph a letter.
    static func makePage() -> ScannedPage {
        let box = { (x: Double, width: Double) in PixelBox(x: x, y: 10, width: width, height: 30) }
        let hello = Word(range: UTF16Span(0, 5), box: box(10, 100), glyphs: [Glyph(range: UTF16Span(0, 5), box: box(10, 20))])
        let fish = Word(
            range: UTF16Span(6, 10), box: box(120, 40),
            glyphs: [
                Glyph(range: UTF16Span(6, 8), box: box(120, 20)), Glyph(range: UTF16Span(8, 9), box: box(140, 10)),
                Glyph(range: UTF16Span(9, 10), box: box(150, 10)),
            ])
        let line = Line(range: UTF16Span(0, 10), box: box(10, 150), words: [hello, fish])
        return ScannedPage(
            layout: PageLayout(
                image: PageImage(width: 200, height: 60), text: "Héllo fish", paragraphs: [Paragraph(range: UTF16Span(0, 10))],
                lines: [line]))
    }

    @Test("clusters in one glyph share its box evenly: each has a rect of its own whose centre lands in it")
    func sharedGlyph() throws {
        let page = Self.makePage()
        try page.layout.validate()
        var lefts: [Double] = []
        for offset in [0, 1, 2, 3, 4, 6, 7, 8, 9] {
            let rect = page.firstRect(for: TextRange(offset, offset + 1))
            #expect(rect.width > 0, "the rect of [\(offset), \(offset + 1)) has no width")
            let hit = try #require(page.closestPosition(to: CGPoint(x: rect.midX, y: rect.midY)))
            #expect((offset...offset + 1).contains(hit.offset), "the centre of [\(offset), \(offset + 1)) lands at \(hit.offset)")
            lefts.append(Double(rect.minX))
        }
        // Four pixels a letter of "Héllo"'s 20 px glyph; ten a letter of the "fi" ligature.
        #expect(lefts == [10, 14, 18, 22, 26, 120, 130, 140, 150])
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 40).isEmpty)
    }
}
