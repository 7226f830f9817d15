import Foundation
import LegibleLayout
import LegibleOCR
import Testing

/// The text detector's post-processing and reading order (`Docs/Recognition.md`, "Detected
/// lines"), on maps and boxes written by hand.
@Suite("detected lines")
struct DetectedLineTests {
    /// A line whose bounds are `box`, its corners the box's.
    static func line(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> DetectedLine {
        let box = PixelBox(x: x, y: y, width: width, height: height)
        return DetectedLine(
            corners: [
                PixelPoint(x: box.x, y: box.y), PixelPoint(x: box.maxX, y: box.y), PixelPoint(x: box.maxX, y: box.maxY),
                PixelPoint(x: box.x, y: box.maxY),
            ], box: box, score: 0.9)
    }

    @Test("a spread reads its left page, then its right; a heading across both comes first; a row reads left to right")
    func readingOrder() {
        let heading = Self.line(100, 10, 1700, 60)
        let left = (0..<4).map { Self.line(50, 100 + Double($0) * 80, 800, 50) }
        let right = (0..<4).map { Self.line(1000, 105 + Double($0) * 80, 800, 50) }
        let shuffled = [right[2], left[1], heading, right[0], left[3], right[1], left[0], right[3], left[2]]
        #expect(DetectedLine.inReadingOrder(shuffled) == [heading] + left + right)
        // One column with a short date line to the right of the first: rows, not columns.
        let date = Self.line(900, 20, 300, 40)
        let body = (0..<3).map { Self.line(60, 100 + Double($0) * 70, 1000, 50) }
        #expect(DetectedLine.inReadingOrder([body[1], date, body[0], body[2]]) == [date] + body)
        // Notes in the left margin, beside the body: the margin, then the body.
        let notes = (0..<2).map { Self.line(-200, 100 + Double($0) * 120, 180, 40) }
        #expect(DetectedLine.inReadingOrder(body.reversed() + notes.reversed()) == notes + body)
        // Two words of one row, each a piece of its own: left to right.
        let (first, second) = (Self.line(400, 500, 200, 50), Self.line(40, 505, 300, 50))
        #expect(DetectedLine.inReadingOrder([first, second]) == [second, first])
    }

    @Test(
        "a spread whose lines' rectangles overlap across its gutter reads its left page, then its right; a table's halves sharing rows read by rows"
    )
    func narrowGutter() {
        // Rectangles 50 thick grown by the unclip by about 15 at each end: the pages' ink is
        // 19 pixels apart, their rectangles overlap by 10; the pages' lines in rows of their own.
        let left = (0..<4).map { Self.line(50, 100 + Double($0) * 80, 770, 50) }
        let right = (0..<4).map { Self.line(810, 140 + Double($0) * 80, 790, 50) }
        #expect(DetectedLine.inReadingOrder(zip(left, right).flatMap { [$0, $1] }) == left + right)
        // The same halves with their lines in the same rows, as a table's cells: by rows.
        let cells = (0..<4).map { Self.line(810, 102 + Double($0) * 80, 790, 50) }
        #expect(DetectedLine.inReadingOrder(left + cells) == zip(left, cells).flatMap { [$0, $1] })
    }

    @Test("a register across a spread, its cells in rows, reads row by row; two ruled pages sharing rows read page by page")
    func tableAcrossSpread() {
        // The LECTAUREP marriage deeds (NOTICE): numbers and dates on the left page, the
        // parties on the right, one entry a row; the truth, and a listener, read an entry whole.
        let rows = (0..<4).map { 100 + Double($0) * 80 }
        let numbers = rows.map { Self.line(50, $0, 120, 50) }
        let dates = rows.map { Self.line(300, $0 + 3, 200, 50) }
        let parties = rows.map { Self.line(900, $0 - 2, 800, 50) }
        let entries = (0..<4).flatMap { [numbers[$0], dates[$0], parties[$0]] }
        #expect(DetectedLine.inReadingOrder((numbers + parties + dates).reversed()) == entries)
        // Two pages of writing, one column each, their lines on the same rules (2 pixels apart,
        // within a tenth of their thickness, so sharing rows as the cells do): page by page.
        let (left, right) = (rows.map { Self.line(50, $0, 800, 50) }, rows.map { Self.line(950, $0 + 2, 800, 50) })
        #expect(DetectedLine.inReadingOrder(zip(right, left).flatMap { [$0, $1] }) == left + right)
    }

    @Test("a register whose cells sit under a header written across them still reads row by row")
    func tableUnderHeader() {
        // The LECTAUREP deeds' FRAN_0187_49914_L (NOTICE): "NUMÉROS ... DATES" is written across
        // the left page's two columns of cells, so that page did not part into columns and the
        // spread was read page by page, each entry's number pages away from its parties.
        let rows = (0..<4).map { 100 + Double($0) * 80 }
        let headers = [Self.line(50, 20, 450, 50), Self.line(900, 20, 800, 50)]
        let numbers = rows.map { Self.line(50, $0, 120, 50) }
        let dates = rows.map { Self.line(300, $0 + 3, 200, 50) }
        let parties = rows.map { Self.line(900, $0 - 2, 800, 50) }
        let entries = (0..<4).flatMap { [numbers[$0], dates[$0], parties[$0]] }
        #expect(DetectedLine.inReadingOrder((parties + numbers + headers + dates).reversed()) == headers + entries)
        // Two pages of writing sharing rules, one with a heading across it: still page by page.
        let (left, right) = (rows.map { Self.line(50, $0, 800, 50) }, rows.map { Self.line(950, $0 + 2, 800, 50) })
        let heading = Self.line(50, 20, 800, 50)
        #expect(DetectedLine.inReadingOrder([heading] + zip(right, left).flatMap { [$0, $1] }) == [heading] + left + right)
    }

    /// A line 2,400 pixels long and 90 thick, rising `rise` pixels to the right, its middle at
    /// (`x` + 1,200, `y`); its bounds the rectangle's.
    static func slanted(x: Double, y: Double, rise: Double, length: Double = 2400, thickness: Double = 90) -> DetectedLine {
        let angle = atan2(-rise, length)
        let (ux, uy) = (cos(angle), sin(angle))
        let (cx, cy) = (x + length / 2, y)
        let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { u, v in
            PixelPoint(x: cx + u * length / 2 * ux - v * thickness / 2 * uy, y: cy + u * length / 2 * uy + v * thickness / 2 * ux)
        }
        return DetectedLine(corners: corners, box: PixelBox.enclosing(points: corners)!, score: 0.9)
    }

    @Test("lines slanted by two degrees, 80 pixels apart, read one after another, not by their left ends")
    func slantedRows() {
        // CREMMA-MSS-18's page 27 (NOTICE): each line rises about 80 pixels over 2,400, so its
        // upright box is two lines high, and the lines' left ends differ by a few pixels.
        let lines = (0..<5).map { Self.slanted(x: [117, 124, 126, 111, 119][$0], y: 800 + Double($0) * 80, rise: 84) }
        #expect(lines[0].box.height > 160)
        #expect(DetectedLine.inReadingOrder(lines.reversed()) == lines)
        #expect(DetectedLine.inReadingOrder([lines[2], lines[0], lines[4], lines[1], lines[3]]) == lines)
        // Two pieces of one slanted line, the right one higher by the slant: one row.
        let (start, end) = (Self.slanted(x: 100, y: 500, rise: 42, length: 1200), Self.slanted(x: 1400, y: 456, rise: 42, length: 1000))
        #expect(DetectedLine.inReadingOrder([end, start]) == [start, end])
    }

    @Test(
        "post-processing: a bar of text is one line grown by its unclip; a faint piece, a thin one and a blot as thick as the page are none"
    )
    func map() {
        let (width, height) = (400, 300)
        var map = [Float](repeating: 0, count: width * height)
        for y in 40..<50 { for x in 20..<380 { map[y * width + x] = 0.9 } }  // a line 360 × 10
        for y in 70..<72 { for x in 20..<380 { map[y * width + x] = 0.9 } }  // 2 px thick: too thin
        for y in 80..<90 { for x in 20..<60 { map[y * width + x] = 0.3 } }  // faint: mean under 0.45
        let lines = DetectedLine.lines(in: map, width: width, height: height)
        #expect(lines.count == 1)
        let line = lines[0]
        // Unclip: 360 × 10 × 1.4 / (2 × 370) ≈ 6.8 px on every side.
        #expect(abs(line.box.x - (20 - 6.8)) < 1 && abs(line.box.maxX - (380 + 6.8)) < 1, "\(line.box)")
        #expect(abs(line.box.y - (40 - 6.8)) < 1 && abs(line.box.maxY - (50 + 6.8)) < 1, "\(line.box)")
        #expect(line.score > 0.85)
        let blot = [Float](repeating: 0.95, count: width * height)
        #expect(DetectedLine.lines(in: blot, width: width, height: height).isEmpty, "the whole page taken for one line")
    }
}
