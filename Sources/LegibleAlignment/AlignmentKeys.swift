import Foundation

/// The characters that alignment compares (`Docs/Editing.md`, "Aligning a transcription"): a
/// text's letters and digits, case and accents folded, each with the UTF-16 span of the
/// grapheme cluster it came from. Punctuation, spaces and line breaks are left out, so that a
/// transcription typed in another case or with other punctuation still lines up.
struct AlignmentKeys {
    /// One folded key per letter or digit.
    var keys: [Character] = []
    /// The UTF-16 span, in the original text, of each key's grapheme cluster.
    var spans: [Range<Int>] = []

    /// The keys of `text`.
    init(_ text: String) {
        var offset = 0
        for character in text {
            let width = character.utf16.count
            defer { offset += width }
            guard character.isLetter || character.isNumber else { continue }
            let folded = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            keys.append(folded.first ?? character)
            spans.append(offset..<(offset + width))
        }
    }

    var count: Int { keys.count }
}
