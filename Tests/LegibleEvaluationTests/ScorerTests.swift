import Foundation
import LegibleEvaluation
import LegibleLayout
import Testing

@Suite("Scoring against ground truth")
struct ScorerTests {
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

    @Test("a corpus score weights CER by truth characters and line recall by truth lines")
    func corpus() {
        let box = PixelBox(x: 0, y: 0, width: 100, height: 20)
        let truthA = ScoredPage(lines: [.init(text: "abcdefghij", box: box)], wordBoxes: [])
        let truthB = ScoredPage(lines: [.init(text: "ab", box: box)], wordBoxes: [])
        let a = Scorer.score(ScoredPage(lines: [.init(text: "abcdefghiX", box: box)], wordBoxes: []), against: truthA)
        let b = Scorer.score(ScoredPage(lines: [], wordBoxes: []), against: truthB)
        let corpus = CorpusScore([a, b])
        #expect(corpus.pages == 2)
        #expect(abs(corpus.characterErrorRate - 3.0 / 12.0) < 1e-9)
        #expect(corpus.lineRecall == 0.5)
    }
}
