import Foundation
import LegibleEvaluation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

/// A slanted line read from its rectangle turned level (`Docs/Recognition.md`, "Slanted
/// lines"): the geometry of the turn, and the real reader on a real page turned.
@Suite("slanted lines read turned level")
struct SlantedLineTests {
    /// A white page with a dark bar 8 pixels thick along a line from (40, 60) slanted by
    /// `degrees` (down to the right), 300 pixels long, and the bar's rectangle grown by 10
    /// pixels across, clockwise from its top-left.
    static func barPage(degrees: Double) -> (GreyImage, [PixelPoint]) {
        let (width, height) = (400, 200)
        let angle = degrees * .pi / 180
        let (along, down) = ((cos(angle), sin(angle)), (-sin(angle), cos(angle)))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (dx, dy) = (Double(x) + 0.5 - 40, Double(y) + 0.5 - 60)
                let (u, v) = (dx * along.0 + dy * along.1, dx * down.0 + dy * down.1)
                if (0...300).contains(u), (-4...4).contains(v) { pixels[y * width + x] = 0 }
            }
        }
        func point(_ u: Double, _ v: Double) -> PixelPoint {
            PixelPoint(x: 40 + u * along.0 + v * down.0, y: 60 + u * along.1 + v * down.1)
        }
        return (GreyImage(width: width, height: height, pixels: pixels), [point(0, -14), point(300, -14), point(300, 14), point(0, 14)])
    }

    /// Each column's darkest row of `image`.
    static func darkestRows(_ image: GreyImage) -> [Int] {
        (0..<image.width).map { x in (0..<image.height).min { image.pixels[$0 * image.width + x] < image.pixels[$1 * image.width + x] }! }
    }

    @Test("a bar slanted by 6° comes out level, in the middle rows, the same from either end and either edge")
    func level() throws {
        let (page, corners) = Self.barPage(degrees: 6)
        let box = PixelBox(x: 0, y: 0, width: 400, height: 200)
        let straight = try #require(page.straightened(corners, across: box, trim: 0, padding: 0))
        #expect(abs(straight.width - 300) <= 1 && abs(straight.height - 28) <= 1, "\(straight.width) × \(straight.height)")
        // Away from its ends, every column's bar sits on the same middle rows.
        let rows = Self.darkestRows(straight)[10..<(straight.width - 10)]
        #expect(rows.allSatisfy { abs($0 - 14) <= 4 }, "\(Set(rows).sorted())")
        let dark = (10..<(straight.width - 10)).filter { straight.pixels[14 * straight.width + $0] < 64 }.count
        #expect(dark == straight.width - 20)
        // Read upright, the same bar climbs across 31 rows.
        let upright = page.crop(PixelBox(x: 40, y: 46, width: 300, height: 60), padding: 0).image
        #expect(Set(Self.darkestRows(upright)).count > 20)
        // From the bottom edge, or the top edge's other end: the same line, never mirrored.
        for order in [[2, 3, 0, 1], [3, 2, 1, 0], [1, 0, 3, 2]] {
            let same = page.straightened(order.map { corners[$0] }, across: box, trim: 0, padding: 0) == straight
            #expect(same, "\(order)")
        }
        // A rectangle whose first edge is its short side runs more up than across.
        #expect(page.straightened([1, 2, 3, 0].map { corners[$0] }, across: box, trim: 0, padding: 0) == nil)
    }

    @Test("only the stretch across the box is read, the trim takes the sides off, and the padding off the page is white")
    func spanTrimPadding() throws {
        let (page, corners) = Self.barPage(degrees: 4)
        let half = try #require(page.straightened(corners, across: PixelBox(x: 40, y: 0, width: 150, height: 200), trim: 0, padding: 0))
        #expect(abs(half.width - 150) <= 2)
        let trimmed = try #require(
            page.straightened(corners, across: PixelBox(x: 0, y: 0, width: 400, height: 200), trim: 0.25, padding: 0))
        #expect(abs(trimmed.height - 14) <= 1)
        let off = GreyImage(width: 50, height: 50, pixels: [UInt8](repeating: 0, count: 2_500))
        let outside = try #require(
            off.straightened(
                [PixelPoint(x: 10, y: 10), PixelPoint(x: 40, y: 12), PixelPoint(x: 39, y: 22), PixelPoint(x: 9, y: 20)],
                across: PixelBox(x: 0, y: 0, width: 50, height: 50), trim: 0, padding: 30))
        #expect(outside.pixels.first == 255 && outside.pixels.last == 255 && outside.pixels.contains(0))
    }

    @Test(
        "no level line from corners that are not a line across the page",
        arguments: [
            [PixelPoint(x: 0, y: 0), PixelPoint(x: 10, y: 0), PixelPoint(x: 10, y: 10)],
            [PixelPoint(x: .nan, y: 0), PixelPoint(x: 100, y: 0), PixelPoint(x: 100, y: 10), PixelPoint(x: 0, y: 10)],
            [PixelPoint(x: 0, y: 0), PixelPoint(x: 10, y: 100), PixelPoint(x: 0, y: 101), PixelPoint(x: -10, y: 1)],
            [PixelPoint(x: 5, y: 5), PixelPoint(x: 5, y: 5), PixelPoint(x: 5, y: 5), PixelPoint(x: 5, y: 5)],
            [PixelPoint(x: 0, y: 0), PixelPoint(x: 1e12, y: 0), PixelPoint(x: 1e12, y: 10), PixelPoint(x: 0, y: 10)],
        ])
    func refused(_ corners: [PixelPoint]) {
        let page = GreyImage(width: 200, height: 200, pixels: [UInt8](repeating: 255, count: 40_000))
        #expect(page.straightened(corners, across: PixelBox(x: 0, y: 0, width: 200, height: 200), trim: 0.15, padding: 8) == nil)
    }

    @Test("a line that climbs less than the least drift across its box is read upright")
    func leastDrift() {
        // 300 pixels at 4° climb 21 pixels: 0.75 of the 28 read across, 0.35 of 60.
        let (page, corners) = Self.barPage(degrees: 4)
        let box = PixelBox(x: 0, y: 0, width: 400, height: 200)
        #expect(page.straightened(corners, across: box, trim: 0, padding: 0, leastDrift: 0.7) != nil)
        #expect(page.straightened(corners, across: box, trim: 0, padding: 0, leastDrift: 0.8) == nil)
        // Across half the line, half the climb.
        let half = PixelBox(x: 40, y: 0, width: 150, height: 200)
        #expect(page.straightened(corners, across: half, trim: 0, padding: 0, leastDrift: 0.7) == nil)
        #expect(HandwritingModel.leastDrift > 0 && HandwritingModel.leastDrift < 0.5)
    }

    @Test("the reader's crop: upright, and in the same place, for a line under the least drift; turned above it")
    func readerCrop() throws {
        let (page, corners) = Self.barPage(degrees: 4)
        let box = PixelBox(x: 40, y: 46, width: 300, height: 60)
        let (upright, origin) = page.crop(box, padding: 8)
        let none = HandwritingModel.cropped(page, box: box, outline: nil, padding: 8)
        #expect(none.image == upright)
        #expect(
            none.crop == PixelBox(x: Double(origin.x), y: Double(origin.y), width: Double(upright.width), height: Double(upright.height)))
        // 300 pixels at 4° climb 21 of the 28 × 0.7 read across: turned.
        let steep = HandwritingModel.cropped(page, box: box, outline: corners, padding: 8)
        #expect(steep.image != upright && steep.crop == none.crop)
        // 300 along, and 28 × 0.7 across, each padded by 8 on both sides.
        let (width, height) = (steep.image.width, steep.image.height)
        #expect(width == 316 && height == 36, "\(width) × \(height)")
        // A tenth of a degree climbs half a pixel: read upright.
        let (flatPage, flatCorners) = Self.barPage(degrees: 0.1)
        let flat = HandwritingModel.cropped(flatPage, box: box, outline: flatCorners, padding: 8)
        #expect(flat.image == flatPage.crop(box, padding: 8).image && flat.crop == none.crop)
    }

    @Test("off the box, there is nothing to turn")
    func outsideBox() {
        let (page, corners) = Self.barPage(degrees: 4)
        #expect(page.straightened(corners, across: PixelBox(x: 380, y: 0, width: 10, height: 200), trim: 0, padding: 0) == nil)
    }

    @Test("the real reader reads the bundled Chicago page turned by 4° better level than from upright boxes")
    func realTurnedPage() throws {
        guard let model = try HandwritingReaderTests.model() else { return }
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.gt.json")))
        let lines = ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { line -> (String, PixelBox)? in
            guard let text = line["text"] as? String, let box = line["box"] as? [Double], box.count == 4 else { return nil }
            return (text, PixelBox(x: box[0], y: box[1], width: box[2], height: box[3]))
        }
        try #require(lines.count > 3)
        let path = Repository.scans.appendingPathComponent("chicago-1.png").path
        let original = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        let page = TurnedPage.turned(original, degrees: 4)
        let turn = { TurnedPage.point($0, degrees: 4, width: original.width, height: original.height) }
        // Each line's rectangle as a detector gives it: its box grown by half its height above
        // and below, turned with the page; read upright from the rectangle's bounds.
        let rectangles = lines.map { _, box in
            [
                (box.x, box.y - box.height / 2), (box.x + box.width, box.y - box.height / 2), (box.x + box.width, box.y + box.height * 1.5),
                (box.x, box.y + box.height * 1.5),
            ].map { turn(PixelPoint(x: $0.0, y: $0.1)) }
        }
        let bounds = rectangles.map { corners in
            PixelBox(
                left: corners.map(\.x).min()!, top: corners.map(\.y).min()!, right: corners.map(\.x).max()!, bottom: corners.map(\.y).max()!
            )
        }
        let boxes = bounds.map(HandwritingLineReader.readBox)
        func rate(_ readings: [LineReading]) -> Double {
            let errors = zip(lines, readings).map { Scorer.levenshtein(Array($0.0.0), Array($0.1.text)) }.reduce(0, +)
            return Double(errors) / Double(lines.map(\.0.count).reduce(0, +))
        }
        let upright = rate(try model.readPage(page, boxes: boxes))
        let level = rate(try model.readPage(page, boxes: boxes, outlines: rectangles))
        print("Chicago turned by 4°: line CER \(level) level, \(upright) upright")
        #expect(level < upright, "level \(level), upright \(upright)")
        #expect(level < 0.05, "level \(level), upright \(upright)")
    }
}
