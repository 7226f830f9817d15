import Foundation
import LegibleLayout
import Testing

@Suite("Layout values and documents")
struct LayoutTests {
    @Test("reading text: spaces at soft wraps, newlines between paragraphs, soft hyphen for split words")
    func assemble() {
        func line(_ words: [String]) -> RecognisedLine {
            RecognisedLine(
                words: words.map { RecognisedWord(text: $0, box: PixelBox(x: 0, y: 0, width: 10, height: 10)) },
                box: PixelBox(x: 0, y: 0, width: 10, height: 10))
        }
        let layout = PageLayout.assemble(
            [
                RecognisedParagraph(lines: [line(["a", "note-"]), line(["book", "river-"]), line(["Front"])]),
                RecognisedParagraph(lines: [line(["End"])]),
            ],
            image: PageImage(width: 10, height: 10))
        #expect(layout.text == "a note\u{AD}book river- Front\nEnd")
        #expect(layout.lines.map(\.range) == [UTF16Span(0, 7), UTF16Span(7, 18), UTF16Span(19, 24), UTF16Span(25, 28)])
        #expect(layout.paragraphs.map(\.range) == [UTF16Span(0, 24), UTF16Span(25, 28)])
        #expect(throws: Never.self) { try layout.validate() }
        let decoded = try? PageLayout.decodeDocument(try layout.encodeDocument())
        #expect(decoded == layout)
    }
}
