/// Ascending UTF-16 offsets that an edit moves in O(1): the values from index ``pivot`` on are
/// stored ``pending`` units before where they are, as a gap buffer keeps its text on both sides
/// of a gap. Moving the values after another edit's offset first settles those between the two
/// pivots, so typing at one place costs nothing per value and a move costs the distance
/// (`Docs/Editing.md`, "Typing on a long page").
public struct ShiftedOffsets: RandomAccessCollection, Sendable, Equatable {
    @usableFromInline var stored: [Int]
    /// The first index whose stored value is `pending` units before its value.
    @usableFromInline var pivot: Int
    @usableFromInline var pending = 0

    /// The offsets `values`, ascending.
    public init(_ values: [Int]) {
        stored = values
        pivot = values.count
    }

    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// One past the last index: the number of values.
    public var endIndex: Int { stored.count }

    /// The value at `index`; setting it keeps the others.
    @inlinable
    public subscript(index: Int) -> Int {
        get { stored[index] + (index >= pivot ? pending : 0) }
        set { stored[index] = newValue - (index >= pivot ? pending : 0) }
    }

    /// Adds `delta` to every value greater than `offset`: an edit at `offset` changed the text's
    /// length by `delta`. The values must stay ascending, so none may lie within the `-delta`
    /// units a deletion removed after `offset`.
    public mutating func shift(after offset: Int, by delta: Int) {
        guard delta != 0 else { return }
        var (low, high) = (0, stored.count)
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        movePivot(to: low)
        pending += delta
    }

    /// Settles the values between the old pivot and `index`, then pivots there.
    mutating func movePivot(to index: Int) {
        let (from, amount) = (pivot, pending)
        if amount != 0 {
            stored.withUnsafeMutableBufferPointer { buffer in
                if index > from {
                    for position in from..<index { buffer[position] += amount }
                } else {
                    for position in index..<from { buffer[position] -= amount }
                }
            }
        }
        pivot = index
        if pivot == stored.count { pending = 0 }
    }

    /// The values as an array (O(n)).
    public var array: [Int] { Array(self) }

    /// Equal when the values are, however they are stored.
    public static func == (lhs: ShiftedOffsets, rhs: ShiftedOffsets) -> Bool { lhs.elementsEqual(rhs) }
}
