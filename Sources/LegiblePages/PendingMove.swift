/// Values in text order, stored with a pending move, as a gap buffer keeps its text: from index
/// `pivot` on they are stored `amount` UTF-16 units before where they are, so that an edit
/// moves nothing after it, and one elsewhere first settles the values between the two places
/// (`Docs/Editing.md`, "Typing on a long page"). The page's lines and paragraphs are kept so.
struct PendingMove<Element> {
    /// The values, those from `pivot` on `amount` units behind.
    private(set) var stored: [Element]
    private var pivot: Int
    private var amount = 0
    /// `value` moved by a number of UTF-16 units.
    private let shift: (Element, Int) -> Element

    /// `values` where they are, moved by `shift`.
    init(_ values: [Element], shift: @escaping (Element, Int) -> Element) {
        (stored, pivot, self.shift) = (values, values.count, shift)
    }

    var count: Int { stored.count }

    /// The value at `index`, where it is now.
    subscript(index: Int) -> Element { index >= pivot && amount != 0 ? shift(stored[index], amount) : stored[index] }

    /// Moves every value from `index` on by `delta`, after making the values before it exact,
    /// and returns nothing else moved: `update` then changes value `index - 1`, which is exact.
    mutating func move(from index: Int, by delta: Int, updating update: (inout Element) -> Void = { _ in }) {
        settle(before: index)
        if index > 0 { update(&stored[index - 1]) }
        amount += delta
    }

    /// Every value, exact.
    mutating func settled() -> [Element] {
        settle(before: stored.count)
        return stored
    }

    /// Moves the pivot to `index`, making the values between the two pivots exact.
    private mutating func settle(before index: Int) {
        if amount != 0 {
            if index > pivot {
                for position in pivot..<index { stored[position] = shift(stored[position], amount) }
            } else {
                for position in index..<pivot { stored[position] = shift(stored[position], -amount) }
            }
        }
        pivot = index
        if pivot == stored.count { amount = 0 }
    }
}
