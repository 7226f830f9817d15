/// A half-open range `[start, end)` of UTF-16 code units in a page's reading text.
///
/// Encoded in page documents as `[start, end]` (`Docs/PageDocument.md`). A line's or word's span
/// covers its own characters only, never the space or newline that follows it.
public struct UTF16Span: Hashable, Sendable, Codable {
    /// First UTF-16 offset inside the span.
    public var start: Int
    /// First UTF-16 offset after the span (`end >= start`).
    public var end: Int

    /// Creates `[start, end)` in UTF-16 code units.
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    /// Number of UTF-16 code units covered.
    public var length: Int { end - start }
    /// `true` when the span covers nothing.
    public var isEmpty: Bool { end <= start }
    /// The span as a Swift range of UTF-16 offsets.
    public var range: Range<Int> { start..<max(start, end) }

    /// The span moved by `delta` UTF-16 units (an edit before it changed the text's length).
    public func shifted(by delta: Int) -> UTF16Span { UTF16Span(start + delta, end + delta) }

    /// `true` when `offset` lies in `[start, end)`.
    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        start = try container.decode(Int.self)
        end = try container.decode(Int.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a range has exactly two offsets [start, end]")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(start)
        try container.encode(end)
    }
}
