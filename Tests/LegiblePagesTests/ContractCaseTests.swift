import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

// The edge cases of `Docs/TextInputContract.md`, "Edge cases", by number, with its fixtures.
let E = ""
let A = "a"
let W = "alpha beta  gamma."
let U = "a👍🏽b e\u{301}x 👨‍👩‍👧‍👦"

func page(_ text: String) -> ScannedPage { ScannedPage(layout: LayoutBuilder().layout(exactText: text)) }
/// `L`: one paragraph laid out as "The quick " | "brown fox " | "jumps." then "Next para.".
func pageL() -> ScannedPage { ScannedPage(layout: LayoutBuilder().layout([["The quick", "brown fox", "jumps."], ["Next para."]])) }
/// `H`: "note\u{AD}book" split after the soft hyphen.
func pageH() -> ScannedPage { ScannedPage(layout: LayoutBuilder().layout([["note-", "book"]])) }
/// `R`: a Hebrew paragraph then an English one.
func pageR() -> ScannedPage { ScannedPage(layout: LayoutBuilder().layout([["שלום עולם"], ["hello world"]], rightToLeft: [0])) }
func p(_ offset: Int, _ affinity: TextAffinity = .downstream) -> TextPosition { TextPosition(offset: offset, affinity: affinity) }

final class DelegateSpy: TextInputDelegate {
    var events: [String] = []
    func selectionWillChange(_ textInput: (any TextInput)?) { events.append("selectionWill") }
    func selectionDidChange(_ textInput: (any TextInput)?) { events.append("selectionDid") }
    func textWillChange(_ textInput: (any TextInput)?) { events.append("textWill") }
    func textDidChange(_ textInput: (any TextInput)?) { events.append("textDid") }
}

@Suite("Contract edge cases: documents, positions and ranges")
struct PositionCases {
    @Test("1: end of document counts UTF-16 units") func endOfDocument() {
        #expect(page(U).endOfDocument.offset == U.utf16.count)
        #expect(U.utf16.count == 1 + 4 + 1 + 1 + 2 + 1 + 1 + 11)
    }
    @Test("2-4: position(from:offset:) leaves nil outside the document") func offsets() {
        let page = page(W)
        #expect(page.position(from: page.endOfDocument, offset: 1) == nil)
        #expect(page.position(from: page.beginningOfDocument, offset: -1) == nil)
        #expect(page.position(from: page.beginningOfDocument, offset: page.length) == page.endOfDocument)
        #expect(page.position(from: p(3), offset: 0) == p(3))
    }
    @Test("5: offsets round-trip for every pair, including mid-surrogate") func roundTrip() {
        let page = page(U)
        for a in 0...page.length {
            for b in 0...page.length {
                #expect(page.position(from: p(a), offset: page.offset(from: p(a), to: p(b))) == p(b))
            }
        }
    }
    @Test("6-8: textRange swaps, allows empty, refuses out of bounds") func ranges() {
        let page = page(W)
        #expect(page.textRange(from: p(5), to: p(2)) == TextRange(2, 5))
        #expect(page.textRange(from: p(4), to: p(4))?.isEmpty == true)
        #expect(page.textRange(from: p(-1), to: p(2)) == nil)
        #expect(page.textRange(from: p(0), to: p(page.length + 1)) == nil)
    }
    @Test("9: same offset with different affinity compares equal") func affinityEquality() {
        let page = page(W)
        #expect(page.compare(p(3, .upstream), to: p(3)) == .orderedSame)
        #expect(p(3, .upstream) == p(3))
    }
    @Test("10-11: text(in:) clamps and keeps UTF-16 length at a surrogate cut") func textIn() {
        let page = page(U)
        #expect(page.text(in: TextRange(0, 0)) == "")
        #expect(page.text(in: TextRange(20, 100)) == String(decoding: Array(U.utf16)[20...], as: UTF16.self))
        let cut = page.text(in: TextRange(0, 2))!
        #expect(cut.utf16.count == 2)
        #expect(cut.unicodeScalars.last == "\u{FFFD}")
        #expect(page.text(in: TextRange(TextPosition(offset: -1), TextPosition(offset: 2))) == nil)
    }
}

