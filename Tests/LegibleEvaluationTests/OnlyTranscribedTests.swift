import LegibleEvaluation
import LegibleLayout
import Testing

/// `legible eval --only-transcribed` (`Docs/Recognition.md`, "Scoring the written part").
@Suite("scoring only the transcribed lines")
struct OnlyTranscribedTests {
    static func line(_ text: String, y: Double, height: Double = 40) -> ScoredPage.TextLine {
        ScoredPage.TextLine(text: text, box: PixelBox(x: 0, y: y, width: 400, height: height))
    }

    @Test("a header above the truth's lines is left out; a line mostly inside them is kept, one mostly outside is not")
    func header() {
        let truth = ScoredPage(lines: [Self.line("one", y: 100), Self.line("two", y: 140)], wordBoxes: [])
        let read = ScoredPage(
            lines: [Self.line("Printed consent", y: 0), Self.line("one", y: 110), Self.line("two", y: 164), Self.line("edge", y: 170)],
            wordBoxes: [PixelBox(x: 0, y: 5, width: 30, height: 20), PixelBox(x: 10, y: 120, width: 30, height: 20)])
        let kept = read.onlyTranscribed(by: truth)
        // "two" at 164–204 has 16 of 40 rows inside (0.4), "edge" at 170–210 only 10.
        #expect(kept.lines.map(\.text) == ["one"])
        #expect(kept.wordBoxes == [PixelBox(x: 10, y: 120, width: 30, height: 20)])
        #expect(Scorer.score(kept, against: truth).characterErrorRate < Scorer.score(read, against: truth).characterErrorRate)
    }

    @Test("a line spread over two truth lines counts both overlaps; an empty box and an empty truth keep nothing")
    func edges() {
        let truth = ScoredPage(lines: [Self.line("one", y: 100), Self.line("two", y: 140)], wordBoxes: [])
        let spanning = ScoredPage(
            lines: [Self.line("one two", y: 110, height: 60)], wordBoxes: [PixelBox(x: 0, y: 120, width: 0, height: 10)])
        let kept = spanning.onlyTranscribed(by: truth)
        #expect(kept.lines.count == 1 && kept.wordBoxes.isEmpty)
        #expect(spanning.onlyTranscribed(by: ScoredPage(lines: [], wordBoxes: [])).lines.isEmpty)
    }
}
