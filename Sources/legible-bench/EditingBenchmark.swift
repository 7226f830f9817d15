import Foundation
import LegibleAlignment
import LegibleLayout
import LegiblePages
import LegibleTextInput

/// `legible-bench editing`: typing on a page (`Docs/Editing.md`, "Measured"). On pages of about 100,
/// 500 and 2,000 lines of about 45 UTF-16 units, 200 characters are typed one at a time in the middle
/// of the page, then deleted one at a time: the cost per typed character and per backspace,
/// and how it grows with the page. Then the same with the caret's rect asked after every
/// keystroke, as a host that draws the caret does, and the page document built once at the
/// end, as saving does. Rounds go over the three pages in turn, twenty times, and the best
/// round of each counts, so that the machine's slow moments fall on every page alike.
func editingBenchmark(alignment: Bool = true) {
    if alignment {
        BenchResults.table = "alignment"
        alignmentBenchmark()
    }
    let pages: [(layout: PageLayout, page: ScannedPage, caret: Int)] = [100, 500, 2_000].map { lines in
        let (layout, _) = syntheticLayout(units: lines * 45)
        let page = ScannedPage(layout: layout)
        page.isEditable = true
        let middle = layout.lines[layout.lines.count / 2]
        return (layout, page, middle.words?.first?.range.end ?? middle.range.end)
    }
    var best = Array(repeating: TypingTimes(), count: pages.count)
    for round in 0..<40 {
        for (slot, (_, page, caret)) in pages.enumerated() {
            best[slot].keepBest(of: typingRound(on: page, at: caret, drawing: round % 2 == 1))
        }
    }
    BenchResults.table = "typing"
    for (slot, (layout, page, _)) in pages.enumerated() {
        let saving = Date()
        let same = page.layout.text == layout.text
        let saveTime = Date().timeIntervalSince(saving)
        let subject = "\(page.lineCount) lines, \(grouped(page.length)) UTF-16 units" + (same ? "" : " (text not restored)")
        BenchResults.record("per typed character", on: subject, best[slot].typing * 1e6, "µs")
        BenchResults.record("per backspace", on: subject, best[slot].deleting * 1e6, "µs")
        BenchResults.record("typed, with the caret's rect asked after each", on: subject, best[slot].drawing * 1e6, "µs")
        BenchResults.record("the page document built once", on: subject, saveTime * 1e3, "ms", decimals: 2)
    }
}

/// Seconds per keystroke: typing, deleting, and typing with the caret's rect asked each time.
struct TypingTimes {
    var typing = Double.infinity
    var deleting = Double.infinity
    var drawing = Double.infinity

    /// Keeps the smaller of each figure.
    mutating func keepBest(of other: TypingTimes) {
        (typing, deleting, drawing) = (min(typing, other.typing), min(deleting, other.deleting), min(drawing, other.drawing))
    }
}

/// 200 characters typed at `caret` and deleted again; with `drawing`, the caret's rect is asked
/// after each character and the times count as `drawing`.
func typingRound(on page: ScannedPage, at caret: Int, drawing: Bool) -> TypingTimes {
    let typed = Array("and then some more words typed here ".repeated(6).prefix(200))
    page.selectedTextRange = TextRange(caret, caret)
    let typing = Date()
    for character in typed {
        page.insertText(String(character))
        if drawing, let selection = page.selectedTextRange { _ = page.caretRect(for: selection.end) }
    }
    let typingTime = Date().timeIntervalSince(typing) / Double(typed.count)
    let deleting = Date()
    for _ in typed { page.deleteBackward() }
    let deletingTime = Date().timeIntervalSince(deleting) / Double(typed.count)
    return drawing ? TypingTimes(drawing: typingTime) : TypingTimes(typing: typingTime, deleting: deletingTime)
}

/// Aligning a transcription of a 40-line page whose reading has one letter in five wrong: the
/// time to align and to apply, best of five.
func alignmentBenchmark() {
    let (layout, _) = syntheticLayout(units: 40 * 41)
    let typed = String(layout.text.enumerated().map { $0.offset % 5 == 0 && $0.element.isLetter ? "x" : $0.element })
    timeAlignment("a transcription of", layout) { try TranscriptAlignment(transcript: typed, page: layout) }
    // A page of 40 lines of made-up words, its transcription with a letter in three wrong and
    // one in seven missing, each line with its box: below the match threshold, so the lines are
    // compared with each other too, as on a poorly read real page.
    let distinct = distinctLinesLayout(lines: 40)
    let lines = distinct.lines.map { line in
        let text = String(decoding: Array(distinct.text.utf16)[line.range.range], as: UTF16.self)
        let mangled = text.enumerated().compactMap {
            $0.offset % 7 == 3 ? nil : $0.offset % 3 == 0 && $0.element.isLetter ? "x" : $0.element
        }
        return TypedLine(text: String(mangled), box: line.box)
    }
    timeAlignment("a transcription placed by its line boxes (a letter in three wrong, one in seven missing) of", distinct) {
        try TranscriptAlignment(typedLines: lines, page: distinct)
    }
}

/// A page of `count` lines of six made-up words each (letters from a fixed pseudo-random
/// sequence), so that no two lines read alike.
func distinctLinesLayout(lines count: Int) -> PageLayout {
    var state: UInt32 = 12345
    func letter() -> Character {
        state = state &* 1_103_515_245 &+ 12345
        return Character(Unicode.Scalar(UInt8(97 + (state >> 16) % 26)))
    }
    let lines = (0..<count).map { index in
        var x = 20.0
        let words = (0..<6).map { _ -> RecognisedWord in
            let text = String((0..<(3 + Int(state >> 20) % 6)).map { _ in letter() })
            defer { x += Double(text.count + 1) * 12 }
            return RecognisedWord(text: text, box: PixelBox(x: x, y: Double(index) * 30 + 20, width: Double(text.count) * 12, height: 22))
        }
        return RecognisedLine(words: words, box: words.dropFirst().reduce(words[0].box) { $0.union($1.box) })
    }
    return PageLayout.assemble([RecognisedParagraph(lines: lines)], image: PageImage(width: 1000, height: count * 30 + 60))
}

/// Aligns and applies, best of five, and prints the time.
func timeAlignment(_ what: String, _ layout: PageLayout, _ align: () throws -> TranscriptAlignment) {
    var best = Double.infinity
    var lines = 0
    for _ in 0..<5 {
        let start = Date()
        do {
            lines = try align().applied(to: layout).lines.count
        } catch {
            print("the alignment failed: \(error)")
            return
        }
        best = min(best, Date().timeIntervalSince(start))
    }
    BenchResults.record(
        "aligned and applied, best of five", on: "\(what) a \(lines)-line page of \(grouped(layout.text.utf16.count)) UTF-16 units",
        best * 1000, "ms")
}

extension String {
    /// The string `count` times over.
    func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
