/// How a value that lies at a place in a page's text moves when an edit before it changes the
/// text's length by a number of UTF-16 code units. A type rather than a closure, so that a
/// ``PendingMove`` over plain offsets is specialised and inlined: typing on a long page reads
/// offsets in its innermost loops (`Docs/Editing.md`, "Typing on a long page").
public protocol TextShift {
    /// What moves: an offset, a line, a paragraph.
    associatedtype Value
    /// `value` moved by `delta` UTF-16 code units (negative: toward the text's start).
    static func shifted(_ value: Value, by delta: Int) -> Value
}

/// A UTF-16 offset moved by adding the edit's change in length.
public enum OffsetShift: TextShift {
    /// `value + delta`, in UTF-16 code units.
    @inlinable
    public static func shifted(_ value: Int, by delta: Int) -> Int { value + delta }
}

/// Values in text order, stored with a pending move, as a gap buffer keeps its text: from index
/// `pivot` on they are stored `amount` UTF-16 code units before where they are, so an edit
/// moves nothing after it, and one elsewhere first settles the values between the two places
/// (`Docs/Editing.md`, "Typing on a long page"). The one copy of this algorithm: the page's
/// offsets (``ShiftedOffsets``), lines and paragraphs are all kept so.
public struct PendingMove<Shift: TextShift> {
    /// The values, those from `pivot` on `amount` code units behind where they are.
    @usableFromInline var raw: [Shift.Value]
    @usableFromInline var pivot: Int
    @usableFromInline var amount = 0

    /// `values` where they are.
    public init(_ values: [Shift.Value]) {
        (raw, pivot) = (values, values.count)
    }

    /// The values as stored: those from the pivot on are not yet moved. For what an edit does
    /// not move (geometry), read without settling.
    public var stored: [Shift.Value] { raw }

    /// The number of values.
    @inlinable
    public var count: Int { raw.count }

    /// The value at `index`, where it is now; setting it keeps the others where they are.
    @inlinable
    public subscript(index: Int) -> Shift.Value {
        get { index >= pivot && amount != 0 ? Shift.shifted(raw[index], by: amount) : raw[index] }
        set { raw[index] = index >= pivot && amount != 0 ? Shift.shifted(newValue, by: -amount) : newValue }
    }

    /// Moves every value from `index` on by `delta` code units, after making the values before
    /// it exact; `update` then changes value `index - 1`, which is exact, and nothing else
    /// moves. O(the distance from the last edit's index), O(1) for edits at one place.
    public mutating func move(from index: Int, by delta: Int, updating update: (inout Shift.Value) -> Void = { _ in }) {
        settle(before: index)
        if index > 0 { update(&raw[index - 1]) }
        amount += delta
    }

    /// Every value, exact.
    public mutating func settled() -> [Shift.Value] {
        settle(before: raw.count)
        return raw
    }

    /// Moves the pivot to `index`, making the values between the two pivots exact.
    @usableFromInline
    mutating func settle(before index: Int) {
        let (from, by) = (pivot, amount)
        if by != 0 {
            raw.withUnsafeMutableBufferPointer { buffer in
                if index > from {
                    for position in from..<index { buffer[position] = Shift.shifted(buffer[position], by: by) }
                } else {
                    for position in index..<from { buffer[position] = Shift.shifted(buffer[position], by: -by) }
                }
            }
        }
        pivot = index
        if pivot == raw.count { amount = 0 }
    }
}

extension PendingMove: Sendable where Shift.Value: Sendable {}
