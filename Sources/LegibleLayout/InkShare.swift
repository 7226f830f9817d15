/// The ink of the stretch of a line an edit touched, shared out among the words that are there
/// now (`Docs/Editing.md`, "Geometry follows the text"):
/// - a word whose text is unchanged at either end of the stretch keeps its box and glyphs;
/// - in the middle, as many words as before take the old boxes one for one (a replaced word
///   takes the old word's box; characters typed inside a word share its ink);
/// - new words where there were none go into the gap where the caret was, between the
///   neighbouring words, or past the line's end by the line's own character width; where that
///   gap has no room for them, they share the room of the words around it (``shared``);
/// - otherwise the middle's ink is divided among its new words by their advance;
/// - old words with no new word left free their boxes.
struct InkShare {
    /// The words the edit touched, and their texts before it, as UTF-16 (compared unit for
    /// unit: "é" and "e\u{301}" are equal as Swift strings but not as a page's text).
    var old: [Word]
    var oldTexts: [[UInt16]]
    /// The words in the stretch after the edit, as spans of `newText`.
    var fresh: [UTF16Span]
    var newText: ArraySlice<UInt16>
    /// The untouched words beside the stretch, in reading order, at their places after the edit.
    var before: Word?
    var after: Word?
    /// The stretch's span in the text after the edit.
    var stretch: UTF16Span
    var line: Line
    var rightToLeft: Bool
    var imageWidth: Double

    /// The stretch split where its text changed: the words unchanged at its start and at its
    /// end, at their new places, and the old and new words between.
    typealias Parts = (keptHead: [Word], oldMiddle: [Word], freshMiddle: [UTF16Span], keptTail: [Word])

    /// The stretch split where its text changed, made once for ``lacksRoom(_:)`` and
    /// ``words(_:)`` both.
    func parts() -> Parts {
        let texts = fresh.map { Array(newText[$0.range]) }
        var head = 0
        while head < min(old.count, fresh.count), oldTexts[head] == texts[head] { head += 1 }
        var tail = 0
        while tail < min(old.count, fresh.count) - head, oldTexts[old.count - 1 - tail] == texts[fresh.count - 1 - tail] { tail += 1 }
        let keptHead: [Word] = (0..<head).map { index in unchanged(old[index], at: fresh[index]) }
        let keptTail: [Word] = (0..<tail).reversed().map { index in
            unchanged(old[old.count - 1 - index], at: fresh[fresh.count - 1 - index])
        }
        return (keptHead, Array(old[head..<(old.count - tail)]), Array(fresh[head..<(fresh.count - tail)]), keptTail)
    }

    /// Whether the new words of `parts` have no room where they go (``shortage(for:replacing:after:before:)``),
    /// so that the words around them must share theirs: the edit then takes those words into
    /// its stretch (`LineEdit.editedWords`). Most keystrokes have room, and touch no word but
    /// their own.
    func lacksRoom(_ parts: Parts) -> Bool {
        shortage(for: parts.freshMiddle, replacing: parts.oldMiddle, after: parts.keptHead, before: parts.keptTail) != nil
    }

    /// The stretch's words after the edit, in reading order, from its ``parts()``.
    func words(_ parts: Parts) -> [Word] {
        let (keptHead, oldMiddle, freshMiddle, keptTail) = parts
        if let shared = shared(freshMiddle, replacing: oldMiddle, after: keptHead, before: keptTail) {
            return Array(keptHead.dropLast(shared.head)) + shared.words + Array(keptTail.dropFirst(shared.tail))
        }
        let neighbours = (keptHead.last ?? before, keptTail.first ?? after)
        return keptHead + middle(oldMiddle, freshMiddle, between: neighbours) + keptTail
    }

    /// Words typed where there is no room for them, placed with the words around them over
    /// their ink, each by its advance. There is no room when words are typed between two
    /// words whose gap is narrower than the typed text at the line's own character width, or
    /// when the words typed in place of others (a word split, or words joined) would have under
    /// half that width. The words sharing are the corrected words on each side and the first
    /// word beyond them that was never corrected (`head` words of `keptBefore`, `tail` of
    /// `keptAfter`); they keep their glyphs, squeezed with them. Nil when there is room, or no
    /// word to share with: a word typed into a sliver lay over its neighbours, and words typed
    /// at one place again and again, between words or inside one, were squeezed under a pixel,
    /// then to nothing (`Docs/Hardening.md`, "The corrections harness's second finding").
    func shared(_ spans: [UTF16Span], replacing oldWords: [Word], after keptBefore: [Word], before keptAfter: [Word]) -> (
        words: [Word], head: Int, tail: Int
    )? {
        guard let shortage = shortage(for: spans, replacing: oldWords, after: keptBefore, before: keptAfter) else { return nil }
        var room: PixelBox?
        if case .gap(let gap) = shortage { room = gap }
        let (head, tail) = (Self.run(keptBefore.reversed()), Self.run(keptAfter))
        guard head + tail > 0 else { return nil }
        let sharing = Array(keptBefore.suffix(head)) + Array(keptAfter.prefix(tail))
        let boxes = (sharing + oldWords).map(\.box) + (room.map { [$0] } ?? [])
        let region = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
        let all = sharing.prefix(head).map(\.range) + spans + sharing.suffix(tail).map(\.range)
        var placed = place(all, over: UTF16Span(all[0].start, all[all.count - 1].end), in: region)
        for (index, word) in sharing.enumerated() {
            let at = index < head ? index : placed.count - sharing.count + index
            placed[at] = word.squeezed(into: placed[at].box)
        }
        return (placed, head, tail)
    }

