import Foundation
import LegibleImage
import LegibleLayout
import LegibleLines

/// Text lines found by a detector on the page in grey (`Docs/Recognition.md`, "Detected lines"),
/// each as ``DetectedLine``s in the page's pixels, in reading order. Implemented by the
/// handwriting module's text detector; one per recogniser, on its thread.
public protocol LineDetector: AnyObject {
    /// The lines on `page` (`width × height` grey values, row-major), in reading order; with
    /// `region` (page pixels), only the lines inside it, searched at the detector's full
    /// resolution (`Docs/Recognition.md`, "The paper"). In the page's pixels.
    /// - Throws: ``LineReaderTimeout`` when `deadline` passes first.
    func lines(on page: GreyImage, within region: PixelBox?, until deadline: Date) throws
        -> [DetectedLine]
}

/// One line a text detector found: the rectangle along the line's own direction (its four
/// corners, clockwise from the start of its top edge), its bounds, and the detector's mean
/// probability inside it. Pixels of the page, origin top-left, y down.
public struct DetectedLine: Equatable, Sendable {
    /// The corners, clockwise from the top-left along the line.
    public var corners: [PixelPoint]
    /// The corners' bounds, inside the page.
    public var box: PixelBox
    /// The detector's mean probability inside the rectangle, 0…1.
    public var score: Double

    /// A line of these `corners` (page pixels, clockwise from the top-left along the line),
    /// bounded by `box`, with the detector's `score`.
    public init(corners: [PixelPoint], box: PixelBox, score: Double) {
        (self.corners, self.box, self.score) = (corners, box, score)
    }

    /// The line moved `x` pixels right and `y` down: from a part of the page to the page.
    public func moved(byX x: Double, y: Double) -> DetectedLine {
        DetectedLine(
            corners: corners.map { PixelPoint(x: $0.x + x, y: $0.y + y) },
            box: PixelBox(x: box.x + x, y: box.y + y, width: box.width, height: box.height), score: score)
    }

    /// How far a line's rectangle grows by DB's unclip: by its area times this over its
    /// perimeter (PaddleOCR's `det_db_unclip_ratio`). The one value; ``inkSpan`` undoes it.
    public static let unclipRatio = 1.4

    /// The lines of a probability map of `width × height` (row-major): each piece of the map
    /// above `threshold` (8-connected) as its smallest rectangle along its principal direction,
    /// kept when the map's mean over that rectangle reaches `boxThreshold` and its short side is
    /// 3 pixels or more, then grown on every side by its area × `unclipRatio` / its perimeter (DB's unclip).
    /// In the map's pixels.
    public static func lines(
        in map: [Float], width: Int, height: Int, threshold: Float = 0.2, boxThreshold: Float = 0.45, unclipRatio: Double = unclipRatio
    ) -> [DetectedLine] {
        guard width > 0, height > 0, map.count == width * height else { return [] }
        var lines: [DetectedLine] = []
        for piece in BinaryGrid.pieces(width, height, eightConnected: true, where: { map[$0] > threshold }).map(\.pixels) {
            if let line = line(of: piece, in: map, width: width, boxThreshold: boxThreshold, unclipRatio: unclipRatio),
                line.thickness <= Double(min(width, height)) * maximumThickness
            {
                lines.append(line)
            }
        }
        return lines
    }

    /// The most a line's thickness (its rectangle's short side) may be, as a share of the page's
    /// shorter side: on a blank sheet photographed on a dark table the detector took the whole
    /// sheet for one block of text (its mean 0.95); the largest written line in the real corpus
    /// is under a tenth.
    public static let maximumThickness = 0.2

    /// The slant of the line's top edge, radians, positive when it descends to the right (y
    /// down); 0 for a line without four corners.
    public var slant: Double {
        guard corners.count == 4 else { return 0 }
        let (dx, dy) = (corners[1].x - corners[0].x, corners[1].y - corners[0].y)
        // The rectangle's long side runs along the line; its direction, not its sense, counts.
        let angle = atan2(dy, dx)
        return angle > .pi / 2 ? angle - .pi : angle < -.pi / 2 ? angle + .pi : angle
    }

