/// An ascending array of non-negative integers with an O(1) "last index at most x" lookup.
///
/// A bucket table remembers, for every block of 16 values of x, where that block starts in
/// the array; a query then binary-searches only inside its block (a handful of elements).
/// Plain binary search made per-query costs grow with the page: on a 1,000,000-unit page
/// `selectionRects` took 3.5× as long as on a 1,000-unit page (benchmark, 2026-11-29), over
/// the contract's 2× budget. Memory: 4 bytes per 16 units of range.
public struct SortedOffsets: Sendable, Equatable {
    /// The values, ascending.
    public let values: [Int]
    private let buckets: [Int32]
    private static let shift = 4

    /// Creates the table; `values` must be ascending and non-negative.
    public init(_ values: [Int]) {
        self.values = values
        let limit = (values.last ?? 0) >> Self.shift + 2
        var buckets = [Int32](repeating: 0, count: limit)
        var index = 0
        for bucket in 0..<limit {
            let threshold = bucket << Self.shift
            while index < values.count, values[index] < threshold { index += 1 }
            buckets[bucket] = Int32(index)
        }
        self.buckets = buckets
    }

    /// Number of values.
    public var count: Int { values.count }

    /// Index of the last value `<= x`, or -1.
    @inlinable
    public func lastIndex(atMost x: Int) -> Int {
        if x < 0 { return values.isEmpty || values[0] > x ? -1 : TextUnits.lastIndex(in: values, atMost: x) }
        let block = x >> 4
        let lowerBound = block < bucketCount ? Int(bucket(block)) : values.count
        let upperBound = block + 1 < bucketCount ? Int(bucket(block + 1)) : values.count
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

    @usableFromInline var bucketCount: Int { buckets.count }
    @usableFromInline func bucket(_ index: Int) -> Int32 { buckets[index] }
}
