import Foundation

/// The tokenizer of a ``TextInput`` (the analogue of `UITextInputStringTokenizer`): boundary
/// queries at every ``TextGranularity`` over any text input, following `Docs/TextInputContract.md`, "Tokenizer".
///
/// Each granularity is a sorted unit list (``TextUnits``). For a position `p` and a direction
/// mapped to storage ("Directions"):
///
/// | query | forward | backward |
/// |---|---|---|
/// | `isPosition(p, atBoundary:)` | a unit ends at `p` | a unit starts at `p` |
/// | `isPosition(p, withinTextUnit:)` | the character after `p` is in a unit | the character before `p` is |
/// | `rangeEnclosingPosition` | the unit holding the character after `p` | … before `p` |
/// | `position(from:toBoundary:)` | smallest unit end `> p` | largest unit start `< p` |
///
/// Word examples, `|` marking `p`: `wo|rd` → `word` both ways; `|word` → forward `word`,
/// backward `nil` (a gap before); `word|` → forward `nil`, backward `word`; `a | b` in a gap →
/// `nil` both ways. Moves are strictly monotonic and end in `nil` (WebKit bug 276656 shows what
/// a helper that can return its input does to "repeat until nil" loops). The document
/// granularity is the one exception: its unit encloses every position in both directions.
///
/// Subclass and override ``units(for:)`` to change one granularity and inherit the rest; the
/// layout-aware page tokenizer does this for `.line`. Units are computed lazily and cached;
/// call ``invalidateUnits()`` when the text changes.
open class StringTokenizer {
    /// The text input whose text is segmented; held weakly (Apple's note on
    /// `UITextInputStringTokenizer.init(textInput:)`: do not retain the text input).
    public private(set) weak var textInput: (any TextInput)?

    private var cachedUnits: [TextGranularity: TextUnits] = [:]
    private var cachedUTF16: [UInt16]?

    /// Creates a tokenizer for `textInput` without retaining it.
    public init(textInput: any TextInput) {
        self.textInput = textInput
    }

    /// Forgets every cached unit list (call after the text changes).
    open func invalidateUnits() {
        cachedUnits.removeAll()
        cachedUTF16 = nil
    }

    /// The text's UTF-16 code units (cached). A subclass whose text input keeps its units may
    /// hand them over instead of their being copied out of a string.
    open var utf16: [UInt16] {
        if let cachedUTF16 { return cachedUTF16 }
        guard let textInput else { return [] }
        let all = TextRange(textInput.beginningOfDocument, textInput.endOfDocument)
        let units = Array((textInput.text(in: all) ?? "").utf16)
        cachedUTF16 = units
        return units
    }

    /// Length of the text in UTF-16 units.
    public var length: Int { utf16.count }

    /// The units of `granularity`, computed on first use. Override to replace one granularity
    /// (call `super` for the others).
    open func units(for granularity: TextGranularity) -> TextUnits {
        if let cached = cachedUnits[granularity] { return cached }
        let units = makeUnits(for: granularity)
        cachedUnits[granularity] = units
        return units
    }

    /// Builds the default units (no layout: lines and paragraphs both end at hard breaks).
    func makeUnits(for granularity: TextGranularity) -> TextUnits {
        let text = utf16
        switch granularity {
        case .character:
            return TextUnits(UnicodeSegmentation.segments(.graphemes, of: text))
        case .word:
            return TextUnits(UnicodeSegmentation.segments(.words, of: text))
        case .sentence:
            return TextUnits(
                UnicodeSegmentation.segments(.sentences, of: text).map { Self.trimmingTrailingWhitespace($0, in: text) })
        case .paragraph:
            return TextUnits(tilingFrom: Self.hardBreakStarts(text, lineSeparatorBreaks: false), length: text.count)
        case .line:
            return TextUnits(tilingFrom: Self.hardBreakStarts(text, lineSeparatorBreaks: true), length: text.count)
        case .document:
            return TextUnits(text.isEmpty ? [] : [0..<text.count])
        }
    }

