import Foundation
import LegibleLayout
import LegibleTestSupport
import LegibleTextInput
import Testing

@testable import LegiblePages

/// Typing on a long page (`Docs/Editing.md`): an edit inside one line is made on that line
/// alone, and must leave the page exactly as editing the whole page does.
@Suite("Edits made on one line alone")
struct LocalEditTests {
    /// Whether the paragraph (a run between line feeds) holding `offset` starts, at its first
    /// letter, in Hebrew: the only right-to-left script of the pages edited here.
    static func isRightToLeft(at offset: Int, in text: String) -> Bool {
        let units = Array(text.utf16)
        let start = units[..<min(offset, units.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let paragraph = String(decoding: units[start...].prefix { $0 != 0x0A }, as: UTF16.self)
        guard let letter = paragraph.unicodeScalars.first(where: \.properties.isAlphabetic) else { return false }
        return (0x0590...0x05FF).contains(letter.value)
    }

    @Test(
        "random edits inside lines give the page the whole-page edit gives, and undo and redo give back each state",
        arguments: ["chicago", "mixed"])
    func sameAsWholePage(page name: String) throws {
        let pieces = ["", "x", " ", "wo", "é", "e\u{301}", "👩‍👩‍👧", "ש", "a b", "🇨🇭", "  "]
        var generator = SplitMix(seed: name == "chicago" ? 3 : 4)
        var local = 0
        for _ in 0..<40 {
            let page = name == "chicago" ? try EditingTests.chicago() : EditingTests.mixed()
            var states = [page.layout]
            for step in 0..<15 {
                let lines = page.layout.lines
                let line = lines[Int(generator.next() % UInt64(lines.count))]
                let cuts = EditingTests.boundaries(page.text(in: TextRange(line.range.start, line.range.end)) ?? "").map {
                    $0 + line.range.start
                }
                let start = cuts[Int(generator.next() % UInt64(cuts.count))]
                let ends = cuts.filter { $0 >= start }.prefix(4)
                let end = ends[ends.startIndex + Int(generator.next() % UInt64(ends.count))]
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                let before = page.layout
                let edit = PageEdit(range: UTF16Span(start, end), text: piece)
                let newText = String(
                    decoding: Array(before.text.utf16)[..<start] + Array(edit.text.utf16) + Array(before.text.utf16)[end...], as: UTF16.self
                )
                let whole = try? before.applying(edit) {
                    Self.isRightToLeft(at: edit.map(before.lines[$0].range.start, .start), in: newText)
                }
                if page.localSplice(for: edit) != nil { local += 1 }
                // Every third edit a command of its own, so that undo has groups of both kinds.
                if step % 3 == 0 {
                    page.replace(TextRange(start, end), withText: piece)
                } else {
                    page.selectedTextRange = TextRange(start, end)
                    page.insertText(piece)
                }
                if let whole {
                    let same = page.layout == whole
                    try #require(same, "replacing \(start)..<\(end) of \(before.text.debugDescription) with \(piece.debugDescription)")
                } else {
                    let unchanged = page.layout == before
                    #expect(unchanged)
                }
                if page.layout != states.last { states.append(page.layout) }
                let problems = checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 8)
                try #require(problems.isEmpty, "\(problems.prefix(3))")
            }
            var undone = [page.layout]
            while page.canUndo {
                page.undo()
                undone.append(page.layout)
                #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 4).isEmpty)
            }
            #expect(undone.last == states.first)
            #expect(Set(undone).isSubset(of: Set(states)))
            while page.canRedo { page.redo() }
            #expect(page.layout == states.last)
        }
        #expect(local > 300, "only \(local) of 600 edits were made on one line alone")
    }

    /// What differs between `index` and an index built afresh from `layout`: every offset
    /// list, unit table, direction, rect, each line's clusters and edges, and the line lookup.
    static func differences(_ index: PageIndex, _ layout: PageLayout) -> [String] {
        let fresh = PageIndex(layout: layout)
        var found: [String] = []
        let lists: [(String, [Int], [Int])] = [
            ("lineStarts", index.lineStarts.array, fresh.lineStarts.array), ("lineEnds", index.lineEnds.array, fresh.lineEnds.array),
            ("unitEnds", index.unitEnds.array, fresh.unitEnds.array),
            ("paragraphStarts", index.paragraphStarts.array, fresh.paragraphStarts.array),
        ]
        for (name, mine, theirs) in lists where mine != theirs { found.append("\(name) \(mine), afresh \(theirs)") }
        if index.utf16 != fresh.utf16 { found.append("text") }
        if index.lineUnits != fresh.lineUnits || index.paragraphUnits != fresh.paragraphUnits { found.append("units") }
        if index.paragraphDirections != fresh.paragraphDirections || index.lineDirections != fresh.lineDirections {
            found.append("directions")
        }
        if index.lineRects != fresh.lineRects || index.linesByMidY != fresh.linesByMidY { found.append("rects") }
        for line in 0..<index.lineCount {
            let (mine, theirs) = (index.geometry(ofLine: line), fresh.geometry(ofLine: line))
            if mine.clusterStarts != theirs.clusterStarts || mine.leading != theirs.leading || mine.trailing != theirs.trailing {
                found.append("line \(line)'s geometry")
            }
        }
        if let offset = (0...index.length + 2).first(where: {
            index.lineStartTable.lastIndex(atMost: $0) != fresh.lineStartTable.lastIndex(atMost: $0)
        }) {
            found.append("the line lookup at \(offset)")
        }
        return found
    }

    @Test(
        "after every random edit anywhere, the page's index is the index built afresh from its document", arguments: ["chicago", "mixed"])
    func indexAfterEveryEdit(page name: String) throws {
        let pieces = ["", "x", " ", "wo", "é", "e\u{301}", "👩‍👩‍👧", "ש", "a b", "🇨🇭", "  "]
        var generator = SplitMix(seed: name == "chicago" ? 5 : 6)
        for _ in 0..<60 {
            let page = name == "chicago" ? try EditingTests.chicago() : EditingTests.mixed()
            for _ in 0..<12 {
                let cuts = EditingTests.boundaries(page.string)
                let start = cuts[Int(generator.next() % UInt64(cuts.count))]
                let ends = cuts.filter { $0 >= start }.prefix(6)
                let end = ends[ends.startIndex + Int(generator.next() % UInt64(ends.count))]
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                page.replace(TextRange(start, end), withText: piece)
                let found = Self.differences(page.index, page.layout)
                try #require(found.isEmpty, "after replacing \(start)..<\(end) with \(piece.debugDescription): \(found)")
            }
            while page.canUndo { page.undo() }
            #expect(Self.differences(page.index, page.layout).isEmpty)
        }
    }

    @Test("replacing the last line whole, from its start to the end of the text, leaves the line before it its end")
    func lastLineReplacedWhole() throws {
        // The corrections harness's fourth finding: the end of the line before moved with the
        // edit, and its last space then had the rect of the letter before it.
        for replacement in ["Nótes", "x", "a much longer line than the one it replaces"] {
            let page = EditingTests.mixed()
            let last = try #require(page.layout.lines.last)
            page.replace(TextRange(last.range.start, page.length), withText: replacement)
            let found = Self.differences(page.index, page.layout)
            #expect(found.isEmpty, "\(replacement.debugDescription): \(found)")
            #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 40).isEmpty)
            page.undo()
            #expect(Self.differences(page.index, page.layout).isEmpty)
        }
    }

    @Test("the text with a gap reads as an array edited the same way, wherever its gap is moved and however it grows")
    func gapText() {
        var generator = SplitMix(seed: 7)
        var reference = (0..<300).map { UInt16(0x61 + $0 % 26) }
        var text = GapUnits(reference)
        for _ in 0..<600 {
            let lower = Int(generator.next() % UInt64(reference.count + 1))
            let upper = min(reference.count, lower + Int(generator.next() % 5))
            // Now and then more than the gap holds, so that it grows.
            let inserted = (0..<Int(generator.next() % (generator.next() % 8 == 0 ? 90 : 6))).map { _ in
                UInt16(0x41 + generator.next() % 26)
            }
            if generator.next() % 3 == 0 { text.moveGap(to: Int(generator.next() % UInt64(reference.count + 1))) }
            text.moveGap(to: max(upper, text.gap))
            text.replace(lower..<upper, with: inserted)
            reference.replaceSubrange(lower..<upper, with: inserted)
            if text.array != reference || !text.elementsEqual(reference) {
                Issue.record("after replacing \(lower)..<\(upper) with \(inserted.count) units the text differs")
                return
            }
        }
        let line = 10..<40
        text.moveGap(to: line.upperBound)
        #expect(text.contiguous(line).map(Array.init) == Array(reference[line]) && text.contiguous(line)?.startIndex == 10)
    }

    @Test("the page's index after edits on one line is the index built afresh from the page document")
    func indexAsBuilt() throws {
        let page = try EditingTests.chicago()
        let words = page.layout.lines.compactMap { $0.words?.first }
        for (count, word) in words.prefix(6).enumerated() {
            page.selectedTextRange = TextRange(word.range.end, word.range.end)
            for character in "ab cd" { page.insertText(String(character)) }
            if count % 2 == 1 { page.deleteBackward() }
        }
        page.undo()
        // Typed at the very end of the text, the last line and its units grow.
        page.selectedTextRange = TextRange(page.length, page.length)
        for character in "end" { page.insertText(String(character)) }
        #expect(Self.differences(page.index, page.layout).isEmpty)
    }
}
