/// Marked text instead of hand-counted offsets (swift-format's test-support idea): write
/// `"The 1️⃣quick⏩ brown⏪ fox"` and get the text without markers plus the UTF-16 offsets of
/// the numbered markers (`1️⃣`…`9️⃣`) and of every `⏩ … ⏪` range.
public struct MarkedText {
    /// The text with every marker removed.
    public let text: String
    /// UTF-16 offset of each numbered marker, by its number.
    public let positions: [Int: Int]
    /// The `⏩ … ⏪` ranges in order, UTF-16 offsets.
    public let ranges: [Range<Int>]

    /// Parses `marked`. A keycap marker is a digit followed by U+FE0F U+20E3.
    public init(_ marked: String) {
        var text = ""
        var positions: [Int: Int] = [:]
        var ranges: [Range<Int>] = []
        var openRange: Int?
        for character in marked {
            let scalars = Array(character.unicodeScalars)
            if scalars.count == 3, scalars[1] == "\u{FE0F}", scalars[2] == "\u{20E3}", let digit = Int(String(scalars[0])) {
                positions[digit] = text.utf16.count
            } else if character == "⏩" {
                openRange = text.utf16.count
            } else if character == "⏪", let start = openRange {
                ranges.append(start..<text.utf16.count)
                openRange = nil
            } else {
                text.append(character)
            }
        }
        self.text = text
        self.positions = positions
        self.ranges = ranges
    }
}
