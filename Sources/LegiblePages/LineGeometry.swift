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
    let leading: [Double]
    let trailing: [Double]
    let leadingEdge: Double
    let trailingEdge: Double

    init(line: Line, rect: CGRect, direction: WritingDirection, characters: TextUnits, utf16: [UInt16]) {
        start = line.range.start
        end = max(line.range.start, line.range.end)
        self.rect = rect
        // The words' visual order decides which way x runs; the paragraph's direction is only
        // the fallback. A recogniser may lay out a line of mixed scripts left to right even
        // when its first strong character is Hebrew, and geometry must follow the ink.
        var sign: Double = direction == .rightToLeft ? -1 : 1
        if let words = line.words, words.count >= 2, let first = words.min(by: { $0.range.start < $1.range.start }),
            let last = words.max(by: { $0.range.start < $1.range.start }), first.box.midX != last.box.midX
        {
            sign = last.box.midX > first.box.midX ? 1 : -1
        }
        self.sign = sign
        let leadingEdge = sign > 0 ? Double(rect.minX) : -Double(rect.maxX)
        let trailingEdge = sign > 0 ? Double(rect.maxX) : -Double(rect.minX)
        self.leadingEdge = leadingEdge
        self.trailingEdge = trailingEdge

        // Clusters of the line's content, clamped to it.
        var starts: [Int] = []
        var ends: [Int] = []
        if end > start {
            var index = characters.index(containing: start) ?? max(0, TextUnits.lastIndex(in: characters.starts, atMost: start))
            while index < characters.count, characters.starts[index] < end {
                starts.append(max(start, characters.starts[index]))
                ends.append(min(end, characters.ends[index]))
                index += 1
            }
            if starts.isEmpty {
                starts = [start]
                ends = [end]
            }
        }
        clusterStarts = starts
        clusterEnds = ends

        func readingInterval(_ box: PixelBox) -> (Double, Double) {
            let left = min(max(box.x, Double(rect.minX)), Double(rect.maxX))
            let right = min(max(box.maxX, Double(rect.minX)), Double(rect.maxX))
            return sign > 0 ? (left, right) : (-right, -left)
        }

        // Runs alternate between words and the text between them.
        struct Run {
            var range: Range<Int>
            var interval: (Double, Double)
            var glyphs: [Glyph]?
        }
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

        var leading = [Double](repeating: leadingEdge, count: starts.count)
        var trailing = [Double](repeating: leadingEdge, count: starts.count)
        var clusterIndex = 0
        for run in runs {
            var members: [Int] = []
            while clusterIndex < starts.count, starts[clusterIndex] < run.range.upperBound {
                if starts[clusterIndex] >= run.range.lowerBound { members.append(clusterIndex) }
                clusterIndex += 1
            }
            guard !members.isEmpty else { continue }
            var fromGlyphs: [(Double, Double)] = []
            if let glyphs = run.glyphs, !glyphs.isEmpty {
                for member in members {
                    let covering = glyphs.filter { $0.range.start < ends[member] && $0.range.end > starts[member] }
                    guard let first = covering.first else { break }
                    fromGlyphs.append(readingInterval(covering.dropFirst().reduce(first.box) { $0.union($1.box) }))
                }
            }
            if fromGlyphs.count == members.count {
                for (slot, member) in members.enumerated() {
                    leading[member] = fromGlyphs[slot].0
                    trailing[member] = fromGlyphs[slot].1
                }
            } else {
                let (low, high) = run.interval
                let step = (high - low) / Double(members.count)
                for (slot, member) in members.enumerated() {
                    leading[member] = low + step * Double(slot)
                    trailing[member] = low + step * Double(slot + 1)
                }
            }
        }
        // Keep extents monotonic so binary search works even when glyph boxes overlap.
        for index in leading.indices {
            if index > 0 { leading[index] = max(leading[index], leading[index - 1]) }
            trailing[index] = max(trailing[index], leading[index])
        }
        self.leading = leading
        self.trailing = trailing
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
