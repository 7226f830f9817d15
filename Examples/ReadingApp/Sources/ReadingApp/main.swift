// What a reading app does with a page document, as a `UITextInput` adapter over `ScannedPage`
// would (Docs/TextInputContract.md): load it, answer a tap, move by word and by line, draw the
// selection of a range, and hear what a screen reader says for the first lines. Offsets are
// UTF-16 code units of the page's reading text; geometry is in the scan's pixels, y down.
//
//   swift run ReadingApp PAGE.json
import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTextInput

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: ReadingApp PAGE.json\n".utf8))
    exit(64)
}
let layout: PageLayout
do {
    layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
} catch {
    FileHandle.standardError.write(Data("ReadingApp: \(CommandLine.arguments[1]): \(error)\n".utf8))
    exit(65)
}
let page = ScannedPage(layout: layout)
print("page: \(page.lineCount) lines, \(page.length) UTF-16 units, \(Int(page.bounds.width))×\(Int(page.bounds.height)) px")

// A tap on the first word's centre: the position and the character under the finger.
if let word = layout.lines.first?.words?.first {
    let tap = CGPoint(x: word.box.midX, y: word.box.midY)
    let position = page.closestPosition(to: tap)
    let character = page.characterRange(at: tap)
    print(
        "tap at (\(Int(tap.x)), \(Int(tap.y))): position \(position?.offset ?? -1), character \(character.map { "[\($0.start.offset), \($0.end.offset))" } ?? "none")"
    )
}

// Moving by word, then by line, forward from the start, as a rotor or the arrow keys do.
var position = page.beginningOfDocument
var words: [String] = []
for _ in 0..<5 {
    guard let end = page.tokenizer.position(from: position, toBoundary: .word, inDirection: .storage(.forward)),
        let range = page.tokenizer.rangeEnclosingPosition(end, with: .word, inDirection: .storage(.backward))
    else { break }
    words.append(page.text(in: range) ?? "")
    position = end
}
print("first words: \(words.joined(separator: " | "))")
var lineStart = page.beginningOfDocument
for number in 1...2 {
    guard let range = page.tokenizer.rangeEnclosingPosition(lineStart, with: .line, inDirection: .storage(.forward)) else { break }
    print("line \(number): \((page.text(in: range) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))")
    guard let next = page.tokenizer.position(from: range.end, toBoundary: .line, inDirection: .storage(.forward)),
        let nextRange = page.tokenizer.rangeEnclosingPosition(next, with: .line, inDirection: .storage(.backward))
    else { break }
    lineStart = nextRange.start
}

// The selection of the first line's text, drawn as the rects a text view would fill.
if let first = layout.lines.first {
    let range = TextRange(first.range.start, first.range.end)
    for rect in page.selectionRects(for: range) {
        print("selection rect: x \(Int(rect.rect.minX)) y \(Int(rect.rect.minY)) w \(Int(rect.rect.width)) h \(Int(rect.rect.height))")
    }
}

// What a screen reader says for the first lines, reading the page from the top (VoiceOver's
// read-all, traits spoken).
let reader = ScreenReader(notebook: Notebook(pages: [page]))
reader.readAll(.voiceOver)
for utterance in reader.transcript.prefix(3) { print("screen reader: \(utterance)") }