@Suite("Contract edge cases: visual moves")
struct MoveCases {
    @Test("12-13: right by one skips a whole cluster") func clusters() {
        let marked = MarkedText("a1️⃣👍🏽2️⃣b 3️⃣e\u{301}4️⃣x 👨‍👩‍👧‍👦")
        #expect(marked.text == U)
        let page = page(marked.text)
        #expect(page.position(from: p(marked.positions[1]!), in: .right, offset: 1) == p(marked.positions[2]!))
        #expect(page.position(from: p(marked.positions[3]!), in: .right, offset: 1) == p(marked.positions[4]!))
    }
    @Test("14: left from 0 and right from the end are nil") func edges() {
        let page = page(U)
        #expect(page.position(from: p(0), in: .left, offset: 1) == nil)
        #expect(page.position(from: page.endOfDocument, in: .right, offset: 1) == nil)
    }
    @Test("15: right inside a Hebrew line moves backward in storage") func rightToLeft() {
        let page = pageR()
        #expect(page.position(from: p(3), in: .right, offset: 1) == p(2))
        #expect(page.position(from: p(3), in: .left, offset: 1) == p(4))
    }
    @Test("16: down from the last line is the end, up from the first is 0") func verticalEdges() {
        let page = pageL()
        #expect(page.position(from: p(page.length - 2), in: .down, offset: 1) == page.endOfDocument)
        #expect(page.position(from: p(2), in: .up, offset: 1) == p(0))
    }
    @Test("17: down keeps x and clamps to a shorter line's end") func verticalKeepsX() {
        let page = pageL()
        // From "qui|ck" (x of offset 7) down to "brown fox": the same column, offset 10 + 3.
        let down = page.position(from: p(7), in: .down, offset: 1)!
        #expect(down.offset == 17)
        // From the end of "brown fox " down to "jumps." (shorter): its end.
        let clamped = page.position(from: p(19), in: .down, offset: 1)!
        #expect(clamped.offset == 26)
    }
    @Test("18-19: extending a character range") func extend() {
        let page = page(U)
        #expect(page.characterRange(byExtending: p(0), in: .left) == nil)
        #expect(page.characterRange(byExtending: p(11), in: .right) == TextRange(11, 22))
    }
    @Test("20: farthest left is start for LTR, end for a single RTL line") func farthest() {
        #expect(page(W).position(within: TextRange(2, 8), farthestIn: .left) == p(2))
        #expect(pageR().position(within: TextRange(1, 5), farthestIn: .left) == p(5))
        #expect(page(W).position(within: TextRange(2, 8), farthestIn: .down) == p(8))
    }
}

