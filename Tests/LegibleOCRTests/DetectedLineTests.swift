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