    /// The least slant at which a line keeps its rectangle as its outline (``Line/polygon``):
    /// one degree, 17 pixels over a line 1,000 pixels long.
    public static let outlinedSlant = Double.pi / 180

    /// The line's thickness: its rectangle's short side, in its page's pixels.
    public var thickness: Double {
        guard corners.count == 4 else { return 0 }
        let side = { (a: PixelPoint, b: PixelPoint) in ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        return min(side(corners[0], corners[1]), side(corners[1], corners[2]))
    }

    /// The rectangle of one piece of the map (its pixels' indices), or nil when it is too thin
    /// or too faint.
    static func line(of piece: [Int], in map: [Float], width: Int, boxThreshold: Float, unclipRatio: Double) -> DetectedLine? {
        guard piece.count >= 4 else { return nil }
        let count = Double(piece.count)
        var (sx, sy) = (0.0, 0.0)
        for index in piece { (sx, sy) = (sx + Double(index % width), sy + Double(index / width)) }
        let (cx, cy) = (sx / count, sy / count)
        var (xx, yy, xy) = (0.0, 0.0, 0.0)
        for index in piece {
            let (dx, dy) = (Double(index % width) - cx, Double(index / width) - cy)
            (xx, yy, xy) = (xx + dx * dx, yy + dy * dy, xy + dx * dy)
        }
        // The principal direction, kept within ±45° of the horizontal for a line that is
        // wider than high, so that "along the line" reads left to right.
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        let (ux, uy) = (cos(angle), sin(angle))
        var (minU, maxU, minV, maxV) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        var (left, right, top, bottom) = (Int.max, 0, Int.max, 0)
        for index in piece {
            let (x, y) = (index % width, index / width)
            let (dx, dy) = (Double(x) - cx, Double(y) - cy)
            let (u, v) = (dx * ux + dy * uy, -dx * uy + dy * ux)
            (minU, maxU, minV, maxV) = (min(minU, u), max(maxU, u), min(minV, v), max(maxV, v))
            (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
        }
        let (long, short) = (maxU - minU + 1, maxV - minV + 1)
        guard min(long, short) >= 3 else { return nil }
        // The score is the map's mean over the whole rectangle, not over the piece alone (whose
        // pixels are all above the cut): a ring of grain round a page has a low one.
        var (sum, inside): (Float, Int) = (0, 0)
        for y in top...bottom {
            for x in left...right {
                let (dx, dy) = (Double(x) - cx, Double(y) - cy)
                let (u, v) = (dx * ux + dy * uy, -dx * uy + dy * ux)
                guard u >= minU, u <= maxU, v >= minV, v <= maxV else { continue }
                sum += map[y * width + x]
                inside += 1
            }
        }
        guard inside > 0, sum / Float(inside) >= boxThreshold else { return nil }
        let grow = long * short * unclipRatio / (2 * (long + short))
        let (u0, u1, v0, v1) = (minU - 0.5 - grow, maxU + 0.5 + grow, minV - 0.5 - grow, maxV + 0.5 + grow)
        let corners = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)].map { u, v in
            PixelPoint(x: cx + 0.5 + u * ux - v * uy, y: cy + 0.5 + u * uy + v * ux)
        }
        return DetectedLine(corners: corners, box: bounds(of: corners), score: Double(sum / Float(inside)))
    }

    /// The bounds of `points`.
    static func bounds(of points: [PixelPoint]) -> PixelBox {
        PixelBox.enclosing(points: points) ?? PixelBox(x: 0, y: 0, width: 0, height: 0)
    }

