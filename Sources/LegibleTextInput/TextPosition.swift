/// Which neighbour a caret at a shared offset belongs to.
///
/// At a soft wrap the same UTF-16 offset ends one line fragment and starts the next:
/// `.upstream` draws the caret at the end of the earlier fragment, `.downstream` at the start
/// of the later one (`Docs/TextInputContract.md`, "Geometry").
public enum TextAffinity: Sendable, Hashable {
    /// Belongs to the text before the offset (end of the earlier line).
    case upstream
    /// Belongs to the text after the offset (start of the later line). The default.
    case downstream
}

/// A place between two UTF-16 code units of a page's text (the analogue of `UITextPosition`).
///
/// Equality, hashing and ordering use ``offset`` only; ``affinity`` is a caret-placement hint
/// (`Docs/TextInputContract.md`, "Value types": an ordering that disagreed with `offset(from:to:) == 0` would be a trap).
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// UTF-16 code units from the start of the text, in `0...length`.
    public var offset: Int
    /// Caret placement at a soft wrap; ignored by `==`, `<` and hashing.
    public var affinity: TextAffinity

    /// Creates a position at a UTF-16 offset.
    public init(offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }

    public static func == (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset == rhs.offset }
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset < rhs.offset }
    public func hash(into hasher: inout Hasher) { hasher.combine(offset) }

    public var description: String { affinity == .upstream ? "\(offset)↑" : "\(offset)" }
}
