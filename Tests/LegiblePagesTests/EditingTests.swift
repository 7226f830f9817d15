import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

/// The editable half of the contract (`Docs/Editing.md`): the text changes as typed, the ink
/// follows it, and every law `checkTextInput` checks still holds.
@Suite("Editing a scanned page")
struct EditingTests {
    static func chicago() throws -> ScannedPage {
        let page = try ScannedPage(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json"))
        page.isEditable = true
        return page
    }

    /// A page with emoji, combining marks and a right-to-left line.
    static func mixed() -> ScannedPage {
        let layout = LayoutBuilder().layout(
            [["Notes 👩‍👩‍👧 café and more", "naïve re\u{301}sume\u{301} here"], ["שלום עולם טוב"]], rightToLeft: [1])
        let page = ScannedPage(layout: layout)
        page.isEditable = true
        return page
    }

    /// An editable 600 × 200 page of one line of `words` (text, left and right edges in
    /// pixels), each 40 pixels high at y 50; the line's box spans them.
    static func oneLine(_ words: [(String, Double, Double)]) -> ScannedPage {
        let recognised = words.map { text, left, right in
            RecognisedWord(text: text, box: PixelBox(left: left, top: 50, right: right, bottom: 90))
        }
        let box = recognised.dropFirst().reduce(recognised[0].box) { $0.union($1.box) }
        let line = RecognisedLine(words: recognised, box: box, baseline: nil)
        let page = ScannedPage(layout: PageLayout.assemble([RecognisedParagraph(lines: [line])], image: PageImage(width: 600, height: 200)))
        page.isEditable = true
        return page
    }

    static func word(_ page: ScannedPage, _ text: String) -> Word? {
        page.layout.lines.lazy.compactMap { line in
            line.words?.first { page.text(in: TextRange($0.range.start, $0.range.end)) == text }
        }.first
    }

    static func offset(of text: String, in page: ScannedPage) -> Int {
        page.string.utf16.distance(
            from: page.string.utf16.startIndex, to: page.string.range(of: text)!.lowerBound.samePosition(in: page.string.utf16)!)
    }

    /// The UTF-16 offsets between grapheme clusters of `text`.
    static func boundaries(_ text: String) -> [Int] {
        var offsets = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.append(offset)
        }
        return offsets
    }

