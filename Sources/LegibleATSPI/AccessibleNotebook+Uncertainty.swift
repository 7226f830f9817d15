import Foundation
import LegiblePages
import LegibleTextInput

/// Uncertain words as AT-SPI attribute runs (`Docs/ATSPI.md`, "Attributes"): an uncertain word
/// is a run of its own carrying `invalid: spelling`, which Orca announces as "misspelled" when
/// the caret moves onto it by word or character. Offsets are the node's code points.
extension AccessibleNotebook {
    /// The attribute run of node `number` holding code point `offset`: `[start, end)` in code
    /// points, and whether it is an uncertain word. A node without page text is one plain run.
    public func attributeRun(_ number: Int, at offset: Int) -> (start: Int, end: Int, uncertain: Bool) {
        guard let span = span(number), notebook.pages.indices.contains(span.page) else { return (0, characterCount(number), false) }
        let position = utf16(offset, in: span)
        let words = notebook.pages[span.page].uncertainRanges
            .map { (max($0.start.offset, span.start), min($0.end.offset, span.end)) }
            .filter { $0.0 < $0.1 }
        if let word = words.first(where: { $0.0 <= position && position < $0.1 }) {
            return (codePoint(word.0, in: span), codePoint(word.1, in: span), true)
        }
        let start = words.last { $0.1 <= position }?.1 ?? span.start
        let end = words.first { $0.0 > position }?.0 ?? span.end
        return (codePoint(start, in: span), codePoint(end, in: span), false)
    }
}
