import Foundation
import LegibleEvaluation
import LegibleLayout
import Testing

@Suite("Layout values, documents and scoring")
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

    @Test("Levenshtein and CER on hand-computed cases")
    func scorer() {
        #expect(Scorer.levenshtein(Array("kitten"), Array("sitting")) == 3)
        #expect(Scorer.levenshtein(Array(""), Array("abc")) == 3)
        #expect(Scorer.levenshtein(Array("abc"), Array("")) == 3)
        let truth = ScoredPage(
            lines: [.init(text: "abcd", box: PixelBox(x: 0, y: 0, width: 100, height: 20))],
            wordBoxes: [PixelBox(x: 0, y: 0, width: 100, height: 20)])
        let insertion = ScoredPage(lines: [.init(text: "abXcd", box: PixelBox(x: 0, y: 0, width: 100, height: 20))], wordBoxes: [])
        let score = Scorer.score(insertion, against: truth)
        #expect(score.characterErrorRate == 0.25)
        #expect(score.lineRecall == 1 && score.linePrecision == 1 && score.meanLineIoU == 1)
        #expect(score.wordBoxRecall == 0)
        let deletion = Scorer.score(
            ScoredPage(lines: [.init(text: "ab", box: PixelBox(x: 500, y: 500, width: 10, height: 10))], wordBoxes: []), against: truth)
        #expect(deletion.characterErrorRate == 0.5)
        #expect(deletion.lineRecall == 0 && deletion.linePrecision == 0)
        let empty = ScoredPage(lines: [], wordBoxes: [])
        #expect(Scorer.score(empty, against: empty).characterErrorRate == 0)
        #expect(Scorer.score(empty, against: truth).characterErrorRate == 1)
        #expect(Scorer.score(truth, against: empty).characterErrorRate == 1)
        #expect(
            Scorer.score(ScoredPage(lines: [.init(text: "ABCD", box: truth.lines[0].box)], wordBoxes: []), against: truth)
                .caseFoldedCharacterErrorRate == 0)
    }

    @Test("hOCR writer output is well-formed and readable back")
    func hocr() throws {
        let layout = PageLayout.assemble(
            [
                RecognisedParagraph(lines: [
                    RecognisedLine(
                        words: [RecognisedWord(text: "a<b&c", box: PixelBox(x: 1, y: 2, width: 30, height: 10), confidence: 0.9)],
                        box: PixelBox(x: 1, y: 2, width: 30, height: 10))
                ])
            ],
            image: PageImage(file: "p.png", width: 100, height: 50))
        let page = HOCRReader.read(Data(layout.hOCRDocument(systemName: "test").utf8))
        #expect(page?.lines.map(\.text) == ["a<b&c"])
        #expect(page?.wordBoxes == [PixelBox(x: 1, y: 2, width: 30, height: 10)])
    }
}
