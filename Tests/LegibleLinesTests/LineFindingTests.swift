import Foundation
import LegibleLayout
import Testing

@testable import LegibleLines

/// Lines found in the ink, and lines repaired after Tesseract (`Docs/Recognition.md`, "Found
/// lines" and "Line repair").
@Suite("Line finding and line repair")
struct LineFindingTests {
    /// A word-like component: `ink` pixels centred `centre` px down.
    static func piece(_ x: Double, _ y: Double, _ width: Double, _ height: Double, centre: Double? = nil) -> InkComponent {
        InkComponent(
            box: PixelBox(x: x, y: y, width: width, height: height), ink: Int(width * height / 4), centreY: centre ?? y + height / 2)
    }

    /// Three rows of words 40 px high on a 1000 × 800 page, with the noise a page carries.
    static let page: [InkComponent] = {
        var parts: [InkComponent] = []
        for (row, top) in [100.0, 200, 300].enumerated() {
            for word in 0..<5 where !(row == 1 && word == 2) { parts.append(piece(50 + Double(word) * 150, top, 110, 40)) }
        }
        parts.append(piece(350, 185, 110, 40))  // the middle row's third word, written higher
        parts.append(piece(500, 250, 10, 10))  // a speck between rows
        parts.append(piece(200, 140, 30, 170))  // a loop crossing all three rows
        parts.append(piece(0, 400, 60, 40))  // ink on the page's edge
        return parts
    }()