    /// Where new words lack room: typed into a gap too narrow for them (image pixels), or in
    /// place of words whose ink is too narrow for them.
    enum Shortage {
        case gap(PixelBox)
        case replaced
    }

    /// Nil when `spans` have room where they go. There is none when words are typed between
    /// two words whose gap is narrower than the typed text at the line's own character width,
    /// or when the words typed in place of others would have under half that width.
    func shortage(for spans: [UTF16Span], replacing oldWords: [Word], after keptBefore: [Word], before keptAfter: [Word]) -> Shortage? {
        guard let first = spans.first, let last = spans.last, oldWords.count != spans.count else { return nil }
        guard oldWords.isEmpty else {
            let region = oldWords.dropFirst().reduce(oldWords[0].box) { $0.union($1.box) }
            return region.width < 0.5 * characterWidth * advance(of: UTF16Span(first.start, last.end)) ? .replaced : nil
        }
        // Between two words, or before the line's first or past its last, where the room
        // made beyond the line stops at the image's edge.
        // The words beside the gap, kept in the stretch or just outside it: a gap measured
        // from the line's start while a word stood there put new words over it.
        let (previous, next) = (keptBefore.last ?? before, keptAfter.first ?? after)
        let extent = UTF16Span(previous?.range.end ?? stretch.start, next?.range.start ?? stretch.end)
        let gap = gap(between: (previous, next), advance: advance(of: extent))
        return gap.width < characterWidth * advance(of: extent) - 1e-9 ? .gap(gap) : nil
    }

    /// How many of `words`, from the first, share room: the corrected ones, and the first
    /// never corrected.
    static func run(_ words: some Collection<Word>) -> Int {
        min(words.count, words.prefix { $0.corrected == true }.count + 1)
    }

    /// An unchanged word at its new place, its glyphs moved with it.
    func unchanged(_ word: Word, at span: UTF16Span) -> Word {
        let delta = span.start - word.range.start
        var moved = word
        moved.range = span
        moved.glyphs = word.glyphs?.map { Glyph(range: UTF16Span($0.range.start + delta, $0.range.end + delta), box: $0.box) }
        return moved
    }

    /// The middle's new words with their ink.
    func middle(_ oldWords: [Word], _ spans: [UTF16Span], between neighbours: (Word?, Word?)) -> [Word] {
        guard let first = spans.first, let last = spans.last else { return [] }
        if oldWords.count == spans.count {
            return zip(oldWords, spans).map { word, span in corrected(span, in: word.box) }
        }
        if oldWords.isEmpty {
            // The gap holds the typed words and the spaces around them, each by its advance.
            let extent = UTF16Span(neighbours.0?.range.end ?? stretch.start, neighbours.1?.range.start ?? stretch.end)
            return place(spans, over: extent, in: gap(between: neighbours, advance: advance(of: extent)))
        }
        let region = oldWords.dropFirst().reduce(oldWords[0].box) { $0.union($1.box) }
        return place(spans, over: UTF16Span(first.start, last.end), in: region)
    }

    /// Each of `spans` in its part of `region`, which holds the text of `extent`: the parts
    /// follow the characters' advances, spaces included.
    func place(_ spans: [UTF16Span], over extent: UTF16Span, in region: PixelBox) -> [Word] {
        // Every unit's place, not only each character's: a word split at a space can start
        // inside a cluster (a mark typed after the space joins it), and a start that was not
        // found had put the word at the region's left edge, over the words before it.
        var reached: [Int: Double] = [extent.start: 0]
        var (offset, cursor) = (extent.start, 0.0)
        for character in String(decoding: newText[extent.range], as: UTF16.self) {
            let (units, advance) = (character.utf16.count, Self.advance(character))
            for unit in 1...units { reached[offset + unit] = cursor + advance * Double(unit) / Double(units) }
            offset += units
            cursor += advance
        }
        let total = max(cursor, 0.001)
        return spans.map { span in
            corrected(span, in: slice(region, from: (reached[span.start] ?? 0) / total, to: (reached[span.end] ?? total) / total))
        }
    }