    /// Whether a UTF-16 unit ends a paragraph: `\n`, `\r` or U+2029 PARAGRAPH SEPARATOR (not
    /// U+2028 LINE SEPARATOR). The one definition the tokenizer and the page geometry share.
    public static func isParagraphBreak(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D || unit == 0x2029 }

    /// Starts of the runs ended by `\n`, `\r`, `\r\n` or U+2029 — and U+2028 LINE SEPARATOR when
    /// `lineSeparatorBreaks`, which ends a line but not a paragraph (as Foundation's `.byLines`
    /// and `.byParagraphs` treat it, `Docs/Platform.md`, "Segmentation"). Each run includes its terminator.
    public static func hardBreakStarts(_ text: [UInt16], lineSeparatorBreaks: Bool) -> [Int] {
        guard !text.isEmpty else { return [] }
        var starts = [0]
        var index = 0
        while index < text.count {
            let unit = text[index]
            if unit == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A {
                index += 1
            }
            let breaks = isParagraphBreak(unit) || (lineSeparatorBreaks && unit == 0x2028)
            if breaks, index + 1 < text.count {
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    /// Drops trailing white space and line breaks from a sentence segment ("Granularities": inter-sentence
    /// space is a gap).
    static func trimmingTrailingWhitespace(_ range: Range<Int>, in text: [UInt16]) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, let scalar = Unicode.Scalar(text[end - 1]), scalar.properties.isWhitespace {
            end -= 1
        }
        return range.lowerBound..<end
    }

    /// Maps `direction` at `position` to a storage direction ("Directions"): storage passes through,
    /// down → forward, up → backward, right/left through the writing direction of the
    /// paragraph holding `position` (right is backward in right-to-left text).
    open func storageDirection(at position: TextPosition, for direction: TextDirection) -> TextStorageDirection {
        switch direction {
        case .storage(let storage): return storage
        case .layout(.down): return .forward
        case .layout(.up): return .backward
        case .layout(let horizontal):
            let writing = textInput?.baseWritingDirection(for: position, in: .forward) ?? .natural
            let rightIsForward = writing != .rightToLeft
            return (horizontal == .right) == rightIsForward ? .forward : .backward
        }
    }

    // MARK: The four UITextInputTokenizer queries

    /// `true` when `position` is a boundary of a `granularity` unit in `direction` (forward: a
    /// unit ends here; backward: a unit starts here). `true` everywhere on an empty text.
    open func isPosition(_ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection) -> Bool {
        guard length > 0 else { return true }
        let units = units(for: granularity)
        switch storageDirection(at: position, for: direction) {
        case .forward: return units.hasEnd(at: position.offset)
        case .backward: return units.hasStart(at: position.offset)
        }
    }

    /// `true` when the character after (forward) or before (backward) `position` lies inside a
    /// `granularity` unit. `false` everywhere on an empty text.
    open func isPosition(_ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection)
        -> Bool
    {
        rangeEnclosingPosition(position, with: granularity, inDirection: direction) != nil
    }

    /// The next boundary strictly after (forward: smallest unit end) or before (backward: largest
    /// unit start) `position`; `nil` when there is none.
    open func position(from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection)
        -> TextPosition?
    {
        let units = units(for: granularity)
        let storage = storageDirection(at: position, for: direction)
        let target: Int?
        switch storage {
        case .forward: target = units.firstEnd(after: position.offset)
        case .backward: target = units.lastStart(before: position.offset)
        }
        return target.map { TextPosition(offset: $0, affinity: storage == .forward ? .upstream : .downstream) }
    }

    /// The unit holding the character after (forward) or before (backward) `position`; `nil` if
    /// that character is in a gap or does not exist. `.document` returns the whole text for every
    /// position and direction (`nil` only on an empty text).
    open func rangeEnclosingPosition(_ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection)
        -> TextRange?
    {
        let length = self.length
        guard length > 0 else { return nil }
        if granularity == .document { return TextRange(0, length) }
        let units = units(for: granularity)
        let probe: Int
        switch storageDirection(at: position, for: direction) {
        case .forward: probe = position.offset
        case .backward: probe = position.offset - 1
        }
        guard probe >= 0, probe < length, let index = units.index(containing: probe) else { return nil }
        return TextRange(units[index])
    }
}