@Suite("Contract edge cases: tokenizer")
struct TokenizerCases {
    @Test("21: empty page at every granularity", arguments: TextGranularity.allCases)
    func empty(granularity: TextGranularity) {
        let owner = page(E); defer { withExtendedLifetime(owner) {} }; let tokenizer = owner.tokenizer
        for direction in [TextDirection.forward, .backward] {
            #expect(tokenizer.position(from: p(0), toBoundary: granularity, inDirection: direction) == nil)
            #expect(tokenizer.rangeEnclosingPosition(p(0), with: granularity, inDirection: direction) == nil)
            #expect(tokenizer.isPosition(p(0), atBoundary: granularity, inDirection: direction))
            #expect(!tokenizer.isPosition(p(0), withinTextUnit: granularity, inDirection: direction))
        }
    }
    @Test("22: one character") func single() {
        let owner = page(A); defer { withExtendedLifetime(owner) {} }; let tokenizer = owner.tokenizer
        #expect(tokenizer.rangeEnclosingPosition(p(0), with: .character, inDirection: .forward) == TextRange(0, 1))
        #expect(tokenizer.rangeEnclosingPosition(p(1), with: .character, inDirection: .forward) == nil)
        #expect(tokenizer.rangeEnclosingPosition(p(1), with: .character, inDirection: .backward) == TextRange(0, 1))
    }
    @Test("23: a mid-surrogate offset encloses the whole cluster") func midSurrogate() {
        let owner = page(U); defer { withExtendedLifetime(owner) {} };
        #expect(owner.tokenizer.rangeEnclosingPosition(p(2), with: .character, inDirection: .forward) == TextRange(1, 5))
    }
    @Test("24-27: word truth table on W") func wordTable() {
        let owner = page(W); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(2), with: .word, inDirection: .forward) == TextRange(0, 5))
        #expect(t.rangeEnclosingPosition(p(2), with: .word, inDirection: .backward) == TextRange(0, 5))
        #expect(t.rangeEnclosingPosition(p(6), with: .word, inDirection: .forward) == TextRange(6, 10))
        #expect(t.rangeEnclosingPosition(p(6), with: .word, inDirection: .backward) == nil)
        #expect(t.rangeEnclosingPosition(p(10), with: .word, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(p(10), with: .word, inDirection: .backward) == TextRange(6, 10))
        #expect(t.rangeEnclosingPosition(p(11), with: .word, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(p(11), with: .word, inDirection: .backward) == nil)
    }
    @Test("24-30 in marked text: the word table needs no hand-counted offsets") func markedWords() {
        let marked = MarkedText("⏩al1️⃣pha⏪2️⃣ ⏩beta⏪3️⃣ 4️⃣ gamma5️⃣.")
        #expect(marked.text == W)
        let owner = page(marked.text); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        let alpha = TextRange(marked.ranges[0]), beta = TextRange(marked.ranges[1])
        #expect(t.rangeEnclosingPosition(p(marked.positions[1]!), with: .word, inDirection: .forward) == alpha)
        #expect(t.rangeEnclosingPosition(p(marked.positions[2]!), with: .word, inDirection: .backward) == alpha)
        #expect(t.rangeEnclosingPosition(p(marked.positions[3]!), with: .word, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(p(marked.positions[3]!), with: .word, inDirection: .backward) == beta)
        #expect(t.rangeEnclosingPosition(p(marked.positions[4]!), with: .word, inDirection: .forward) == nil)
        #expect(t.position(from: p(marked.positions[4]!), toBoundary: .word, inDirection: .forward) == p(marked.positions[5]!))
        #expect(t.position(from: p(marked.positions[5]!), toBoundary: .word, inDirection: .forward) == nil)
    }

    @Test("28-30: word moves from whitespace and at the end") func wordMoves() {
        let owner = page(W); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.position(from: p(11), toBoundary: .word, inDirection: .forward) == p(17))
        #expect(t.position(from: p(11), toBoundary: .word, inDirection: .backward) == p(6))
        #expect(t.position(from: p(17), toBoundary: .word, inDirection: .forward) == nil)
    }
    @Test("31: don't and 3.14 are one word each") func wordShapes() {
        let owner = page("don't 3.14"); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(1), with: .word, inDirection: .forward) == TextRange(0, 5))
        #expect(t.rangeEnclosingPosition(p(7), with: .word, inDirection: .forward) == TextRange(6, 10))
    }
    @Test("32: a word hyphenated across lines is one unit") func softHyphenWord() {
        let page = pageH()
        #expect(page.string == "note\u{AD}book")
        for offset in 1..<page.length {
            #expect(page.tokenizer.rangeEnclosingPosition(p(offset), with: .word, inDirection: .forward) == TextRange(0, 9))
        }
    }
    @Test("33: lines come from layout, not newlines") func layoutLines() {
        let page = pageL()
        var units: [String] = []
        var start = page.beginningOfDocument
        while let end = page.tokenizer.position(from: start, toBoundary: .line, inDirection: .forward) {
            units.append(page.text(in: TextRange(start, end))!)
            start = end
        }
        #expect(units == ["The quick ", "brown fox ", "jumps.\n", "Next para."])
    }
    @Test("34-35: a soft-wrap offset and a pre-newline offset") func lineBoundaries() {
        let owner = pageL(); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(10), with: .line, inDirection: .forward) == TextRange(10, 20))
        #expect(t.rangeEnclosingPosition(p(10), with: .line, inDirection: .backward) == TextRange(0, 10))
        #expect(t.rangeEnclosingPosition(p(26), with: .line, inDirection: .forward) == TextRange(20, 27))
        #expect(t.rangeEnclosingPosition(p(26), with: .line, inDirection: .backward) == TextRange(20, 27))
    }
    @Test("36-38: line ends of the document and moves") func lineEnds() {
        let page = pageL()
        let t = page.tokenizer
        #expect(t.rangeEnclosingPosition(page.endOfDocument, with: .line, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(page.endOfDocument, with: .line, inDirection: .backward) == TextRange(27, 37))
        #expect(t.position(from: p(13), toBoundary: .line, inDirection: .forward) == p(20))
        #expect(t.position(from: page.endOfDocument, toBoundary: .line, inDirection: .forward) == nil)
        #expect(t.position(from: p(0), toBoundary: .line, inDirection: .backward) == nil)
    }
    @Test("39: the line boundary of H falls after the soft hyphen") func softHyphenLine() {
        let owner = pageH(); defer { withExtendedLifetime(owner) {} };
        #expect(owner.tokenizer.position(from: p(0), toBoundary: .line, inDirection: .forward) == p(5))
    }
    @Test("40: layout left at line granularity in an RTL line is forward") func rtlLine() {
        let page = pageR()
        #expect(page.tokenizer.position(from: p(2), toBoundary: .line, inDirection: .layout(.left)) == p(10))
    }
    @Test("41: paragraph at the first character of paragraph 2") func paragraphs() {
        let owner = pageL(); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(27), with: .paragraph, inDirection: .forward) == TextRange(27, 37))
        #expect(t.rangeEnclosingPosition(p(27), with: .paragraph, inDirection: .backward) == TextRange(0, 27))
    }
    @Test("42: inter-sentence space belongs to no sentence") func sentenceGap() {
        let owner = page("One two. Three four."); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(8), with: .sentence, inDirection: .forward) == nil)
        #expect(t.rangeEnclosingPosition(p(3), with: .sentence, inDirection: .forward) == TextRange(0, 8))
        #expect(t.rangeEnclosingPosition(p(9), with: .sentence, inDirection: .forward) == TextRange(9, 20))
    }
    @Test("42b: abbreviations split where ICU's en_US@ss=standard splits (pinned)") func abbreviation() {
        let owner = page("Mr. Smith went home. Call Dr. Patel today."); defer { withExtendedLifetime(owner) {} }; let t = owner.tokenizer
        #expect(t.rangeEnclosingPosition(p(5), with: .sentence, inDirection: .forward) == TextRange(0, 20))
        // CLDR's English suppression list has "Mr." but not "Dr.": ICU 72 splits after it.
        #expect(t.rangeEnclosingPosition(p(23), with: .sentence, inDirection: .forward) == TextRange(21, 29))
    }
    @Test("43: the document unit encloses every position") func document() {
        let page = page(W)
        #expect(page.tokenizer.rangeEnclosingPosition(p(0), with: .document, inDirection: .backward) == TextRange(0, page.length))
        #expect(
            page.tokenizer.rangeEnclosingPosition(page.endOfDocument, with: .document, inDirection: .forward) == TextRange(0, page.length))
    }
    @Test("44-45: iteration is monotone, ends in nil, lands on boundaries", arguments: [E, A, W, U, "don't 3.14", "note\u{AD}book"])
    func iteration(text: String) {
        let page = page(text)
        #expect(checkTextInput(page, bounds: page.bounds).isEmpty)
    }
}

