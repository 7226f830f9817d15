import LegibleLayout
import LegibleLines
import Testing

@testable import LegibleOCR

/// The detector's lines, once read, take the layout analysis's geometry where it found the same
/// line (`Docs/Recognition.md`, "Detected lines"): boxes that do not cover the neighbouring
/// lines, baselines, and a heading kept apart from the paragraph under it.
@Suite("Detected lines with the layout's geometry")
struct DetectedGeometryTests {
    /// A line of one word filling `box` (image pixels), with `baseline` when given.
    static func line(_ box: PixelBox, baseline: [PixelPoint]? = nil) -> RecognisedLine {
        RecognisedLine(words: [RecognisedWord(text: "word", box: box)], box: box, baseline: baseline)
    }

    /// The Chicago page's geometry as the layout analysis finds it (ink-tight, with baselines): a
    /// heading, a gap a little larger than a line, then a paragraph of three lines.
    static let layout = [
        PixelBox(left: 172, top: 142, right: 404, bottom: 204),
        PixelBox(left: 165, top: 268, right: 1010, bottom: 322),
        PixelBox(left: 174, top: 342, right: 1007, bottom: 400),
        PixelBox(left: 166, top: 412, right: 703, bottom: 456),
    ].map { line($0, baseline: [PixelPoint(x: $0.x, y: $0.maxY - 8), PixelPoint(x: $0.maxX, y: $0.maxY - 10)]) }

    /// The same lines as the text detector gives them, read: padded by ten pixels above and below,
    /// and no baseline.
    static let detected = layout.map {
        line(PixelBox(left: $0.box.x - 5, top: $0.box.y - 10, right: $0.box.maxX + 5, bottom: $0.box.maxY + 10))
    }

    @Test("padded lines run the heading into the paragraph; with the layout's geometry it stays apart")
    func paragraphs() {
        #expect(ParagraphGrouping.group(Self.layout).map(\.lines.count) == [1, 3])
        #expect(ParagraphGrouping.group(Self.detected).map(\.lines.count) == [4])
        let fitted = Recogniser.withLayoutGeometry(Self.detected, layout: Self.layout)
        #expect(ParagraphGrouping.group(fitted).map(\.lines.count) == [1, 3])
    }

    @Test("a detected line takes the layout line's top, bottom and baseline, and spans its own words")
    func geometry() {
        let fitted = Recogniser.withLayoutGeometry(Self.detected, layout: Self.layout)
        for (index, line) in fitted.enumerated() {
            let found = Self.layout[index]
            #expect(line.box.y == found.box.y && line.box.maxY == found.box.maxY)
            #expect(line.box.x == found.box.x - 5 && line.box.maxX == found.box.maxX + 5, "its words reach 5 px further")
            #expect(line.baseline == found.baseline)
            #expect(line.words == Self.detected[index].words, "the words are the detector's reading")
        }
    }

    @Test("two rows the layout ran together, or no layout line at all, leave a detected line as it is")
    func unmatched() {
        let merged = Self.line(PixelBox(left: 165, top: 262, right: 1010, bottom: 390))
        #expect(Recogniser.withLayoutGeometry([Self.detected[1]], layout: [merged]) == [Self.detected[1]])
        #expect(Recogniser.withLayoutGeometry([Self.detected[1]], layout: []) == [Self.detected[1]])
        // Two pieces of one line side by side give their union, and no baseline of either.
        let left = Self.line(PixelBox(left: 165, top: 270, right: 500, bottom: 322), baseline: [PixelPoint(x: 165, y: 314)])
        let right = Self.line(PixelBox(left: 520, top: 268, right: 1010, bottom: 320), baseline: [PixelPoint(x: 520, y: 312)])
        let joined = Recogniser.withLayoutGeometry([Self.detected[1]], layout: [left, right])
        #expect(joined.first?.box.y == 268 && joined.first?.box.maxY == 322)
        #expect(joined.first?.baseline == nil)
    }
}
