import Foundation

/// A page's UTF-16 text with a gap, as editors keep their text: the gap sits after the line
/// being edited, so an edit moves only the rest of that line, and the line is one contiguous
/// slice of storage at the text's own offsets; an edit on another line first moves the text
/// between the two places across the gap (`Docs/Editing.md`, "Typing on a long page").
struct GapUnits: RandomAccessCollection, Equatable {
    /// The text before the gap, the gap, then the text after it.
    private var storage: [UInt16]
    private var gapStart: Int
    private var gapLength = 0

    /// The text `units`, its gap at the end.
    init(_ units: [UInt16]) {
        storage = units
        gapStart = units.count
    }

    /// Where the gap is, as a UTF-16 offset of the text.
    var gap: Int { gapStart }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count - gapLength }

    /// The unit at UTF-16 offset `offset`.
    subscript(offset: Int) -> UInt16 { storage[offset < gapStart ? offset : offset + gapLength] }

    /// The whole text as an array (O(n)).
    var array: [UInt16] { Array(storage[..<gapStart]) + Array(storage[(gapStart + gapLength)...]) }

    /// The units of `range` as a slice at the text's offsets; nil unless all of it lies before
    /// the gap (``moveGap(to:)`` puts it there).
    func contiguous(_ range: Range<Int>) -> ArraySlice<UInt16>? { range.upperBound <= gapStart ? storage[range] : nil }

    /// The text of `range` as a string, decoded from storage in place when the range lies on
    /// one side of the gap (a lone surrogate half becomes U+FFFD, as `String(decoding:)` does).
    func string(_ range: Range<Int>) -> String {
        if range.upperBound <= gapStart { return String(decoding: storage[range], as: UTF16.self) }
        if range.lowerBound >= gapStart {
            return String(decoding: storage[(range.lowerBound + gapLength)..<(range.upperBound + gapLength)], as: UTF16.self)
        }
        return String(
            decoding: storage[range.lowerBound..<gapStart] + storage[(gapStart + gapLength)..<(range.upperBound + gapLength)],
            as: UTF16.self)
    }

    /// Moves the gap to start at `offset`, moving the text between the two places across it.
    mutating func moveGap(to offset: Int) {
        let (from, length) = (gapStart, gapLength)
        gapStart = offset
        guard offset != from, length > 0 else { return }
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let stride = MemoryLayout<UInt16>.stride
            if offset < from {
                memmove(base + offset + length, base + offset, (from - offset) * stride)
            } else {
                memmove(base + from, base + from + length, (offset - from) * stride)
            }
        }
    }

    /// `range`, which lies before the gap, replaced by `replacement`: the text between the
    /// range and the gap moves by the difference, into the gap or out of it. The gap grows by an
    /// eighth of the text when it is too small, so a run of typing reallocates rarely.
    mutating func replace(_ range: Range<Int>, with replacement: [UInt16]) {
        if range.upperBound > gapStart { moveGap(to: range.upperBound) }
        let delta = replacement.count - range.count
        if delta > gapLength {
            let extra = Swift.max(delta - gapLength, 64, count / 8)
            storage.insert(contentsOf: repeatElement(0, count: extra), at: gapStart + gapLength)
            gapLength += extra
        }
        let tail = gapStart - range.upperBound
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            memmove(base + range.upperBound + delta, base + range.upperBound, tail * MemoryLayout<UInt16>.stride)
            for (index, unit) in replacement.enumerated() { base[range.lowerBound + index] = unit }
        }
        gapStart += delta
        gapLength -= delta
    }

    /// Equal when the texts are.
    static func == (lhs: GapUnits, rhs: GapUnits) -> Bool { lhs.elementsEqual(rhs) }
}