@Suite("Contract edge cases: geometry")
struct GeometryCases {
    @Test("46: caret at a soft wrap follows affinity") func caretAffinity() {
        let page = pageL()
        let upstream = page.caretRect(for: p(10, .upstream))
        let downstream = page.caretRect(for: p(10, .downstream))
        #expect(upstream.minY < downstream.minY)
        #expect(upstream.midX > downstream.midX)
    }
    @Test("47: caret on an empty page has height at the origin") func emptyCaret() {
        let caret = page(E).caretRect(for: p(0))
        #expect(caret.height > 0)
        #expect(caret != .zero)
    }
    @Test("48: caret past the end is clamped") func clampedCaret() {
        let page = page(W)
        #expect(page.caretRect(for: p(page.length + 3)) == page.caretRect(for: p(page.length)))
    }
    @Test("49: the logical start of an RTL line is its right edge") func rtlCaret() {
        let page = pageR()
        let start = page.caretRect(for: p(0))
        let end = page.caretRect(for: p(8, .upstream))
        #expect(start.midX > end.midX)
    }
    @Test("50-51: first rect is the first fragment's part; empty is zero width") func firstRect() {
        let page = pageL()
        let first = page.firstRect(for: TextRange(4, 15))
        let rects = page.selectionRects(for: TextRange(4, 15))
        #expect(first == rects[0].rect)
        #expect(page.firstRect(for: TextRange(4, 4)).width == 0)
    }
    @Test("52-54: selection rects per fragment with start and end flags") func selectionRects() {
        let page = pageL()
        let three = page.selectionRects(for: TextRange(4, 24))
        #expect(three.count == 3)
        #expect(three.map(\.containsStart) == [true, false, false])
        #expect(three.map(\.containsEnd) == [false, false, true])
        let one = page.selectionRects(for: TextRange(4, 9))
        #expect(one.count == 1 && one[0].containsStart && one[0].containsEnd)
        #expect(page.selectionRects(for: TextRange(4, 4)).isEmpty)
    }
    @Test("55: a range ending after a newline adds no rect on the next line") func afterNewline() {
        let page = pageL()
        #expect(page.selectionRects(for: TextRange(20, 27)).count == 1)
    }
    @Test("56: a skewed line has a transform") func rotated() {
        var builder = LayoutBuilder()
        builder.skewDegrees = 3
        let page = ScannedPage(layout: builder.layout([["tilted line of text"]]))
        let rect = page.selectionRects(for: TextRange(0, 6))[0]
        let angle = rect.transform.map { $0.angle * 180 / .pi }
        #expect(angle.map { abs($0 - 3) < 0.01 } == true)
    }
    @Test("overlapping OCR line boxes give consecutive rects that do not overlap, inside the image")
    func overlappingLines() {
        let layout = PageLayout(
            image: PageImage(width: 300, height: 200), text: "upper line\nlower line",
            paragraphs: [Paragraph(range: UTF16Span(0, 10)), Paragraph(range: UTF16Span(11, 21))],
            lines: [
                Line(range: UTF16Span(0, 10), box: PixelBox(x: 10, y: 50, width: 250, height: 50)),
                Line(range: UTF16Span(11, 21), box: PixelBox(x: 20, y: 85, width: 290, height: 140)),  // overlaps and leaves the image
            ])
        let page = ScannedPage(layout: layout)
        let upper = page.selectionRects(for: TextRange(0, 10))[0].rect
        let lower = page.selectionRects(for: TextRange(11, 21))[0].rect
        #expect(upper.maxY <= lower.minY)
        #expect(lower.maxX <= 300 && lower.maxY <= 200)
        #expect(checkTextInput(page, bounds: page.bounds) == [])
    }

