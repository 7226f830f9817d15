import Foundation
import LegibleLayout
import LegibleTextInput

/// The horizontal extent of every grapheme cluster on one line, in page pixels.
///
/// Where the x-extents come from, best first (`Docs/TextInputContract.md`, "Geometry"):
/// 1. glyph boxes, when every cluster of a word is covered by glyphs;
/// 2. the word box split evenly among the word's clusters;
/// 3. for text outside words (the spaces between them, or a line without words), the span
///    between the neighbouring words or the line box's edges, split evenly — "use the known
///    height and width of each line to compute approximate rects".
/// The y-extent is always the line's rect.
///
/// Extents are stored in *reading coordinates* `s = sign · x` (`sign` is -1 on right-to-left
/// lines) so that they increase with the offset whatever the direction; every query converts
/// back to page x.
struct LineGeometry {
    let start: Int
    let end: Int
    let rect: CGRect
    let sign: Double
    let clusterStarts: [Int]
    let clusterEnds: [Int]
    var leading: [Double] = []
    var trailing: [Double] = []
    let leadingEdge: Double
    let trailingEdge: Double

    /// The geometry of `line`, whose text is `units` (from the line's start).
    init(line: Line, rect: CGRect, direction: WritingDirection, units: [UInt16]) {
        start = line.range.start
        end = max(line.range.start, line.range.end)
        self.rect = rect
        sign = Self.readingSign(of: line, direction: direction)
        leadingEdge = sign > 0 ? Double(rect.minX) : -Double(rect.maxX)
        trailingEdge = sign > 0 ? Double(rect.maxX) : -Double(rect.minX)
        (clusterStarts, clusterEnds) = Self.clusters(from: start, to: end, in: units)
        let runs = runs(of: line)
        (leading, trailing) = extents(of: runs)
    }

    /// +1 when x runs with the offset, -1 when against it. The words' visual order decides;
    /// the paragraph's direction is only the fallback. A recogniser may lay out a line of mixed
    /// scripts left to right even when its first strong character is Hebrew, and geometry must
    /// follow the ink.
    /// On a line of one word, its glyphs' order decides in the same way.
    static func readingSign(of line: Line, direction: WritingDirection) -> Double {
        if let words = line.words, words.count >= 2, let first = words.min(by: { $0.range.start < $1.range.start }),
            let last = words.max(by: { $0.range.start < $1.range.start }), first.box.midX != last.box.midX
        {
            return last.box.midX > first.box.midX ? 1 : -1
        }
        if let glyphs = line.words?.first?.glyphs, let first = glyphs.first, let last = glyphs.last, first.box.midX != last.box.midX {
            return last.box.midX > first.box.midX ? 1 : -1
        }
        return direction == .rightToLeft ? -1 : 1
    }

    /// The grapheme clusters of `[start, end)`, from segmenting the line alone: a line follows
    /// a separator (a space, a line feed or a soft hyphen), after which a cluster can only go on
    /// with marks, which the line then starts with; so the page's clusters, cut at the line's
    /// ends, are the line's own. An edit then costs a line's segmentation, not the page's
    /// (`Docs/Editing.md`, "Typing on a long page").
    static func clusters(from start: Int, to end: Int, in units: [UInt16]) -> ([Int], [Int]) {
        guard end > start else { return ([], []) }
        let segments = UnicodeSegmentation.graphemeClusters(of: units[..<min(units.count, end - start)])
        return (segments.map { $0.lowerBound + start }, segments.map { $0.upperBound + start })
    }

    /// A stretch of the line with one source of geometry: a word (with its glyphs) or the text
    /// between words, and its interval in reading coordinates.
    struct Run {
        var range: Range<Int>
        var interval: (Double, Double)
        var glyphs: [Glyph]?
    }

    /// `box`'s horizontal interval, clamped to the line, in reading coordinates.
    func readingInterval(_ box: PixelBox) -> (Double, Double) {
        let left = min(max(box.x, Double(rect.minX)), Double(rect.maxX))
        let right = min(max(box.maxX, Double(rect.minX)), Double(rect.maxX))
        return sign > 0 ? (left, right) : (-right, -left)
    }

    /// Runs alternating between words and the text between them, covering the content.
    func runs(of line: Line) -> [Run] {
        var runs: [Run] = []
        var cursor = start
        var previousTrailing = leadingEdge
        for word in (line.words ?? []).sorted(by: { $0.range.start < $1.range.start }) {
            let wordStart = max(word.range.start, cursor)
            let wordEnd = min(max(word.range.end, wordStart), end)
            guard wordEnd > wordStart else { continue }
            let interval = readingInterval(word.box)
            if wordStart > cursor {
                runs.append(Run(range: cursor..<wordStart, interval: (previousTrailing, max(previousTrailing, interval.0)), glyphs: nil))
            }
            runs.append(Run(range: wordStart..<wordEnd, interval: interval, glyphs: word.glyphs))
            previousTrailing = interval.1
            cursor = wordEnd
        }
        if cursor < end {
            runs.append(Run(range: cursor..<end, interval: (previousTrailing, max(previousTrailing, trailingEdge)), glyphs: nil))
        }
        return runs
    }

