import LegibleAlignment
import LegibleLayout
import Testing

/// Fitting corrected words to their ink (`Docs/Editing.md`, "Fitting words to their ink"), on
/// ink drawn here: blocks of ink for words, at places their advances would not guess.
@Suite("Fitting words to their ink")
struct InkFitTests {
    /// A 400 × 200 page whose ink is `blocks`.
    static func ink(_ blocks: [PixelBox]) -> InkMask {
        var pixels = [UInt8](repeating: 0, count: 400 * 200)
        for block in blocks {
            for y in Int(block.y)..<Int(block.maxY) { for x in Int(block.x)..<Int(block.maxX) { pixels[y * 400 + x] = 1 } }
        }
        return InkMask(width: 400, height: 200, pixels: pixels)!
    }

    /// One line over `box`, its text `words` joined by spaces, each word corrected (unless listed
    /// in `read`) and sharing the box by its length, as an alignment leaves a poorly read line.
    static func layout(_ words: [String], box: PixelBox, read: Set<Int> = [], readBoxes: [Int: PixelBox] = [:]) -> PageLayout {
        let text = words.joined(separator: " ")
        var (offset, x) = (0, box.x)
        let unit = box.width / Double(text.count)
        let placed = words.enumerated().map { index, word -> Word in
            defer { (offset, x) = (offset + word.utf16.count + 1, x + Double(word.count + 1) * unit) }
            let guess = PixelBox(x: x, y: box.y, width: Double(word.count) * unit, height: box.height)
            return Word(
                range: UTF16Span(offset, offset + word.utf16.count), box: readBoxes[index] ?? guess,
                corrected: read.contains(index) ? nil : true)
        }
        return PageLayout(
            image: PageImage(width: 400, height: 200), text: text, paragraphs: [Paragraph(range: UTF16Span(0, text.utf16.count))],
            lines: [Line(range: UTF16Span(0, text.utf16.count), box: box, words: placed)])
    }

    @Test("corrected words take the ink between the widest gaps near where their advances put them")
    func wordsOnTheirInk() throws {
        let blocks = [
            PixelBox(x: 20, y: 40, width: 30, height: 20), PixelBox(x: 70, y: 35, width: 150, height: 30),
            PixelBox(x: 240, y: 42, width: 40, height: 16),
        ]
        // "Go" is short and "tomorrow" long: sharing by advance puts the cuts far from the gaps.
        let layout = Self.layout(["Go", "tomorrow", "ok"], box: PixelBox(x: 10, y: 30, width: 300, height: 40))
        let fitted = InkFit.fitted(layout, ink: Self.ink(blocks))
        #expect(fitted.lines[0].words?.map(\.box) == blocks)
        #expect(fitted.text == layout.text && fitted.lines[0].words?.map(\.range) == layout.lines[0].words?.map(\.range))
    }

    @Test("a word the recogniser read keeps its box, and bounds the run of corrected words beside it")
    func readWordsStay() throws {
        let blocks = [
            PixelBox(x: 20, y: 40, width: 30, height: 20), PixelBox(x: 70, y: 35, width: 50, height: 30),
            PixelBox(x: 150, y: 40, width: 60, height: 20),
        ]
        let read = PixelBox(x: 15, y: 32, width: 40, height: 36)
        let layout = Self.layout(
            ["on", "the", "hills"], box: PixelBox(x: 10, y: 30, width: 300, height: 40), read: [0], readBoxes: [0: read])
        let words = try #require(InkFit.fitted(layout, ink: Self.ink(blocks)).lines[0].words)
        #expect(words[0].box == read && words[0].corrected == nil)
        #expect(Array(words.map(\.box).dropFirst()) == Array(blocks.dropFirst()))
    }

    @Test("a line holding two lines of writing becomes two lines when the text does not say where they break")
    func rowsSplit() throws {
        let upper = [PixelBox(x: 20, y: 30, width: 60, height: 25), PixelBox(x: 100, y: 30, width: 80, height: 25)]
        let lower = [PixelBox(x: 20, y: 90, width: 70, height: 25)]
        let layout = Self.layout(["one", "two", "three"], box: PixelBox(x: 10, y: 25, width: 300, height: 100))
        let split = InkFit.fitted(layout, ink: Self.ink(upper + lower))
        try #require(split.lines.count == 2)
        #expect(split.lines.map { split.text(of: $0.range) } == ["one two", "three"])
        #expect(split.lines.flatMap { $0.words ?? [] }.map(\.box) == upper + lower)
        #expect((try? split.validate()) != nil)
        let kept = InkFit.fitted(layout, ink: Self.ink(upper + lower), splittingRows: false)
        #expect(kept.lines.count == 1)
    }

    @Test("too few gaps, no ink, or a right-to-left line: the boxes stay as they were")
    func inkThatCannotSay() throws {
        let layout = Self.layout(["one", "two", "three"], box: PixelBox(x: 10, y: 30, width: 300, height: 40))
        #expect(InkFit.fitted(layout, ink: Self.ink([PixelBox(x: 20, y: 40, width: 250, height: 20)])) == layout)
        #expect(InkFit.fitted(layout, ink: Self.ink([])) == layout)
        var rightToLeft = layout
        rightToLeft.lines[0].words?.reverse()
        let boxes = rightToLeft.lines[0].words!.map(\.box).reversed()
        for index in rightToLeft.lines[0].words!.indices { rightToLeft.lines[0].words![index].box = Array(boxes)[index] }
        let blocks = [
            PixelBox(x: 20, y: 40, width: 30, height: 20), PixelBox(x: 70, y: 35, width: 50, height: 30),
            PixelBox(x: 150, y: 40, width: 60, height: 20),
        ]
        #expect(InkFit.fitted(rightToLeft, ink: Self.ink(blocks)).lines[0].words?.map(\.box) == rightToLeft.lines[0].words?.map(\.box))
    }

    @Test("text typed line by line is not flowing; a paragraph over a page of lines is")
    func flowing() throws {
        let page = PageLayout(
            image: PageImage(width: 400, height: 200), text: "a b\nc d\ne f\ng h", paragraphs: [],
            lines: (0..<4).map {
                Line(range: UTF16Span($0 * 4, $0 * 4 + 3), box: PixelBox(x: 0, y: Double($0) * 40, width: 100, height: 30))
            })
        #expect(!InkFit.isFlowing("a b\nc d\ne f\ng h\n", over: page))
        #expect(InkFit.isFlowing("a b c d\ne f g h", over: page))
    }
}
