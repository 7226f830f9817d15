/// A half-open range `[start, end)` of UTF-16 offsets (the analogue of `UITextRange`).
///
/// Invariant: `start.offset <= end.offset`. The initialisers normalise reversed input by
/// swapping, so an invalid range cannot be built (`Docs/TextInputContract.md`, "Value types").
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
    /// The lower position (UTF-16 offset).
    public let start: TextPosition
    /// The upper position (UTF-16 offset), never before ``start``.
    public let end: TextPosition

    /// Creates the range between two positions in either order.
    public init(_ a: TextPosition, _ b: TextPosition) {
        if b.offset < a.offset {
            start = b
            end = a
        } else {
            start = a
            end = b
        }
    }

    /// Creates a range from UTF-16 offsets in either order.
    public init(_ a: Int, _ b: Int) {
        self.init(TextPosition(offset: a), TextPosition(offset: b))
    }

    /// Creates a range from a Swift range of UTF-16 offsets.
    public init(_ offsets: Range<Int>) { self.init(offsets.lowerBound, offsets.upperBound) }

    /// `true` when the range covers no code units.
    public var isEmpty: Bool { start.offset == end.offset }
    /// Number of UTF-16 code units covered.
    public var length: Int { end.offset - start.offset }
    /// The covered UTF-16 offsets as a Swift range.
    public var offsets: Range<Int> { start.offset..<end.offset }

    public var description: String { "[\(start.offset), \(end.offset))" }
}