    /// Each cluster's leading and trailing edge: from glyph boxes when every cluster of the run
    /// has one, else the run's interval split evenly; then made monotonic.
    func extents(of runs: [Run]) -> ([Double], [Double]) {
        var leading = [Double](repeating: leadingEdge, count: clusterStarts.count)
        var trailing = [Double](repeating: leadingEdge, count: clusterStarts.count)
        var clusterIndex = 0
        for run in runs {
            var members: [Int] = []
            while clusterIndex < clusterStarts.count, clusterStarts[clusterIndex] < run.range.upperBound {
                if clusterStarts[clusterIndex] >= run.range.lowerBound { members.append(clusterIndex) }
                clusterIndex += 1
            }
            guard !members.isEmpty else { continue }
            let intervals = glyphIntervals(run.glyphs, for: members) ?? evenIntervals(run.interval, count: members.count)
            for (slot, member) in members.enumerated() {
                leading[member] = intervals[slot].0
                trailing[member] = intervals[slot].1
            }
        }
        // Keep extents monotonic so binary search works even when glyph boxes overlap.
        for index in leading.indices {
            if index > 0 { leading[index] = max(leading[index], leading[index - 1]) }
            trailing[index] = max(trailing[index], leading[index])
        }
        return (leading, trailing)
    }

    /// The glyph-box interval of each member cluster, or `nil` unless glyphs cover them all.
    /// Clusters that lie in exactly the same glyphs (one glyph box for a whole word, or for a
    /// ligature) share that box evenly, so each still has an extent of its own.
    /// Glyphs are visited in order of their start, so a line's clusters cost one pass over its
    /// glyphs, not a pass each (the caret is drawn again after every keystroke).
    func glyphIntervals(_ glyphs: [Glyph]?, for members: [Int]) -> [(Double, Double)]? {
        guard let glyphs, !glyphs.isEmpty else { return nil }
        let ordered = glyphs.indices.allSatisfy { $0 == 0 || glyphs[$0 - 1].range.start <= glyphs[$0].range.start }
        let sorted = ordered ? glyphs : glyphs.sorted { $0.range.start < $1.range.start }
        var covers: [(box: PixelBox, glyphs: ClosedRange<Int>)] = []
        covers.reserveCapacity(members.count)
        var first = 0
        for member in members {
            let (start, end) = (clusterStarts[member], clusterEnds[member])
            // A glyph ending before this cluster ends before every later one: clusters go on.
            while first < sorted.count, sorted[first].range.end <= start { first += 1 }
            var cover: (box: PixelBox, glyphs: ClosedRange<Int>)?
            for index in first..<sorted.count {
                if sorted[index].range.start >= end { break }
                guard sorted[index].range.end > start else { continue }
                cover = cover.map { ($0.box.union(sorted[index].box), $0.glyphs.lowerBound...index) } ?? (sorted[index].box, index...index)
            }
            guard let cover else { return nil }
            covers.append(cover)
        }
        var intervals: [(Double, Double)] = []
        intervals.reserveCapacity(members.count)
        var groupStart = 0
        for index in 1...covers.count where index == covers.count || covers[index].glyphs != covers[groupStart].glyphs {
            intervals += evenIntervals(readingInterval(covers[groupStart].box), count: index - groupStart)
            groupStart = index
        }
        return intervals
    }

    /// `interval` cut into `count` equal parts.
    func evenIntervals(_ interval: (Double, Double), count: Int) -> [(Double, Double)] {
        let step = (interval.1 - interval.0) / Double(count)
        return (0..<count).map { (interval.0 + step * Double($0), interval.0 + step * Double($0 + 1)) }
    }

    /// Page x of the caret before the cluster at (or holding) `offset`; the content's trailing
    /// edge at or after `end`.
    func caretX(at offset: Int) -> Double {
        guard !clusterStarts.isEmpty else { return sign * leadingEdge }
        if offset >= end { return sign * trailing[trailing.count - 1] }
        let index = TextUnits.lastIndex(in: clusterStarts, atMost: offset)
        return sign * (index < 0 ? leading[0] : leading[index])
    }

    /// Page x-extent `[minX, maxX]` of the content part `[from, to)` of this line.
    func xExtent(from: Int, to: Int) -> (Double, Double) {
        let a = caretX(at: from)
        let b = to >= end ? caretX(at: end) : caretX(at: to)
        return (min(a, b), max(a, b))
    }

    /// Where a point at page x lands on this line.
    enum Landing {
        /// Left of the line's first cluster in reading order.
        case beforeStart
        /// At a cluster boundary inside the content (UTF-16 offset).
        case boundary(Int)
        /// Past the last cluster in reading order.
        case pastEnd
    }

    /// The nearest cluster boundary to page x: a point on a cluster's trailing half maps after it.
    func landing(atX x: Double) -> Landing {
        guard !clusterStarts.isEmpty else { return .beforeStart }
        let s = sign * x
        if s < leading[0] { return .beforeStart }
        if s >= trailing[trailing.count - 1] { return .pastEnd }
        let index = max(0, TextUnits.lastIndex(in: leading, atMost: s))
        let middle = (leading[index] + trailing[index]) / 2
        return .boundary(s > middle ? clusterEnds[index] : clusterStarts[index])
    }

    /// The cluster whose extent, grown by `slop` pixels, holds page x.
    func clusterIndex(atX x: Double, slop: Double) -> Int? {
        guard !clusterStarts.isEmpty else { return nil }
        let s = sign * x
        let index = max(0, TextUnits.lastIndex(in: leading, atMost: s))
        var best: (index: Int, distance: Double)?
        for candidate in max(0, index - 1)...min(leading.count - 1, index + 1) {
            let distance = max(0, leading[candidate] - s, s - trailing[candidate])
            if distance <= slop, best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.index
    }
}