    /// This line in a page `scale` times the map's size, its bounds kept inside `page`.
    public func scaled(by scale: (x: Double, y: Double), within page: GreyImage) -> DetectedLine {
        let corners = corners.map { PixelPoint(x: $0.x * scale.x, y: $0.y * scale.y) }
        return DetectedLine(
            corners: corners, box: Self.bounds(of: corners).clipped(toWidth: Double(page.width), height: Double(page.height)), score: score)
    }

    /// `lines` in reading order: where a vertical gap that no line crosses parts them into
    /// columns (a spread's two pages, notes in a margin) with two lines or more on each side, the
    /// left column is read, then the right, each in its own order; where only lines written
    /// across most of the width (a heading across both pages) cross such a gap, those lines cut
    /// the columns into bands read top to bottom; else by rows (a line joins the row whose
    /// middle band it shares), left to right within a row.
    public static func inReadingOrder(_ lines: [DetectedLine]) -> [DetectedLine] {
        guard lines.count > 1 else { return lines }
        if let (left, right) = columns(of: lines) { return inReadingOrder(left) + inReadingOrder(right) }
        let (left, right) = (lines.map(\.box.x).min() ?? 0, lines.map(\.box.maxX).max() ?? 0)
        let across = lines.filter { $0.box.width > 0.6 * (right - left) }.sorted { $0.box.midY < $1.box.midY }
        let others = lines.filter { line in !across.contains(line) }
        guard !across.isEmpty, let (leftColumn, rightColumn) = columns(of: others) else { return rows(of: lines) }
        var (restLeft, restRight, ordered) = (leftColumn, rightColumn, [DetectedLine]())
        for line in across {
            let (aboveLeft, aboveRight) = (
                restLeft.filter { $0.box.midY < line.box.midY }, restRight.filter { $0.box.midY < line.box.midY }
            )
            ordered += inReadingOrder(aboveLeft) + inReadingOrder(aboveRight) + [line]
            restLeft.removeAll { $0.box.midY < line.box.midY }
            restRight.removeAll { $0.box.midY < line.box.midY }
        }
        return ordered + inReadingOrder(restLeft) + inReadingOrder(restRight)
    }

    /// `lines` parted at the widest vertical gap that no line crosses, with two lines or more
    /// on each side, unless the sides are one table's cells (``isTable(_:_:)``, read by rows);
    /// else at the widest gap that no line's ink crosses (``inkSpan``) where the two sides'
    /// lines keep rows of their own (two pages of a letter, not a table's halves); nil when
    /// there is none.
    static func columns(of lines: [DetectedLine]) -> ([DetectedLine], [DetectedLine])? {
        if let parted = parted(lines, by: \.boxSpan) { return isTable(parted.0, parted.1) ? nil : parted }
        guard let parted = parted(lines, by: \.inkSpan), !sharesRows(parted.0, parted.1) else { return nil }
        return parted
    }

    /// Whether `left` and `right`, parted by a gap no line's rectangle crosses, are cells of
    /// one table: they share rows, and one side is itself parted into columns, so a row holds
    /// three cells or more. Two pages of writing, each one column, may share their rows on
    /// ruled paper, and are still read page by page.
    static func isTable(_ left: [DetectedLine], _ right: [DetectedLine]) -> Bool {
        sharesRows(left, right) && [left, right].contains(where: hasColumns)
    }

    /// Whether `lines` part into columns once the few written across them are set aside (a
    /// table's header, a note across it): lines wider than half the lines' extent, a quarter
    /// of them at most.
    static func hasColumns(_ lines: [DetectedLine]) -> Bool {
        guard let left = lines.map(\.box.x).min(), let right = lines.map(\.box.maxX).max() else { return false }
        let cells = lines.filter { $0.box.width <= (right - left) / 2 }
        return cells.count * 4 >= lines.count * 3 && parted(cells, by: \.boxSpan) != nil
    }

    /// The line's rectangle's extent from left to right, page pixels.
    var boxSpan: ClosedRange<Double> { box.x...box.maxX }

