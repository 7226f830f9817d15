/// A sorted list of non-overlapping half-open units of UTF-16 offsets, with the boundary queries
/// of `Docs/TextInputContract.md`, "Units", each O(log n) by binary search.
///
/// Character, line, paragraph and document units tile the text; word and sentence units leave
/// gaps (whitespace, punctuation) that belong to no unit.
public struct TextUnits: Sendable, Equatable {
    /// Unit starts, ascending (UTF-16 offsets).
    public var starts: ShiftedOffsets { startTable.values }
    /// Unit ends, ascending; `ends[i] > starts[i]`.
    public var ends: ShiftedOffsets { endTable.values }
    private var startTable: SortedOffsets
    private var endTable: SortedOffsets

    /// Creates units from ranges; empty ranges are dropped; ranges must be sorted and disjoint.
    public init(_ ranges: [Range<Int>]) {
        var starts: [Int] = []
        var ends: [Int] = []
        starts.reserveCapacity(ranges.count)
        ends.reserveCapacity(ranges.count)
        for range in ranges where !range.isEmpty {
            precondition(range.lowerBound >= (ends.last ?? Int.min), "units must be sorted and disjoint")
            starts.append(range.lowerBound)
            ends.append(range.upperBound)
        }
        startTable = SortedOffsets(starts)
        endTable = SortedOffsets(ends)
    }

    /// Tiling units that start at each of `boundaries` (ascending) and end at the next one or
    /// at `length`.
    public init(tilingFrom boundaries: [Int], length: Int) {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(boundaries.count)
        for (index, start) in boundaries.enumerated() {
            let end = index + 1 < boundaries.count ? boundaries[index + 1] : length
            if end > start { ranges.append(start..<end) }
        }
        self.init(ranges)
    }

    /// Moves every start and end greater than `offset` by `delta` UTF-16 units: an edit at
    /// `offset` that lies inside one unit changed the text's length. A unit ending at `offset`
    /// stays as it is, unless `offset` is the end of the text: text typed there joins the last
    /// unit. The unit holding the edit grows or shrinks.
    public mutating func shift(after offset: Int, by delta: Int, atTextEnd: Bool = false) {
        startTable.shift(after: offset, by: delta)
        endTable.shift(after: atTextEnd ? offset - 1 : offset, by: delta)
    }

    /// Number of units.
    public var count: Int { startTable.count }
    /// The unit at `index`.
    public subscript(index: Int) -> Range<Int> { startTable.values[index]..<endTable.values[index] }

    /// Index of the last element of the ascending `array` that is `<= value`, or -1
    /// (binary search, O(log n)).
    @inlinable
    public static func lastIndex<Values: RandomAccessCollection>(in array: Values, atMost value: Values.Element) -> Int
    where Values.Element: Comparable, Values.Index == Int {
        var low = 0
        var high = array.count
        while low < high {
            let mid = (low + high) >> 1
            if array[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// Index of the unit that contains `offset` (`start <= offset < end`), if any.
    public func index(containing offset: Int) -> Int? {
        let index = startTable.lastIndex(atMost: offset)
        return index >= 0 && offset < endTable.values[index] ? index : nil
    }

    /// `true` when some unit starts at `offset`.
    public func hasStart(at offset: Int) -> Bool {
        let index = startTable.lastIndex(atMost: offset)
        return index >= 0 && startTable.values[index] == offset
    }

    /// `true` when some unit ends at `offset`.
    public func hasEnd(at offset: Int) -> Bool {
        let index = endTable.lastIndex(atMost: offset)
        return index >= 0 && endTable.values[index] == offset
    }

    /// The smallest unit end strictly after `offset`.
    public func firstEnd(after offset: Int) -> Int? {
        let index = endTable.lastIndex(atMost: offset) + 1
        return index < endTable.count ? endTable.values[index] : nil
    }

    /// The largest unit start strictly before `offset`.
    public func lastStart(before offset: Int) -> Int? {
        let index = startTable.lastIndex(atMost: offset - 1)
        return index >= 0 ? startTable.values[index] : nil
    }
}
