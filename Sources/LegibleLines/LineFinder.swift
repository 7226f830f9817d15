import LegibleLayout

/// Finds the lines of writing on a page from its ink alone, for pages whose lines Tesseract's
/// layout analysis does not find (`Docs/Recognition.md`, "Found lines"): large, looping
/// cursive with long descenders, where it finds no line at all.
///
/// Components are taken left to right; each joins the row whose centre of ink is nearest to its
/// own, within half the writing's height, unless the row ended more than three heights to its
/// left. Rows of one line that the first pass left apart (a raised word, a gap) are then joined,
/// and rows with little ink (specks, stray marks) are dropped.
package enum LineFinder {
    /// The height of the writing, px: the height of the component at the ink-weighted median,
    /// so that words, which carry most of the ink, decide it rather than dots and specks.
    /// `nil` without components.
    package static func writingHeight(_ components: [InkComponent]) -> Double? {
        let total = components.reduce(0) { $0 + $1.ink }
        guard total > 0 else { return nil }
        var seen = 0
        for component in components.sorted(by: { $0.box.height < $1.box.height }) {
            seen += component.ink
            if seen * 2 >= total { return max(4, component.box.height) }
        }
        return nil
    }

    /// More ink than this share of the page is not writing but texture, a photograph or noise.
    package static let maximumInkShare = 0.2
    /// More components than this are specks or noise; grouping them would only take time.
    package static let maximumComponents = 50_000
    /// More rows than this are not lines of writing: a page holds about a hundred at most.
    package static let maximumRows = 200

    /// What the finder found: the lines, and the writing height it grouped them by (px; 0 when
    /// it found none).
    package struct Found {
        package var lines: [PixelBox]
        package var writingHeight: Double
    }

    /// The lines of `components` in an image of `width` × `height` px, top to bottom, each the
    /// box of its components. Components touching the image's edge are left out: there they are
    /// the page's edge or its shadow, not writing. A page that is not writing — more than a fifth
    /// ink, more than ``maximumComponents`` pieces, more than ``maximumRows`` rows, or writing
    /// more than a quarter of the page high — has no lines: a reading along them would invent
    /// text.
    package static func lines(in components: [InkComponent], width: Double, height: Double) -> Found {
        let none = Found(lines: [], writingHeight: 0)
        guard components.count <= maximumComponents else { return none }
        let inside = components.filter {
            $0.box.x > 1 && $0.box.y > 1 && $0.box.maxX < width - 1 && $0.box.maxY < height - 1
        }
        let ink = Double(inside.reduce(0) { $0 + $1.ink })
        guard ink <= maximumInkShare * width * height, let size = writingHeight(inside), size <= height / 4 else { return none }
        // Words and letters: not taller than two lines (those join lines), not mere dots.
        let body = inside.filter { $0.box.height <= 2 * size && ($0.box.height >= 0.3 * size || $0.box.width >= size) }
        var rows: [Row] = []
        for component in body.sorted(by: { $0.box.x < $1.box.x }) {
            let candidates = rows.indices.filter {
                abs(rows[$0].centreY - component.centreY) < 0.5 * size && component.box.x - rows[$0].box.maxX < 3 * size
            }
            if let nearest = candidates.min(by: { abs(rows[$0].centreY - component.centreY) < abs(rows[$1].centreY - component.centreY) }) {
                rows[nearest].add(component)
            } else {
                rows.append(Row(component))
                // Stop as soon as the page shows it is not writing: every row costs a scan.
                if rows.count > maximumRows { return none }
            }
        }
        rows = joined(rows, size: size)
        let most = rows.map(\.ink).max() ?? 0
        let kept = rows.filter { $0.ink * 100 >= most * 8 && $0.box.width >= size }
        return Found(lines: kept.sorted { $0.centreY < $1.centreY }.map(\.box), writingHeight: size)
    }

    /// A line being built.
    package struct Row {
        package var box: PixelBox
        package var ink: Int
        /// The median centre of its last eight components: a line that drifts up or down
        /// across the page is followed.
        package var centreY: Double
        private var recent: [Double]

        init(_ component: InkComponent) {
            box = component.box
            ink = component.ink
            centreY = component.centreY
            recent = [component.centreY]
        }

        mutating func add(_ component: InkComponent) {
            box = box.union(component.box)
            ink += component.ink
            recent = Array((recent + [component.centreY]).suffix(8))
            centreY = recent.sorted()[recent.count / 2]
        }

        /// Takes in `other`, a row of the same line.
        mutating func absorb(_ other: Row) {
            centreY = (centreY * Double(ink) + other.centreY * Double(other.ink)) / Double(max(1, ink + other.ink))
            box = box.union(other.box)
            ink += other.ink
            recent = [centreY]
        }

        /// Whether `other` continues this row's line: their centres are within half a line,
        /// or their boxes share 70 % of the shorter one's height, and side by side they overlap
        /// by less than half a line or less than three quarters of the narrower row. A line
        /// whose words climb (the last words written higher) leaves a row of its first words
        /// and a row of its last, overlapping by a word at the bend; two lines of writing never
        /// lie side by side at one height.
        package func isSameLine(as other: Row, size: Double) -> Bool {
            let across = box.overlapAcross(other.box)
            let down = box.overlapDown(other.box)
            let aligned = abs(centreY - other.centreY) < 0.5 * size || down >= 0.7 * min(box.height, other.box.height)
            return aligned && across < max(0.5 * size, 0.75 * min(box.width, other.box.width))
        }
    }

    /// `rows` with every pair that is one line joined, until none is left. A joined row is
    /// compared again with every other, since it has grown.
    package static func joined(_ rows: [Row], size: Double) -> [Row] {
        var rows = rows
        while let (keep, drop) = firstPair(in: rows, size: size) {
            rows[keep].absorb(rows[drop])
            rows.remove(at: drop)
        }
        return rows
    }

    package static func firstPair(in rows: [Row], size: Double) -> (Int, Int)? {
        for first in rows.indices {
            for second in rows.indices.dropFirst(first + 1) where rows[first].isSameLine(as: rows[second], size: size) {
                return (first, second)
            }
        }
        return nil
    }
}