    @Test(
        "three rows of words are three lines, top to bottom; a raised word stays in its line; specks, loops and the edge do not make lines")
    func rows() {
        let lines = LineFinder.lines(in: Self.page, width: 1000, height: 800).lines
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.map(\.y) == [100, 185, 300])
        #expect(lines.allSatisfy { $0.x == 50 && $0.maxX == 760 }, "\(lines)")
        #expect(LineFinder.writingHeight(Self.page) == 40)
        #expect(LineFinder.lines(in: Self.page, width: 1000, height: 800).writingHeight == 40, "the height the lines were found by")
    }

    @Test("noise, texture and a page-high blot have no lines: a reading along them would invent text")
    func notWriting() {
        // A fifth of the page in ink and more.
        let dense = (0..<40).map { (index: Int) -> InkComponent in
            let x = Double(index % 8) * 120 + 20
            let y = Double(index / 8) * 150 + 20
            return InkComponent(box: PixelBox(x: x, y: y, width: 100, height: 100), ink: 6_000, centreY: y + 50)
        }
        #expect(LineFinder.lines(in: dense, width: 1000, height: 800).lines.isEmpty)
        // More rows than a page of writing holds.
        let rows = (0..<(LineFinder.maximumRows + 1)).map { (index: Int) -> InkComponent in Self.piece(100, Double(index) * 20 + 10, 30, 10)
        }
        #expect(LineFinder.lines(in: rows, width: 1000, height: Double(rows.count * 20 + 40)).lines.isEmpty)
        // More pieces than any page of writing.
        let specks = (0..<(LineFinder.maximumComponents + 1)).map { (index: Int) -> InkComponent in
            Self.piece(Double(index % 400) * 2 + 5, Double(index / 400) * 2 + 5, 1, 1)
        }
        #expect(LineFinder.lines(in: specks, width: 1000, height: 1000).lines.isEmpty)
        // Writing as high as the page.
        #expect(LineFinder.lines(in: [Self.piece(100, 10, 80, 700)], width: 1000, height: 800).lines.isEmpty)
        #expect(LineFinder.lines(in: Self.page, width: 1000, height: 800).lines.count == 3, "the page of writing still has its lines")
    }

    @Test("no ink, no lines")
    func empty() {
        #expect(LineFinder.lines(in: [], width: 100, height: 100).lines.isEmpty)
        #expect(LineFinder.writingHeight([]) == nil)
    }

    @Test("a line that climbs, whose first words and last words overlap by a word at the bend, is one line; the line below is not")
    func climbingLine() {
        let first = LineFinder.Row(Self.piece(50, 100, 600, 40))
        let last = LineFinder.Row(Self.piece(500, 85, 400, 40))
        #expect(first.isSameLine(as: last, size: 40), "150 px side by side, under three quarters of the narrower row")
        #expect(!first.isSameLine(as: LineFinder.Row(Self.piece(50, 160, 600, 40)), size: 40), "the next line down")
        #expect(!first.isSameLine(as: LineFinder.Row(Self.piece(100, 90, 500, 40)), size: 40), "a row lying over most of it")
        #expect(LineFinder.Row(Self.piece(50, 100, 400, 40)).isSameLine(as: LineFinder.Row(Self.piece(470, 110, 300, 40)), size: 40))
    }

    static func word(_ text: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ confidence: Double = 0.8)
        -> RecognisedWord
    {
        RecognisedWord(text: text, box: PixelBox(x: x, y: y, width: width, height: height), confidence: confidence)
    }

    static func line(_ words: [RecognisedWord]) -> RecognisedLine {
        RecognisedLine(words: words, box: words.dropFirst().reduce(words[0].box) { $0.union($1.box) }, confidence: 0.8)
    }

    @Test("pieces of one line side by side are joined left to right, in the first piece's place")
    func pieces() {
        let lines = [
            Self.line([Self.word("bus", 400, 100, 80, 40), Self.word("still", 500, 102, 90, 40)]),
            Self.line([Self.word("Ask", 100, 98, 70, 44), Self.word("Maria", 190, 100, 180, 42)]),
            Self.line([Self.word("Street.", 100, 200, 120, 40)]),
        ]
        let result = LineRepair.repaired(lines)
        #expect(result.joined == 1 && result.folded == 0)
        #expect(result.lines.map { $0.words.map(\.text) } == [["Ask", "Maria", "bus", "still"], ["Street."]])
        #expect(result.lines[0].box == PixelBox(left: 100, top: 98, right: 590, bottom: 142))
    }

    @Test("pieces that only meet through a third are joined once it has grown, whatever their order")
    func chainedPieces() {
        let left = Self.line([Self.word("Ask", 100, 100, 100, 40)])
        let right = Self.line([Self.word("stops", 400, 100, 100, 40)])  // 200 px from the left piece: too far alone
        let middle = Self.line([Self.word("Maria", 210, 100, 180, 40)])
        for order in [[left, right, middle], [right, middle, left], [middle, left, right]] {
            let result = LineRepair.repaired(order)
            #expect(result.lines.map { $0.words.map(\.text) } == [["Ask", "Maria", "stops"]] && result.joined == 2)
        }
    }

    @Test("a line read twice keeps the more confident of overlapping words")
    func secondReading() {
        let first = Self.line([Self.word("Lab", 100, 100, 80, 40, 0.9), Self.word("notebook", 200, 100, 200, 40, 0.4)])
        let second = Self.line([Self.word("Lal", 102, 101, 78, 40, 0.5), Self.word("nolebook", 200, 99, 205, 41, 0.7)])
        let result = LineRepair.repaired([first, second])
        #expect(result.lines.count == 1 && result.joined == 1)
        #expect(result.lines[0].words.map(\.text) == ["Lab", "nolebook"])
    }

    @Test("two rows written close together, their boxes overlapping through tall letters, are not one line read twice")
    func closeRows() {
        let upper = Self.line([
            Self.word("Let", 190, 466, 80, 50), Self.word("the", 300, 470, 60, 48), Self.word("dough", 390, 467, 100, 110),
            Self.word("then", 930, 485, 75, 48),
        ])
        let lower = Self.line([
            Self.word("bake", 190, 525, 80, 50), Self.word("twenty", 380, 493, 110, 108), Self.word("minutes.", 530, 540, 145, 48),
        ])
        let result = LineRepair.repaired([upper, lower])
        #expect(result.joined == 0)
        #expect(result.lines.map { $0.words.map(\.text) } == [["Let", "the", "dough", "then"], ["bake", "twenty", "minutes."]])
    }

    @Test("a descender's loop read as a line is folded into its line; a short last line and the facing page are not")
    func fragments() {
        let lines = [
            Self.line([Self.word("Sphinx", 100, 100, 200, 90), Self.word("quartz", 320, 100, 200, 90)]),
            Self.line([Self.word("J", 330, 160, 20, 25)]),  // inside the line above, a third of its height
            Self.line([Self.word("Street.", 100, 170, 100, 50)]),  // the next line, overlapping the descenders
            Self.line([Self.word("Gutter", 100, 300, 300, 90)]),
            Self.line([Self.word("facing", 700, 300, 300, 90)]),  // the facing page, level with it
        ]
        let result = LineRepair.repaired(lines)
        #expect(result.folded == 1 && result.joined == 0)
        #expect(result.lines.map { $0.words.map(\.text) } == [["Sphinx", "quartz"], ["Street."], ["Gutter"], ["facing"]])
        #expect(result.lines[0].box.maxY == 190)
    }

    @Test("a rule's stroke read as \"|\" leaves its line, which shrinks to its writing; a line of strokes goes; other words stay")
    func ruleStrokes() throws {
        var crossed = Self.line([
            Self.word("|", 10, 60, 4, 200, 0.95), Self.word("Marie", 300, 100, 150, 40), Self.word("a|b", 470, 100, 90, 40),
            Self.word("|", 570, 100, 30, 40, 0.2),
        ])
        crossed.baseline = [PixelPoint(x: 10, y: 130), PixelPoint(x: 600, y: 141)]
        let gutter = Self.line([Self.word("||", 700, 0, 8, 600, 0.9)])
        let result = LineRepair.repaired([crossed, gutter])
        #expect(result.strokes == 3 && result.step.applied)
        #expect(result.lines.map { $0.words.map(\.text) } == [["Marie", "a|b"]], "a stroke it could not read goes too")
        #expect(result.lines[0].box == PixelBox(left: 300, top: 100, right: 560, bottom: 140))
        let baseline = try #require(result.lines[0].baseline)
        #expect(
            baseline[0].x == 300 && abs(baseline[0].y - (130 + 11 * 290 / 590)) < 1e-9 && abs(baseline[1].y - (130 + 11 * 550 / 590)) < 1e-9
                && baseline[1].x == 560)
        #expect(LineRepair.repaired([gutter]).lines.isEmpty)
    }
}
