/// Direction in the stored text (the analogue of `UITextStorageDirection`).
public enum TextStorageDirection: Int, Sendable, Hashable, CaseIterable {
    /// Toward the end of the text (increasing UTF-16 offsets).
    case forward = 0
    /// Toward the start of the text (decreasing UTF-16 offsets).
    case backward = 1
}

/// Direction on the page (the analogue of `UITextLayoutDirection`); page space is y down.
public enum TextLayoutDirection: Int, Sendable, Hashable, CaseIterable {
    /// Toward larger x.
    case right = 2
    /// Toward smaller x.
    case left = 3
    /// Toward smaller y (the previous line).
    case up = 4
    /// Toward larger y (the next line).
    case down = 5
}

/// Either kind of direction, as UIKit passes to its tokenizer (raw values 0–5 bridge to
/// `UITextDirection`).
public enum TextDirection: Sendable, Hashable {
    /// A direction in the stored text.
    case storage(TextStorageDirection)
    /// A direction on the page, mapped to storage per line (`Docs/TextInputContract.md`, "Directions").
    case layout(TextLayoutDirection)

    /// Forward in storage.
    public static let forward = TextDirection.storage(.forward)
    /// Backward in storage.
    public static let backward = TextDirection.storage(.backward)

    /// The UIKit raw value: 0 forward, 1 backward, 2 right, 3 left, 4 up, 5 down.
    public var rawValue: Int {
        switch self {
        case .storage(let direction): return direction.rawValue
        case .layout(let direction): return direction.rawValue
        }
    }

    /// Bridges a UIKit raw value (0–5); `nil` for anything else.
    public init?(rawValue: Int) {
        if let storage = TextStorageDirection(rawValue: rawValue) {
            self = .storage(storage)
        } else if let layout = TextLayoutDirection(rawValue: rawValue) {
            self = .layout(layout)
        } else {
            return nil
        }
    }
}

/// The base direction of a paragraph (the analogue of `NSWritingDirection`).
public enum WritingDirection: Int, Sendable, Hashable {
    /// Not known; hosts treat it as left-to-right.
    case natural = -1
    /// Left to right (Latin, Greek, Cyrillic…).
    case leftToRight = 0
    /// Right to left (Hebrew, Arabic…).
    case rightToLeft = 1
}

/// Units the tokenizer moves by (the analogue of `UITextGranularity`).
public enum TextGranularity: Int, Sendable, Hashable, CaseIterable {
    /// Extended grapheme clusters (UAX #29); tile the text.
    case character
    /// Word-like UAX #29 segments; spaces and punctuation are gaps.
    case word
    /// UAX #29 sentences without trailing whitespace; the whitespace is a gap.
    case sentence
    /// Paragraphs with their terminating newline; tile the text.
    case paragraph
    /// Laid-out lines with their trailing separator; tile the text.
    case line
    /// The whole text as one unit.
    case document
}
