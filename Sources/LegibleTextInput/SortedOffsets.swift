/// An ascending array of non-negative integers with an O(1) "last index at most x" lookup.
///
/// A bucket table remembers, for every block of 16 values of x, where that block starts in
/// the array; a query then binary-searches only inside its block (a handful of elements).
/// Plain binary search made per-query costs grow with the page: on a 1,000,000-unit page
/// `selectionRects` took 3.5× as long as on a 1,000-unit page (benchmark, 2026-11-29), over
/// the contract's 2× budget. Memory: 4 bytes per 16 units of range.
///
/// An edit moves the values after it (``shift(after:by:)``) in O(1) (``ShiftedOffsets``); the
/// blocks from the edit on are then searched by plain binary search, O(log n), until the table
/// is built again, so that a keystroke does not rebuild a table as long as the page
/// (`Docs/Editing.md`, "Typing on a long page").
public struct SortedOffsets: Sendable, Equatable {
    /// The values, ascending.
    public private(set) var values: ShiftedOffsets
    private var buckets: [Int32]
    /// Buckets before this block are exact; from it on, the values have moved since.
    private var exactBlocks: Int
    private static let shift = 4

    /// Creates the table; `values` must be ascending and non-negative.
    public init(_ values: [Int]) {
        self.values = ShiftedOffsets(values)
        let limit = (values.last ?? 0) >> Self.shift + 2
        var buckets = [Int32](repeating: 0, count: limit)
        var index = 0
        for bucket in 0..<limit {
            let threshold = bucket << Self.shift
            while index < values.count, values[index] < threshold { index += 1 }
            buckets[bucket] = Int32(index)
        }
        self.buckets = buckets
        exactBlocks = limit
    }

    /// Adds `delta` (UTF-16 units, either sign) to every value greater than `offset`: an edit at
    /// `offset` changed the text's length. The values must stay ascending, so no value may lie
    /// within the `-delta` units a deletion removed after `offset`.
    public mutating func shift(after offset: Int, by delta: Int) {
        guard delta != 0 else { return }
        values.shift(after: offset, by: delta)
        // A bucket counts the values below its block's first offset; blocks at or before
        // `offset` count none of the moved values, before or after.
        exactBlocks = min(exactBlocks, max(0, offset >> Self.shift) + 1)
    }

    /// Equal when the values are: the lookup table is how they are found, not what they are.
    public static func == (lhs: SortedOffsets, rhs: SortedOffsets) -> Bool { lhs.values == rhs.values }

    /// Number of values.
    public var count: Int { values.count }

    /// Index of the last value `<= x`, or -1.
    @inlinable
    public func lastIndex(atMost x: Int) -> Int {
        if x < 0 { return values.isEmpty || values[0] > x ? -1 : TextUnits.lastIndex(in: values, atMost: x) }
        let block = x >> 4
        let exact = exactBucketCount
        let lowerBound = block < exact ? Int(bucket(block)) : exact > 0 ? Int(bucket(exact - 1)) : 0
        let upperBound = block + 1 < exact ? Int(bucket(block + 1)) : values.count
        // Every value before `lowerBound` is < bucket*16 <= x; every value from `upperBound` on
        // is >= (bucket+1)*16 > x. So the answer lies in [lowerBound - 1, upperBound - 1].
        var low = lowerBound
        var high = upperBound
        while low < high {
            let mid = (low + high) >> 1
            if values[mid] <= x { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    @usableFromInline var exactBucketCount: Int { min(buckets.count, exactBlocks) }
    @usableFromInline func bucket(_ index: Int) -> Int32 { buckets[index] }
}
