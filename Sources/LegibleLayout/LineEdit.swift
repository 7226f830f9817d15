/// One line's part of a ``PageEdit`` (`Docs/Editing.md`, "Geometry follows the text"): its
/// range moved, and its words' text and ink shared out again where the edit touched them.
struct LineEdit {
    var line: Line
    /// Whether the replacement joins this line.
    var isHost: Bool
    var edit: PageEdit
    /// The text before and after the edit, as UTF-16: the whole text, or a slice of it holding
    /// the line (offsets are the text's own either way).
    var text: ArraySlice<UInt16>
    var newText: ArraySlice<UInt16>
    /// The image's width in pixels: new ink is never placed beyond it.
    var imageWidth: Double
    /// Whether the line's paragraph reads right to left: the direction of a line whose words
    /// cannot show it.
    var paragraphIsRightToLeft: Bool

    /// The edited line, or nil when the edit left it with no text but spaces.
    func edited() -> Line? { editedAndChanged()?.line }

    /// The edited line and the indices of its words whose ink was shared out again (the others
    /// are the line's words as they were, moved with the text), or nil as ``edited()`` is.
    func editedAndChanged() -> (line: Line, changed: Range<Int>)? {
        let (a, b) = (edit.range.start, edit.range.end)
        var result = line
        let start = isHost ? min(edit.map(line.range.start, .start), a) : edit.map(line.range.start, .end)
        // A line that ends where a replacement of text starts, and does not take it, is left as
        // it was: the replacement joins the line after it (two lines that touch at a soft hyphen).
        let before = !isHost && line.range.end == a && a < b
        let end = max(
            start, isHost ? max(edit.map(line.range.end, .end), a + edit.insertedLength) : before ? a : edit.map(line.range.end, .end))
        result.range = UTF16Span(start, end)
        guard isHost || (line.range.start <= b && line.range.end >= a && !before) else {
            result.words = line.words?.map { $0.shifted(by: line.range.start < a ? 0 : edit.delta) }
            return (result, 0..<0)
        }
        guard newText[start..<end].contains(where: { $0 != 0x20 && $0 != 0xAD }) else { return nil }
        var changed = 0..<0
        if let words = line.words {
            let edited = editedWords(words)
            (result.words, changed) = (edited.words, edited.changed)
            for word in edited.words { result.box = result.box.union(word.box) }
        }
        result.box = roomForSpaces(at: result.range, in: result.box)
        return (result, changed)
    }

    /// `box` widened so that spaces typed at the line's ends have ink to stand on: a space's
    /// width (at the line's own character width) beyond each end, within the image.
    func roomForSpaces(at range: UTF16Span, in box: PixelBox) -> PixelBox {
        let leading = newText[range.range].prefix { $0 == 0x20 }.count
        let trailing = leading == range.length ? 0 : newText[range.range].reversed().prefix { $0 == 0x20 }.count
        guard leading + trailing > 0 else { return box }
        let space = 0.6 * (line.range.length > 0 ? line.box.width / Double(line.range.length) : line.box.height / 2)
        let rightToLeft = isRightToLeft(line.words ?? [])
        let (before, after) = (Double(leading) * space, Double(trailing) * space)
        let left = max(0, box.x - (rightToLeft ? after : before))
        let right = min(imageWidth, box.maxX + (rightToLeft ? before : after))
        return PixelBox(left: left, top: box.y, right: max(right, left + 1), bottom: box.maxY)
    }

    /// The line's words after the edit, and the indices of those shared out again: those it did
    /// not touch keep their ink; in the stretch
    /// it touched, words whose text is unchanged at either end keep theirs too, and the rest
    /// share the ink of the words they replace, or the gap where they were typed.
    func editedWords(_ words: [Word]) -> (words: [Word], changed: Range<Int>) {
        let narrow = narrowStretch(words)
        let parts = narrow.share.parts()
        guard narrow.share.lacksRoom(parts) else { return narrow.edited(parts, by: edit.delta) }
        // No room: only then do the words around the stretch join it. A stretch that took every
        // corrected word in at every keystroke made typing a sentence three times as slow
        // (bisected to 0dfe8a7; `Docs/Editing.md`, "Measured").
        let wide = wideStretch(words)
        return wide.edited(wide.share.parts(), by: edit.delta)
    }

    /// The span the edit touches in the line's text before it, ends included, so that typing at
    /// a word's end extends that word; the indices of the words in it, and how many come before.
    func touched(_ words: [Word]) -> (low: Int, high: Int, zone: [Int], before: Int) {
        let low = max(edit.range.start, line.range.start)
        let high = max(low, min(edit.range.end, line.range.end))
        let zone = words.indices.filter { words[$0].range.end >= low && words[$0].range.start <= high }
        return (low, high, zone, words.prefix { $0.range.end < low }.count)
    }

