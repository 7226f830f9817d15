import Foundation
import LegibleLayout
import LegibleTextInput

/// The words a listener should check (`Docs/Recognition.md`, "Uncertain words"): what a screen
/// reader's "uncertain" rotor walks, and what each surface marks. A word is uncertain by
/// ``LegibleLayout/Word/isUncertain``; a word corrected on this page never is.
extension ScannedPage {
    /// The UTF-16 ranges of the page's uncertain words, in reading order.
    public var uncertainRanges: [TextRange] {
        layout.uncertainWords.map { TextRange($0.word.range.start, $0.word.range.end) }
    }

    /// Whether `range` (UTF-16) overlaps an uncertain word; an empty range, whether it lies
    /// inside one (not at its edges).
    public func isUncertain(_ range: TextRange) -> Bool { Self.isUncertain(range, among: uncertainRanges) }

    /// ``isUncertain(_:)`` against `words`, a page's ``uncertainRanges`` computed once by a
    /// caller that asks for many ranges.
    public static func isUncertain(_ range: TextRange, among words: [TextRange]) -> Bool {
        let (start, end) = (range.start.offset, range.end.offset)
        return words.contains { word in
            start == end
                ? word.start.offset < start && start < word.end.offset
                : word.start.offset < end && start < word.end.offset
        }
    }

    /// The first uncertain word that starts at or after UTF-16 `offset`, or nil.
    public func uncertainWord(after offset: Int) -> TextRange? {
        uncertainRanges.first { $0.start.offset >= offset }
    }

    /// The last uncertain word that ends at or before UTF-16 `offset`, or nil.
    public func uncertainWord(before offset: Int) -> TextRange? {
        uncertainRanges.last { $0.end.offset <= offset }
    }
}
