import Foundation
import LegibleAlignment
import LegibleLayout
import LegiblePages
import LegibleTextInput

/// `legible-bench editing`: typing on a page (`Docs/Editing.md`, "Measured"). On pages of 100,
/// 500 and 2,000 lines of 40 characters, 200 characters are typed one at a time in the middle
/// of the page, then deleted one at a time: the cost per typed character and per backspace,
/// and how it grows with the page.
func editingBenchmark() {
    alignmentBenchmark()
    for lines in [100, 500, 2_000] {
        let (layout, _) = syntheticLayout(units: lines * 41)
        let page = ScannedPage(layout: layout)
        page.isEditable = true
        let middle = page.layout.lines[page.layout.lines.count / 2]
        let caret = (middle.words?.first?.range.end ?? middle.range.end)
        page.selectedTextRange = TextRange(caret, caret)
        let typed = Array("and then some more words typed here ".repeated(6).prefix(200))
        let typing = Date()
        for character in typed { page.insertText(String(character)) }
        let perCharacter = Date().timeIntervalSince(typing) / Double(typed.count)
        let deleting = Date()
        for _ in typed { page.deleteBackward() }
        let perBackspace = Date().timeIntervalSince(deleting) / Double(typed.count)
        print(
            String(
                format: "page of %d lines (%d UTF-16 units): %.1f µs per typed character, %.1f µs per backspace; the text is back: %@",
                page.lineCount, page.length, perCharacter * 1e6, perBackspace * 1e6, page.string == layout.text ? "yes" : "no"))
    }
}

/// Aligning a transcription of a 40-line page whose reading has one letter in five wrong: the
/// time to align and to apply, best of five.
func alignmentBenchmark() {
    let (layout, _) = syntheticLayout(units: 40 * 41)
    let typed = String(layout.text.enumerated().map { $0.offset % 5 == 0 && $0.element.isLetter ? "x" : $0.element })
    var best = Double.infinity
    var lines = 0
    for _ in 0..<5 {
        let start = Date()
        guard let alignment = try? TranscriptAlignment(transcript: typed, page: layout), let applied = try? alignment.applied(to: layout)
        else {
            print("the alignment failed")
            return
        }
        best = min(best, Date().timeIntervalSince(start))
        lines = applied.lines.count
    }
    print(
        String(
            format: "aligning and applying a transcription of a %d-line page (%d UTF-16 units): %.1f ms", lines, layout.text.utf16.count,
            best * 1000))
}

extension String {
    /// The string `count` times over.
    func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
