import Foundation
import LegibleTextInput

/// The laws every ``TextInput`` must keep, checked on any page (like swift-collections'
/// `checkBidirectionalCollection`). Returns the violations found, empty when the page conforms:
/// - offsets round-trip: `position(from: a, offset: offset(from: a, to: b)) == b`;
/// - tokenizer moves at every granularity are strictly monotone and end in `nil` within
///   `length + 1` steps, both ways, and each result is a boundary in the same direction;
/// - every caret and selection rect lies inside the page;
/// - the centre of each selection rect hit-tests to a position inside its range, or, for a rect
///   that draws nothing, across separators only from it;
/// - the selection rects of consecutive lines never overlap.
public func checkTextInput(_ page: any TextInput, bounds: CGRect, sampleLimit: Int = 200) -> [String] {
    var problems: [String] = []
    func note(_ message: String) { if problems.count < 20 { problems.append(message) } }
    let length = page.endOfDocument.offset
    let step = max(1, length / sampleLimit)
    let samples = Array(stride(from: 0, through: length, by: step)) + (length % step == 0 ? [] : [length])

    for a in samples.prefix(40) {
        for b in samples.prefix(40) {
            let pa = TextPosition(offset: a)
            let pb = TextPosition(offset: b)
            if page.position(from: pa, offset: page.offset(from: pa, to: pb)) != pb { note("round trip \(a)→\(b) failed") }
        }
    }

    let tokenizer = page.tokenizer
    for granularity in TextGranularity.allCases {
        for direction in [TextStorageDirection.forward, .backward] {
            var position = direction == .forward ? page.beginningOfDocument : page.endOfDocument
            var steps = 0
            while let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: .storage(direction)) {
                let monotone = direction == .forward ? next.offset > position.offset : next.offset < position.offset
                if !monotone { note("\(granularity) \(direction) from \(position.offset) went to \(next.offset)"); break }
                if !tokenizer.isPosition(next, atBoundary: granularity, inDirection: .storage(direction)) {
                    note("\(granularity) \(direction): \(next.offset) is not a boundary")
                }
                position = next
                steps += 1
                if steps > length + 1 { note("\(granularity) \(direction) did not end within length + 1 steps"); break }
            }
        }
    }

    let slack: CGFloat = 0.001
    func inside(_ rect: CGRect) -> Bool {
        rect.minX >= bounds.minX - slack && rect.minY >= bounds.minY - slack && rect.maxX <= bounds.maxX + slack
            && rect.maxY <= bounds.maxY + slack
    }
    for offset in samples {
        let caret = page.caretRect(for: TextPosition(offset: offset))
        if !inside(caret) { note("caret at \(offset) leaves the page: \(caret)") }
        if caret.height <= 0 { note("caret at \(offset) has no height") }
    }
    var ranges: [TextRange] = []
    var lineStart = page.beginningOfDocument
    while let lineEnd = tokenizer.position(from: lineStart, toBoundary: .line, inDirection: .forward), ranges.count < sampleLimit {
        ranges.append(TextRange(lineStart, lineEnd))
        lineStart = lineEnd
    }
    for (upper, lower) in zip(ranges, ranges.dropFirst()) {
        for a in page.selectionRects(for: upper) {
            for b in page.selectionRects(for: lower) {
                let overlap = a.rect.intersection(b.rect)
                if !overlap.isNull, overlap.width > 0.001, overlap.height > 0.001 {
                    note("rects of consecutive lines \(upper) and \(lower) overlap: \(a.rect) / \(b.rect)")
                }
            }
        }
    }
    var generator = SplitMix(seed: UInt64(length))
    for _ in 0..<min(50, sampleLimit) where length > 0 {
        let a = Int(generator.next() % UInt64(length + 1))
        let b = Int(generator.next() % UInt64(length + 1))
        ranges.append(TextRange(a, b))
    }
    let clusters = tokenizer.units(for: .character)
    for range in ranges {
        // Positions are cluster boundaries, so a range inside a cluster is judged by the cluster.
        let lower = clusters.index(containing: range.start.offset).map { clusters.starts[$0] } ?? range.start.offset
        let upper =
            range.end.offset > 0 ? (clusters.index(containing: range.end.offset - 1).map { clusters.ends[$0] } ?? range.end.offset) : 0
        for selection in page.selectionRects(for: range) {
            if !inside(selection.rect) { note("selection rect of \(range) leaves the page: \(selection.rect)") }
            let centre = CGPoint(x: selection.rect.midX, y: selection.rect.midY)
            if let hit = page.closestPosition(to: centre), hit.offset < lower || hit.offset > upper,
                !(selection.rect.width < 0.001 && onlySeparators(page, between: hit.offset, and: hit.offset < lower ? lower : upper))
            {
                note("centre of a rect of \(range) hit-tests to \(hit.offset), outside it")
            }
        }
    }
    return problems
}

/// Whether the text between offsets `a` and `b` is separators only (spaces, line feeds, soft
/// hyphens). Separators between lines have no ink of their own (`Docs/TextInputContract.md`,
/// "Geometry"): a rect that draws nothing for such a run is only a caret place, and hit-testing
/// it lands at one end of the run.
func onlySeparators(_ page: any TextInput, between a: Int, and b: Int) -> Bool {
    let text = page.text(in: TextRange(min(a, b), max(a, b))) ?? ""
    return text.unicodeScalars.allSatisfy { [" ", "\n", "\u{AD}"].contains($0) }
}

/// A tiny seeded random generator (SplitMix64) so random layouts repeat exactly.
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