    /// The stretch of the words the edit touches alone.
    func narrowStretch(_ words: [Word]) -> Stretch {
        let touched = touched(words)
        return stretch(words, zone: touched.zone, after: touched.before, low: touched.low, high: touched.high)
    }

    /// The stretch with the words beside it, back to the first word on each side that was never
    /// corrected, so that new words with no room share theirs (`InkShare.shared`); an unchanged
    /// word there keeps its ink. Where the new words have room, it gives what the narrow
    /// stretch gives (`LineEditTests`).
    func wideStretch(_ words: [Word]) -> Stretch {
        let touched = touched(words)
        var first = max(0, (touched.zone.first ?? touched.before) - 1)
        while first > 0, words[first].corrected == true { first -= 1 }
        var last = min(words.count - 1, (touched.zone.last ?? touched.before - 1) + 1)
        while last >= 0, last < words.count - 1, words[last].corrected == true { last += 1 }
        return stretch(words, zone: first <= last ? Array(first...last) : [], after: first, low: touched.low, high: touched.high)
    }

    /// The words an edit touched, with those before and after them.
    struct Stretch {
        /// The share of the stretch's ink among the words there now.
        var share: InkShare
        /// The line's words before and after the stretch, before the edit.
        var before: ArraySlice<Word>
        var after: ArraySlice<Word>

        /// The line's words after the edit, from the stretch's `parts` (``InkShare/parts()``),
        /// and the indices of those shared out again; the words after the stretch moved by
        /// `delta` UTF-16 code units.
        func edited(_ parts: InkShare.Parts, by delta: Int) -> (words: [Word], changed: Range<Int>) {
            let middle = share.words(parts)
            return (Array(before) + middle + after.map { $0.shifted(by: delta) }, before.count..<before.count + middle.count)
        }
    }

    /// The edit's stretch over `zone` (indices of `words`, ascending), after the first `first`
    /// words; `low...high` is the span the edit touches in the text before it.
    func stretch(_ words: [Word], zone: [Int], after first: Int, low: Int, high: Int) -> Stretch {
        let before = words.prefix(first)
        let after = words.suffix(from: zone.last.map { $0 + 1 } ?? before.count)
        let zoneStart = zone.first.map { min(words[$0].range.start, low) } ?? low
        let zoneEnd = zone.last.map { max(words[$0].range.end, high) } ?? high
        let newStart = isHost && zoneStart <= edit.range.start ? zoneStart : edit.map(zoneStart, .end)
        let newEnd = max(newStart, isHost ? max(edit.map(zoneEnd, .end), edit.range.start + edit.insertedLength) : edit.map(zoneEnd, .end))
        let fresh = WordSplit.words(in: newText, from: newStart, to: newEnd)
        let old = zone.map { words[$0] }
        let shared = InkShare(
            old: old, oldTexts: old.map { Array(text[$0.range.range]) }, fresh: fresh,
            newText: newText, before: before.last, after: after.first?.shifted(by: edit.delta),
            stretch: UTF16Span(newStart, newEnd), line: line, rightToLeft: isRightToLeft(words), imageWidth: imageWidth)
        return Stretch(share: shared, before: before, after: after)
    }

    /// Whether the line runs right to left on the page, decided as a page reads it
    /// (`LineGeometry.readingSign`): its words' order, else its one word's glyphs' order, else
    /// its paragraph's direction.
    func isRightToLeft(_ words: [Word]) -> Bool { Self.visualDirection(of: words) ?? paragraphIsRightToLeft }

    /// Whether words laid out so run right to left on the page (their order, else one word's
    /// glyphs' order); nil when their boxes cannot show it.
    static func visualDirection(of words: [Word]) -> Bool? {
        if let first = words.first, let last = words.last, words.count > 1, first.box.midX != last.box.midX {
            return first.box.midX > last.box.midX
        }
        if let glyphs = words.first?.glyphs, let first = glyphs.first, let last = glyphs.last, first.box.midX != last.box.midX {
            return first.box.midX > last.box.midX
        }
        return nil
    }
}

/// Splitting text into words at spaces.
enum WordSplit {
    /// The words of `text[from..<to]`: maximal runs without a space, as UTF-16 spans.
    static func words(in text: ArraySlice<UInt16>, from: Int, to: Int) -> [UTF16Span] {
        var spans: [UTF16Span] = []
        var start: Int?
        for offset in from..<max(from, to) {
            if text[offset] == 0x20 {
                if let begun = start { spans.append(UTF16Span(begun, offset)) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        if let begun = start { spans.append(UTF16Span(begun, max(from, to))) }
        return spans
    }
}