    /// Where words typed between `neighbours` go: the gap between their boxes (a gap with no
    /// room for them is shared with the words around it first, ``shared``); past the line's last word, or
    /// before its first, a stretch as wide as the text would be at the line's own character
    /// width (within the image), so that the new word never lies over the word beside it.
    func gap(between neighbours: (Word?, Word?), advance: Double) -> PixelBox {
        let (previous, next) = neighbours
        let top = [previous?.box.y, next?.box.y].compactMap { $0 }.min() ?? line.box.y
        let bottom = [previous?.box.maxY, next?.box.maxY].compactMap { $0 }.max() ?? line.box.maxY
        let leftWord = rightToLeft ? next : previous, rightWord = rightToLeft ? previous : next
        var left = leftWord?.box.maxX ?? line.box.x
        var right = rightWord?.box.x ?? line.box.maxX
        let wanted = max(1, characterWidth * advance)
        if next == nil, right - left < wanted {
            // Typed past the end of the line: room is made beyond it.
            if rightToLeft { left = right - wanted } else { right = left + wanted }
        } else if previous == nil, right - left < wanted {
            // Typed before the line's first word: room is made before it, not over it (a word
            // squeezed under a pixel wide lay under a centred sliver; `Docs/Hardening.md`,
            // "The corrections harness's finding (2026-12-05)").
            if rightToLeft { right = left + wanted } else { left = right - wanted }
        }
        if right - left < 1 {
            // Words that touch leave a gap of nothing: a one-pixel sliver between them.
            let middle = (left + right) / 2
            (left, right) = (middle - 0.5, middle + 0.5)
        }
        left = min(max(0, left), max(0, imageWidth - 1))
        right = min(max(left + 1, right), imageWidth)
        return PixelBox(left: left, top: top, right: right, bottom: max(bottom, top + 1))
    }

    /// The line's ink width per unit of advance: its box's width over its text's advance.
    var characterWidth: Double {
        line.range.length > 0 ? line.box.width / Double(line.range.length) : line.box.height / 2
    }

    /// A part of `box` along the reading direction, `from` and `to` as fractions.
    func slice(_ box: PixelBox, from: Double, to: Double) -> PixelBox {
        let (start, end) = rightToLeft ? (1 - to, 1 - from) : (from, to)
        return PixelBox(left: box.x + box.width * start, top: box.y, right: box.x + box.width * end, bottom: box.maxY)
    }

    /// A corrected word over `span`, in `box`, with one glyph per grapheme cluster sized by its advance.
    func corrected(_ span: UTF16Span, in box: PixelBox) -> Word {
        let text = String(decoding: newText[span.range], as: UTF16.self)
        let weights = text.map(Self.advance)
        let total = max(weights.reduce(0, +), 0.001)
        var glyphs: [Glyph] = []
        var (offset, cursor) = (span.start, 0.0)
        for (character, weight) in zip(text, weights) {
            let units = character.utf16.count
            glyphs.append(
                Glyph(range: UTF16Span(offset, offset + units), box: slice(box, from: cursor / total, to: (cursor + weight) / total)))
            offset += units
            cursor += weight
        }
        return Word(range: span, box: box, confidence: nil, glyphs: glyphs, corrected: true)
    }

    /// The advance of `span` of the text after the edit.
    func advance(of span: UTF16Span) -> Double {
        String(decoding: newText[span.range], as: UTF16.self).reduce(0) { $0 + Self.advance($1) }
    }

    /// How wide a character is written, relative to a typical letter: a handwritten advance is
    /// unknown, so narrow letters and marks count half, wide ones a little more.
    static func advance(_ character: Character) -> Double {
        // Each of these is one scalar, so a character of several scalars is none of them.
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return 1 }
        switch scalar {
        case " ": return 0.6
        case "i", "I", "l", "1", "|", ".", ",", ";", ":", "'", "!", "(", ")", "[", "]", "j", "t", "f", "r", "\u{00AD}": return 0.5
        case "m", "w", "M", "W", "@", "%": return 1.4
        default: return 1
        }
    }
}

extension Word {
    /// This word in `box`, its glyphs moved and scaled along the line with it (their heights
    /// kept): a word that gives up room to words typed beside it keeps its letters in order.
    func squeezed(into box: PixelBox) -> Word {
        let scale = self.box.width > 0 ? box.width / self.box.width : 0
        let across = { (x: Double) in box.x + (x - self.box.x) * scale }
        var moved = self
        moved.box = box
        moved.glyphs = glyphs?.map { glyph in
            Glyph(
                range: glyph.range,
                box: PixelBox(left: across(glyph.box.x), top: glyph.box.y, right: across(glyph.box.maxX), bottom: glyph.box.maxY))
        }
        return moved
    }
}