    /// `lines` parted at the widest gap between their `span`s (page pixels, left to right) that
    /// no span crosses, with two lines or more on each side; nil when there is none (so for
    /// fewer than four lines).
    static func parted(_ lines: [DetectedLine], by span: (DetectedLine) -> ClosedRange<Double>) -> ([DetectedLine], [DetectedLine])? {
        guard lines.count >= 4 else { return nil }
        let sorted = lines.map { (line: $0, span: span($0)) }.sorted { $0.span.lowerBound < $1.span.lowerBound }
        var (reach, best): (Double, (gap: Double, at: Int)?) = (sorted[0].span.upperBound, nil)
        for index in 1..<sorted.count {
            let gap = sorted[index].span.lowerBound - reach
            if gap > 0, index >= 2, sorted.count - index >= 2, gap > (best?.gap ?? 0) { best = (gap, index) }
            reach = max(reach, sorted[index].span.upperBound)
        }
        guard let best else { return nil }
        return (sorted[..<best.at].map(\.line), sorted[best.at...].map(\.line))
    }

    /// Whether half or more of the lines of the side with fewer have a line on the other side
    /// whose middle is within a tenth of their thickness of theirs: a table's cells share rows.
    static func sharesRows(_ left: [DetectedLine], _ right: [DetectedLine]) -> Bool {
        let (fewer, more) = left.count <= right.count ? (left, right) : (right, left)
        let shared = fewer.count { line in more.contains { abs($0.box.midY - line.box.midY) <= line.height / 10 } }
        return shared * 2 >= fewer.count
    }

    /// The share of a detected line's thickness that DB's unclip added at each of its sides:
    /// a rectangle of ink `h` thick grows by about `h` × ``unclipRatio`` / 2 (for a line much
    /// longer than thick), so 0.7 of 2.4 times the ink, 0.29.
    static let unclipShare = unclipRatio / 2 / (1 + unclipRatio)

    /// The line's extent from left to right less what the unclip added at its ends
    /// (``unclipShare`` of its ``height``): about where its ink starts and ends, page pixels.
    var inkSpan: ClosedRange<Double> {
        let inset = min(height * Self.unclipShare, box.width / 2)
        return (box.x + inset)...(box.maxX - inset)
    }

    /// `lines` by rows, top to bottom, each left to right.
    static func rows(of lines: [DetectedLine]) -> [DetectedLine] {
        var rows: [[DetectedLine]] = []
        for line in lines.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.indices.last, let first = rows[last].first, first.sharesRow(with: line) {
                rows[last].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.flatMap { $0.sorted { $0.box.x < $1.box.x } }
    }

    /// Whether `other` lies along this line. Where `other`'s middle is above or below this
    /// line, it must lie within half the thinner one's thickness of this line's middle,
    /// followed along this line's slant: by their upright boxes, a long line slanted by a
    /// degree or two has a box two or three lines high, and lines that followed each other
    /// were taken for one row and read by their left ends (`Docs/Recognition.md`, "Detected
    /// lines"). Beside it, their boxes' middles must be within half the lower box's height, as
    /// a slant is not followed past the line's end.
    func sharesRow(with other: DetectedLine) -> Bool {
        let (here, there) = (middle, other.middle)
        guard there.x >= box.x, there.x <= box.maxX else {
            return abs(box.midY - other.box.midY) < min(box.height, other.box.height) / 2
        }
        let along = here.y + tan(slant) * (there.x - here.x)
        return abs(there.y - along) < min(height, other.height) / 2
    }

    /// The rectangle's centre (its bounds', without four corners), in page pixels.
    var middle: PixelPoint {
        guard corners.count == 4 else { return PixelPoint(x: box.midX, y: box.midY) }
        return PixelPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    }

    /// The line's height across its own direction: its ``thickness``, or its bounds' height
    /// without four corners.
    var height: Double { corners.count == 4 ? thickness : box.height }
}
