import LegibleLayout
import Testing

@testable import LegibleLines

/// Lines Tesseract missed or ran together, found in the rows of the ink (`Docs/Recognition.md`,
/// "Lines missed and run together").
@Suite("Lines missed and run together")
struct LineGapsTests {
    /// Rows of writing on a page of two columns: each row a band of ink 20 px high (the body
    /// of the letters) in a line 40 px high, rows 40 px apart; a stroke of ink every 3 px, so
    /// a row's profile is even and its ink is not one block.
    static let rowTops = stride(from: 60, through: 460, by: 40).map { $0 }
    static let columnsX = [(20, 420), (520, 920)]

    static func page(skipping skipped: Set<Int> = []) -> LineGaps.Ink {
        var ink = LineGaps.Ink(width: 960, height: 560, pixels: [UInt8](repeating: 0, count: 960 * 560))
        for (left, right) in columnsX {
            for (row, top) in rowTops.enumerated() where !skipped.contains(row) {
                for y in (top + 10)..<(top + 30) {
                    for x in stride(from: left, to: right, by: 3) { ink.pixels[y * ink.width + x] = 1 }
                }
            }
        }
        return ink
    }

    /// The line box Tesseract gives each row: from its ascenders to its descenders.
    static func line(column: Int, row: Int, rows: Int = 1) -> PixelBox {
        let (left, right) = columnsX[column]
        let top = Double(rowTops[row])
        return PixelBox(left: Double(left), top: top, right: Double(right), bottom: top + 40 * Double(rows) - 2)
    }

    @Test("every row of both columns found: nothing changes")
    func whole() {
        let lines = (0..<2).flatMap { column in Self.rowTops.indices.map { Self.line(column: column, row: $0) } }
        #expect(LineGaps.mend(lines, ink: Self.page()) == LineGaps.Mend(dropped: [], added: []))
    }

    @Test("a row no line covers becomes a line, as high as its column's lines and as wide as its ink")
    func missed() {
        let lines = (0..<2).flatMap { column in
            Self.rowTops.indices.filter { !(column == 1 && $0 == 4) }.map { Self.line(column: column, row: $0) }
        }
        let mend = LineGaps.mend(lines, ink: Self.page())
        #expect(mend.dropped.isEmpty)
        #expect(mend.added.count == 1, "\(mend.added)")
        let added = mend.added.first ?? PixelBox(x: 0, y: 0, width: 0, height: 0)
        let expected = Self.line(column: 1, row: 4)
        #expect(abs(added.midY - expected.midY) <= 3, "\(added) for \(expected)")
        #expect(abs(added.height - expected.height) <= 3)
        #expect(abs(added.x - expected.x) <= 3 && abs(added.maxX - expected.maxX) <= 4)
    }

    @Test("a box two lines high that holds two rows is dropped, and its second row found")
    func runTogether() {
        var lines = (0..<2).flatMap { column in
            Self.rowTops.indices.filter { !(column == 0 && [6, 7].contains($0)) }.map { Self.line(column: column, row: $0) }
        }
        lines.append(Self.line(column: 0, row: 6, rows: 2))
        lines.append(PixelBox(left: 20, top: 300, right: 400, bottom: 338))  // row 6, read right
        let mend = LineGaps.mend(lines, ink: Self.page())
        #expect(mend.dropped == [lines.count - 2])
        #expect(mend.added.count == 1, "\(mend.added)")
        #expect(abs((mend.added.first?.midY ?? 0) - Self.line(column: 0, row: 7).midY) <= 3, "\(mend.added)")
    }

    @Test("a short column where half the boxes are two lines high: each is dropped and both its rows found")
    func halfRunTogether() {
        // Rows 0, 1 and 2, 3 each read as one box, rows 4 and 5 each right: the boxes' upper
        // median is two lines high, so the column's line height is the lower one's.
        let lines = [
            Self.line(column: 0, row: 0, rows: 2), Self.line(column: 0, row: 2, rows: 2), Self.line(column: 0, row: 4),
            Self.line(column: 0, row: 5),
        ]
        let mend = LineGaps.mend(lines, ink: Self.page(skipping: Set(6..<Self.rowTops.count)))
        #expect(mend.dropped == [0, 1])
        let found = mend.added.map(\.midY).sorted()
        let expected = (0..<4).map { Self.line(column: 0, row: $0).midY }
        #expect(found.count == 4 && zip(found, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(mend.added)")
    }

    @Test("a blank row, a few specks and a column of three lines add nothing")
    func nothingToFind() {
        let blank = Self.page(skipping: [5])
        let lines = (0..<2).flatMap { column in Self.rowTops.indices.filter { $0 != 5 }.map { Self.line(column: column, row: $0) } }
        #expect(LineGaps.mend(lines, ink: blank).added.isEmpty)
        var specked = blank
        for x in [100, 240, 380] { specked.pixels[(Self.rowTops[5] + 20) * specked.width + x] = 1 }
        #expect(LineGaps.mend(lines, ink: specked).added.isEmpty, "specks are not a line")
        let few = [Self.line(column: 0, row: 0), Self.line(column: 0, row: 1), Self.line(column: 0, row: 3)]
        #expect(LineGaps.mend(few, ink: Self.page()).added.isEmpty, "three lines give no measure of their column")
    }
}
