/// One replacement in a page's reading text (`Docs/Editing.md`): `range` of the text before the
/// edit, in UTF-16 code units, replaced by `text`. Positions map through it as an editor's do.
public struct PageEdit: Hashable, Sendable {
    /// The UTF-16 span replaced, in the text before the edit.
    public var range: UTF16Span
    /// The replacement, as it enters the reading text (line breaks and tabs already spaces).
    public var text: String

    /// An edit replacing `range` with `text`; the text is cleaned as ``cleaned(_:)`` says.
    public init(range: UTF16Span, text: String) {
        self.range = range
        self.text = Self.cleaned(text)
    }

    /// UTF-16 length of the replacement.
    public var insertedLength: Int { text.utf16.count }
    /// The change in the text's length, in UTF-16 code units.
    public var delta: Int { insertedLength - range.length }
    /// The replacement's span in the text after the edit.
    public var insertedRange: UTF16Span { UTF16Span(range.start, range.start + insertedLength) }

    /// Typed text as it can enter a page: a page's lines are the scan's lines, so a line break
    /// (LF, CR, CR LF, NEL, U+2028, U+2029) or a tab becomes one space, and any other control
    /// character is dropped (`Docs/Editing.md`, "Line breaks").
    public static func cleaned(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasCR: continue
            case 0x0A, 0x0D, 0x09, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Where an offset `offset` of the text before the edit lands after it. An offset inside
    /// the replaced span lands at the replacement's start (`.start`) or end (`.end`).
    public func map(_ offset: Int, _ side: Side) -> Int {
        if offset < range.start || (offset == range.start && side == .start) { return offset }
        if offset >= range.end { return offset + delta }
        return side == .start ? range.start : range.start + insertedLength
    }

    /// Which side of the replacement an offset inside the replaced span goes to.
    public enum Side: Sendable { case start, end }
}
