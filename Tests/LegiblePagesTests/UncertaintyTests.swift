import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

/// Uncertain words in the contract (`Docs/Recognition.md`, "Uncertain words"): which words are
/// uncertain, how a page answers for a range, the next and previous one, and that a corrected
/// word never is.
@Suite("Uncertain words")
struct UncertaintyTests {
    /// Two paragraphs; words in `doubtful` read at 0.3, the rest at 0.9, "sure" without one.
    static func page(doubtful: Set<String> = ["wnte", "thw", "👩‍👩‍👧x"]) -> ScannedPage {
        let layout = LayoutBuilder().layout([["I wnte the 👩‍👩‍👧x", "and sure thw end"], ["all clear"]])
            .withConfidences { $0 == "sure" ? nil : doubtful.contains($0) ? 0.3 : 0.9 }
        let page = ScannedPage(layout: layout)
        page.isEditable = true
        return page
    }

    @Test("a word is uncertain below the threshold, unless a person wrote it or nothing says how sure it is")
    func wordRule() {
        let box = PixelBox(x: 0, y: 0, width: 1, height: 1)
        let span = UTF16Span(0, 1)
        #expect(Word(range: span, box: box, confidence: 0.49).isUncertain)
        #expect(!Word(range: span, box: box, confidence: Word.uncertaintyThreshold).isUncertain)
        #expect(!Word(range: span, box: box, confidence: 0.1, corrected: true).isUncertain)
        #expect(!Word(range: span, box: box).isUncertain)
        // A line without words is one word: its own confidence.
        let line = Line(range: UTF16Span(0, 4), box: box, confidence: 0.2)
        #expect(line.wordsOrWhole.count == 1 && line.wordsOrWhole[0].isUncertain)
    }

    @Test("the page lists its uncertain words in reading order, with their lines")
    func ranges() {
        let page = Self.page()
        #expect(page.uncertainRanges.map { page.text(in: $0) } == ["wnte", "👩‍👩‍👧x", "thw"])
        #expect(page.layout.uncertainWords.map(\.line) == [0, 0, 1])
    }

    @Test("a range is uncertain when it overlaps an uncertain word; an empty one when it lies inside one")
    func rangeQuery() {
        let page = Self.page()
        let wnte = page.uncertainRanges[0]
        let (start, end) = (wnte.start.offset, wnte.end.offset)
        #expect(page.isUncertain(wnte))
        #expect(page.isUncertain(TextRange(start - 2, start + 1)))
        #expect(page.isUncertain(TextRange(end - 1, end + 3)))
        #expect(!page.isUncertain(TextRange(start - 2, start)))
        #expect(!page.isUncertain(TextRange(end, end + 3)))
        #expect(page.isUncertain(TextRange(start + 1, start + 1)))
        #expect(!page.isUncertain(TextRange(start, start)) && !page.isUncertain(TextRange(end, end)))
        #expect(page.isUncertain(TextRange(0, page.length)))
    }

    @Test("next and previous uncertain word from any offset")
    func nextAndPrevious() {
        let page = Self.page()
        let words = page.uncertainRanges
        for offset in 0...page.length {
            #expect(page.uncertainWord(after: offset) == words.first { $0.start.offset >= offset })
            #expect(page.uncertainWord(before: offset) == words.last { $0.end.offset <= offset })
        }
        #expect(page.uncertainWord(after: words[2].end.offset) == nil)
        #expect(page.uncertainWord(before: words[0].start.offset) == nil)
    }

    @Test("a corrected word is never uncertain, and the others keep their places")
    func correctedWord() throws {
        let page = Self.page()
        let wnte = page.uncertainRanges[0]
        page.replace(wnte, withText: "wrote")
        #expect(page.text(in: page.uncertainRanges[0]) == "👩‍👩‍👧x")
        #expect(page.uncertainRanges.map { page.text(in: $0) } == ["👩‍👩‍👧x", "thw"])
        #expect(!page.isUncertain(TextRange(wnte.start.offset, wnte.start.offset + 5)))
        page.undo()
        #expect(page.uncertainRanges.map { page.text(in: $0) } == ["wnte", "👩‍👩‍👧x", "thw"])
    }
}
