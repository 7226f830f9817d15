import Foundation
import LegibleTestSupport
import Testing

@testable import LegibleLayout

/// An edit is made on the words it touches, and takes in the words around it only when its new
/// words lack room (`Docs/Editing.md`, "Measured"): wherever they have room, the wider stretch
/// would have given the same words, so the narrow one changes nothing but the cost.
@Suite("an edit's stretch of words")
struct LineEditTests {
    @Test("where the new words have room, the narrow stretch gives what the wide one gives; where not, the wide one is used")
    func narrowIsWide() throws {
        let layout = try PageLayout.decodeDocument(
            Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json")))
        let units = Array(layout.text.utf16)
        let pieces = ["x", " ", "wo", "é", "a b", "  ", "", "more words typed"]
        var generator = SplitMix(seed: 11)
        var (roomy, lacking) = (0, 0)
        for _ in 0..<2_000 {
            var line = layout.lines[Int(generator.next() % UInt64(layout.lines.count))]
            // Some words corrected, as a page being typed on has them.
            line.words = line.words?.map { word in
                var word = word
                if generator.next() % 2 == 0 { word.corrected = true }
                return word
            }
            guard let words = line.words, line.range.length > 0 else { continue }
            let start = line.range.start + Int(generator.next() % UInt64(line.range.length + 1))
            let end = min(line.range.end, start + Int(generator.next() % 4))
            let edit = PageEdit(range: UTF16Span(start, end), text: pieces[Int(generator.next() % UInt64(pieces.count))])
            let text = units[line.range.start..<line.range.end]
            var newText = text
            newText.replaceSubrange(start..<end, with: edit.text.utf16)
            let lineEdit = LineEdit(
                line: line, isHost: true, edit: edit, text: text, newText: newText, imageWidth: Double(layout.image.width),
                paragraphIsRightToLeft: false)
            let narrow = lineEdit.narrowStretch(words)
            let wide = lineEdit.wideStretch(words)
            let chosen = lineEdit.editedWords(words)
            if narrow.share.lacksRoom(narrow.share.parts()) {
                lacking += 1
                #expect(chosen.words == wide.edited(wide.share.parts(), by: edit.delta).words)
            } else {
                roomy += 1
                let (fromNarrow, fromWide) = (chosen.words, wide.edited(wide.share.parts(), by: edit.delta).words)
                #expect(fromNarrow == fromWide, "\(edit) on \(String(decoding: text, as: UTF16.self).debugDescription)")
            }
        }
        // Both ways were taken, many times each.
        #expect(roomy > 500 && lacking > 50, "\(roomy) with room, \(lacking) without")
    }
}