    @Test("57-58: hit testing above, below and right of lines") func hits() {
        let page = pageL()
        #expect(page.closestPosition(to: CGPoint(x: 100, y: 1)) == p(0))
        #expect(page.closestPosition(to: CGPoint(x: 100, y: 1399)) == page.endOfDocument)
        let soft = page.closestPosition(to: CGPoint(x: 900, y: 70))!
        #expect(soft.offset == 10 && soft.affinity == .upstream)
        let hard = page.closestPosition(to: CGPoint(x: 900, y: 170))!
        #expect(hard.offset == 26 && hard.affinity == .upstream)
    }
    @Test("59: closest position within a range") func within() {
        let page = pageL()
        let hit = page.closestPosition(to: CGPoint(x: 60, y: 1300), within: TextRange(2, 8))!
        #expect((2...8).contains(hit.offset))
    }
    @Test("60-61: character at a point, empty pages") func characterAt() {
        let page = page(U)
        #expect(page.characterRange(at: CGPoint(x: 10, y: 10)) == nil)
        // The family emoji is the 9th cluster: x from 50 + 8 * (width / 9).
        let rect = page.selectionRects(for: TextRange(11, 22))[0].rect
        #expect(page.characterRange(at: CGPoint(x: rect.midX, y: rect.midY)) == TextRange(11, 22))
        #expect(LegiblePagesTests.page(E).closestPosition(to: CGPoint(x: 5, y: 5)) == p(0))
    }
}