    @Test("random edits keep every law, and the text is exactly the text typed", arguments: ["chicago", "mixed"])
    func randomEdits(page name: String) throws {
        let pieces = ["", "x", " ", "word", " new ", "é", "e\u{301}", "👩‍👩‍👧", "line\nbreak", "ש", "a b c", "🇨🇭"]
        var generator = SplitMix(seed: name == "chicago" ? 1 : 2)
        for _ in 0..<100 {
            let page = name == "chicago" ? try Self.chicago() : Self.mixed()
            var expected = page.string
            for _ in 0..<12 {
                let cuts = Self.boundaries(expected)
                let start = cuts[Int(generator.next() % UInt64(cuts.count))]
                let end = cuts.filter { $0 >= start }[Int(generator.next() % UInt64(min(6, cuts.filter { $0 >= start }.count)))]
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                let units = Array(expected.utf16)
                expected = String(decoding: units[..<start] + Array(PageEdit.cleaned(piece).utf16) + units[end...], as: UTF16.self)
                let before = page.layout
                page.replace(TextRange(start, end), withText: piece)
                // Where the edit joins the text of two lines, a soft hyphen is put between them.
                guard page.string.replacingOccurrences(of: "\u{AD}", with: "") == expected.replacingOccurrences(of: "\u{AD}", with: "")
                else {
                    let reason = Result { try before.applying(PageEdit(range: UTF16Span(start, end), text: piece)) }
                    Issue.record(
                        "replacing \(start)..<\(end) with \(piece.debugDescription) in \(before.text.debugDescription) gave \(page.string.debugDescription): \(reason)"
                    )
                    return
                }
                expected = page.string
                let problems = checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 24)
                #expect(
                    problems.isEmpty,
                    "after replacing \(start)..<\(end) with \(piece.debugDescription): \(problems.prefix(3)) in \(page.string.debugDescription) \(page.layout.lines.map { ($0.range, $0.box, $0.words?.map { ($0.range, $0.box) } ?? []) })"
                )
                if !problems.isEmpty { return }
            }
        }
    }

    @Test("a character typed inside a word shares that word's ink; the word is marked corrected")
    func typedInsideWord() throws {
        let page = try Self.chicago()
        let before = try #require(Self.word(page, "started"))
        page.selectedTextRange = TextRange(before.range.start + 3, before.range.start + 3)
        page.insertText("x")
        let after = try #require(Self.word(page, "staxrted"))
        #expect(after.box == before.box && after.corrected == true)
        #expect(after.glyphs?.count == 8 && after.glyphs?.first?.box.x == before.box.x)
        #expect(abs((after.glyphs?.last?.box.maxX ?? 0) - before.box.maxX) < 1e-6)
        #expect(page.selectedTextRange == TextRange(before.range.start + 4, before.range.start + 4))
        #expect(Self.word(page, "out")?.corrected == nil)
    }

    @Test("a replaced word takes the old word's box; a deleted word frees its box; a typed word goes into the gap")
    func wordGeometry() throws {
        let page = try Self.chicago()
        let park = try #require(Self.word(page, "Park,"))
        page.replace(TextRange(park.range.start, park.range.end), withText: "Garden,")
        #expect(Self.word(page, "Garden,")?.box == park.box)

        let our = try #require(Self.word(page, "our"))
        let morning = try #require(Self.word(page, "morning"))
        page.replace(TextRange(our.range.start, our.range.end + 1), withText: "")
        #expect(Self.word(page, "our") == nil && Self.word(page, "morning")?.box == morning.box)

        let out = try #require(Self.word(page, "out"))
        let next = try #require(Self.word(page, "morning"))
        // At a word's end the caret extends that word, at its start the next one: a space
        // typed first makes the gap the new word goes into.
        page.selectedTextRange = TextRange(out.range.end, out.range.end)
        for character in " early" { page.insertText(String(character)) }
        let early = try #require(Self.word(page, "early"))
        #expect(
            early.box.x >= out.box.maxX - 1e-6 && early.box.maxX <= next.box.x + 1e-6, "\(early.box) between \(out.box) and \(next.box)")
        #expect(Self.word(page, "out")?.box == out.box && Self.word(page, "morning")?.box == next.box)
    }

    @Test("words typed again and again between two words that touch share their room: none lies over another")
    func typedBetweenTouchingWords() throws {
        // "alpha" and "beta" touch, as Tesseract's boxes often do; "gamma" is further on.
        let page = Self.oneLine([("alpha", 100.0, 200.0), ("beta", 200.0, 280.0), ("gamma", 300.0, 400.0)])
        let gamma = try #require(Self.word(page, "gamma"))
        for round in 0..<15 {
            let beta = try #require(Self.word(page, "beta"))
            page.replace(TextRange(beta.range.start, beta.range.start), withText: "w\(round) ")
        }
        let placed = try #require(page.layout.lines.first?.words)
        #expect(placed.count == 18)
        for (left, right) in zip(placed, placed.dropFirst()) {
            #expect(left.box.maxX <= right.box.x + 1e-6, "\(left.box) lies over \(right.box)")
            #expect(left.box.width >= 1, "\(left.box) is a sliver")
        }
        // The room shared is the two words' and their gap's; the word beyond keeps its ink.
        #expect(placed.first?.box.x == 100 && placed[16].box.maxX == 280 && placed[17].box == gamma.box)
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 60).isEmpty)
    }

    @Test("words typed inside a word again and again share the line with its corrected words: none shrinks to nothing")
    func typedInsideAWordAgainAndAgain() throws {
        let page = Self.mixed()
        let notes = try #require(Self.word(page, "Notes"))
        for round in 0..<30 {
            // Inside the line's first word: it is split, and the words typed take its room.
            page.replace(TextRange(notes.range.start + 2, notes.range.start + 2), withText: "x\(round) many more words \(round) ")
        }
        let line = try #require(page.layout.lines.first { $0.range.start == 0 })
        let placed = try #require(line.words)
        for (left, right) in zip(placed, placed.dropFirst()) {
            #expect(left.box.maxX <= right.box.x + 1e-6, "\(left.box) lies over \(right.box)")
        }
        // The words typed share their room by their letters: none is squeezed away (before,
        // each split halved the room of the words typed before it, down to nothing).
        let perUnit = placed.filter { $0.corrected == true }.map { $0.box.width / Double($0.range.length) }
        #expect(perUnit.count > 100)
        #expect((perUnit.max() ?? 0) <= 4 * (perUnit.min() ?? 0), "\(perUnit.min() ?? 0) to \(perUnit.max() ?? 0) pixels a letter")
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 60).isEmpty)
    }

    @Test("words typed again and again before a line's first word, at the image's edge, share its room: none lies over another")
    func typedBeforeTheFirstWordAtTheEdge() throws {
        // The line starts 4 pixels from the image's left edge: room made before it stops there.
        let page = Self.oneLine([("alpha", 4.0, 104.0), ("beta", 124.0, 204.0)])
        for round in 0..<12 { page.replace(TextRange(0, 0), withText: "word\(round) ") }
        let placed = try #require(page.layout.lines.first?.words)
        #expect(placed.count == 14)
        for (left, right) in zip(placed, placed.dropFirst()) {
            #expect(left.box.maxX <= right.box.x + 1e-6, "\(left.box) lies over \(right.box)")
        }
        #expect(placed.allSatisfy { $0.box.x >= 0 && $0.box.width > 1 })
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 60).isEmpty)
    }

    @Test("a word that starts inside a cluster (a mark typed after a space) takes its own place, not the stretch's start")
    func wordStartingInsideACluster() throws {
        let page = Self.oneLine([("alpha", 100.0, 200.0), ("beta", 220.0, 300.0), ("gamma", 320.0, 420.0)])
        let beta = try #require(Self.word(page, "beta"))
        // U+0301 after the space joins the space's cluster: the word "\u{301}c" starts inside it.
        page.replace(TextRange(beta.range.start, beta.range.end), withText: "bb \u{301}cc dd")
        let placed = try #require(page.layout.lines.first?.words)
        #expect(placed.count == 5)
        for (left, right) in zip(placed, placed.dropFirst()) {
            #expect(left.box.maxX <= right.box.x + 1e-6, "\(left.box) lies over \(right.box)")
        }
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 60).isEmpty)
    }

    @Test("a replacement spanning two lines joins the first; deleting a line's whole text removes the line")
    func acrossLines() throws {
        let page = try Self.chicago()
        let lines = page.layout.lines
        let (first, second) = (lines[1], lines[2])
        page.replace(TextRange(first.range.end - 6, second.range.start + 4), withText: "X")
        #expect(page.layout.lines.count == lines.count)
        let joined = page.layout.lines[1]
        #expect(page.text(in: TextRange(joined.range.start, joined.range.end))?.hasSuffix("X") == true)

        let before = page.layout.lines.count
        let third = page.layout.lines[3]
        page.replace(TextRange(third.range.start, third.range.end), withText: "")
        #expect(page.layout.lines.count == before - 1)
        #expect(checkTextInput(page, bounds: page.bounds.insetBy(dx: -2, dy: -2), sampleLimit: 40).isEmpty)
    }

    @Test("an emoji typed in the middle of a word is one cluster: one backspace removes it whole")
    func emojiInWord() throws {
        let page = Self.mixed()
        let cafe = Self.offset(of: "café", in: page)
        page.selectedTextRange = TextRange(cafe + 2, cafe + 2)
        page.insertText("👩‍👩‍👧")
        #expect(page.string.contains("ca👩‍👩‍👧fé"))
        page.deleteBackward()
        #expect(page.string.contains("café") && page.selectedTextRange == TextRange(cafe + 2, cafe + 2))
        // A range cutting the family emoji is widened to the whole cluster.
        let family = Self.offset(of: "👩‍👩‍👧", in: page)
        page.replace(TextRange(family + 2, family + 3), withText: "")
        #expect(!page.string.contains("\u{200D}") && !page.string.contains("👩"))
    }

    @Test("marked text: composing, committing, and a cancelled composition that leaves the text as it was")
    func markedText() throws {
        let page = try Self.chicago()
        let original = page.string
        let spy = DelegateSpy()
        page.inputDelegate = spy
        page.selectedTextRange = TextRange(3, 3)
        page.setMarkedText("n", selectedRange: 1..<1)
        page.setMarkedText("ni", selectedRange: 2..<2)
        #expect(page.markedTextRange == TextRange(3, 5) && page.string.hasPrefix("Morni"))
        page.setMarkedText(nil, selectedRange: 0..<0)
        #expect(page.string == original && page.markedTextRange == nil)
        page.setMarkedText("ñ", selectedRange: 1..<1)
        page.unmarkText()
        #expect(page.string.hasPrefix("Morñning") && page.markedTextRange == nil)
        // One pair of text notifications per edit, the selection moved inside it.
        #expect(spy.events == Array(repeating: ["textWill", "textDid"], count: 4).flatMap { $0 })
    }

    @Test("undo and redo by word and by command; a line break typed is a space; a read-only page refuses edits")
    func undoAndRules() throws {
        let page = try Self.chicago()
        let original = page.string
        page.selectedTextRange = TextRange(7, 7)
        for character in " big day" { page.insertText(String(character)) }
        #expect(page.string.hasPrefix("Morning big day\n"))
        page.undo()
        #expect(page.string.hasPrefix("Morning big \n"))
        page.undo()
        #expect(page.string.hasPrefix("Morning \n"))
        page.redo()
        #expect(page.string.hasPrefix("Morning big \n"))
        page.replace(TextRange(0, 7), withText: "Dawn\ntime")
        #expect(page.string.hasPrefix("Dawn time big \n") && !page.canRedo)
        page.undo()
        page.undo()
        page.undo()
        #expect(page.string == original && !page.canUndo)

        let readOnly = try ScannedPage(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json"))
        readOnly.replace(TextRange(0, 7), withText: "x")
        readOnly.insertText("y")
        readOnly.deleteBackward()
        #expect(
            readOnly.string == original && !readOnly.isEditable && !readOnly.shouldChangeText(in: TextRange(0, 1), replacementText: "x"))
    }

    @Test("undo after a page turn: each page keeps its own history")
    func undoAfterPageTurn() throws {
        let first = try Self.chicago()
        let second = try ScannedPage(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-2.json"))
        second.isEditable = true
        let (one, two) = (first.string, second.string)
        first.replace(TextRange(0, 7), withText: "Dawn")
        second.replace(TextRange(0, 6), withText: "Noon")
        first.undo()
        #expect(first.string == one && second.string.hasPrefix("Noon"))
        second.undo()
        #expect(second.string == two)
    }
}
