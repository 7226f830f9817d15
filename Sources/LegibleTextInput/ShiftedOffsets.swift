/// Ascending UTF-16 offsets that an edit moves in O(1): a ``PendingMove`` of offsets, with the
/// search for where an edit's offset falls. Typing at one place costs nothing per value, and
/// a move to another place costs the distance (`Docs/Editing.md`, "Typing on a long page").
public struct ShiftedOffsets: RandomAccessCollection, Sendable, Equatable {
    @usableFromInline var values: PendingMove<OffsetShift>

    /// The offsets `values`, ascending.
    public init(_ values: [Int]) {
        self.values = PendingMove(values)
    }

    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// One past the last index: the number of values.
    public var endIndex: Int { values.count }

    /// The value at `index`; setting it keeps the others.
    @inlinable
    public subscript(index: Int) -> Int {
        get { values[index] }
        set { values[index] = newValue }
    }

    /// Adds `delta` to every value greater than `offset`: an edit at `offset` changed the text's
    /// length by `delta`. The values must stay ascending, so none may lie within the `-delta`
    /// units a deletion removed after `offset`.
    public mutating func shift(after offset: Int, by delta: Int) {
        guard delta != 0 else { return }
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        values.move(from: low, by: delta)
    }

    /// The values as an array (O(n)).
    public var array: [Int] { Array(self) }

    /// Equal when the values are, however they are stored.
    public static func == (lhs: ShiftedOffsets, rhs: ShiftedOffsets) -> Bool { lhs.elementsEqual(rhs) }
}