@Suite("Contract edge cases: selection, read-only, direction")
struct SelectionCases {
    @Test("62-64: selection notifications by origin") func notifications() {
        let page = page(U)
        let spy = DelegateSpy()
        page.inputDelegate = spy
        page.setSelectedTextRange(TextRange(0, 1), origin: .host)
        #expect(spy.events == ["selectionWill", "selectionDid"])
        page.setSelectedTextRange(TextRange(0, 1), origin: .host)
        #expect(spy.events.count == 2)
        page.selectedTextRange = TextRange(2, 100)  // reversed/out of bounds/mid-cluster, silently
        #expect(spy.events.count == 2)
        #expect(page.selectedTextRange == TextRange(1, page.length))
        page.setSelectedTextRange(TextRange(0, 5), origin: .systemKeyboardNavigation)
        #expect(spy.events == ["selectionWill", "selectionDid", "selectionWill", "selectionDid"])
    }
    @Test("65: editing is a no-op") func readOnly() {
        let page = page(W)
        let spy = DelegateSpy()
        page.inputDelegate = spy
        page.insertText("x")
        page.deleteBackward()
        page.replace(TextRange(0, 3), withText: "zz")
        page.setMarkedText("m", selectedRange: 0..<1)
        #expect(page.string == W && page.markedTextRange == nil && spy.events.isEmpty)
    }
    @Test("66: a re-OCR sends one text pair and clamps the selection") func reload() {
        let page = page(W)
        let spy = DelegateSpy()
        page.inputDelegate = spy
        page.selectedTextRange = TextRange(6, 17)
        page.reload(with: LayoutBuilder().layout(exactText: "alpha"))
        #expect(spy.events == ["textWill", "textDid"])
        #expect(page.selectedTextRange == TextRange(5, 5))
    }
    @Test("edit menu keeps only non-mutating actions; no autocorrection or spell checking")
    func editMenu() {
        let page = page(W)
        #expect(
            page.editMenuActions(for: TextRange(0, 5), suggested: EditMenuAction.allCases) == [
                .copy, .selectAll, .lookUp, .share, .translate,
            ])
        #expect(!page.allowsAutocorrection && !page.allowsSpellChecking && !page.isEditable)
        #expect(!page.shouldChangeText(in: TextRange(0, 1), replacementText: "x"))
    }

    @Test("67: hasText") func hasText() {
        #expect(!page(E).hasText)
        #expect(page(A).hasText)
    }
    @Test("68: base writing direction at a paragraph boundary") func direction() {
        let page = pageR()
        #expect(page.baseWritingDirection(for: p(10), in: .backward) == .rightToLeft)
        #expect(page.baseWritingDirection(for: p(10), in: .forward) == .leftToRight)
    }
}
