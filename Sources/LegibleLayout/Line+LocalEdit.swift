extension Word {
    /// The word with its range and its glyphs' ranges moved by `delta` UTF-16 units; its
    /// geometry unchanged.
    public func shifted(by delta: Int) -> Word {
        guard delta != 0 else { return self }
        var moved = self
        moved.range = range.shifted(by: delta)
        moved.glyphs = glyphs?.map { Glyph(range: $0.range.shifted(by: delta), box: $0.box) }
        return moved
    }
}

extension Line {
    /// The line with its range, its words' and its glyphs' ranges moved by `delta` UTF-16 units;
    /// its geometry unchanged.
    public func shifted(by delta: Int) -> Line {
        guard delta != 0 else { return self }
        var moved = self
        moved.range = range.shifted(by: delta)
        moved.words = words?.map { $0.shifted(by: delta) }
        return moved
    }

    /// `edit` made on this line alone, as ``PageLayout/applying(_:isRightToLeft:)`` would make
    /// it on a page whose only line this is: the edited line, its ranges in the text after the
    /// edit. This is how an editor types at a keystroke's cost, not the page's
    /// (`Docs/Editing.md`, "Typing on a long page"); the caller makes sure that no other line
    /// touches the edit, which then changes nothing else but moving what follows.
    ///
    /// - Parameters:
    ///   - text: the line's UTF-16 text before the edit, a slice at the page's offsets
    ///     (`range.start..<range.end`).
    ///   - image: the page's image, whose size bounds new ink.
    ///   - paragraphIsRightToLeft: whether the line's paragraph reads right to left once edited;
    ///     asked only when the line's words cannot show which way it runs.
    /// - Returns: nil when the edit is not inside `[range.start, range.end]`, removes a line
    ///   feed, splits a surrogate pair, would leave the line with no text, or would not
    ///   validate: a page decides those (and says why) by editing the whole page.
    public func editedAlone(by edit: PageEdit, text: ArraySlice<UInt16>, image: PageImage, paragraphIsRightToLeft: () -> Bool) -> Line? {
        let (start, end) = (edit.range.start, edit.range.end)
        // A line starts after a separator, so its own ends cannot split a surrogate pair.
        let splits = { (offset: Int) in
            offset > text.startIndex && offset < text.endIndex && UTF16.isLeadSurrogate(text[offset - 1])
                && UTF16.isTrailSurrogate(text[offset])
        }
        guard start >= range.start, end <= range.end, start <= end, text.startIndex == range.start, text.endIndex == range.end,
            !text[start..<end].contains(0x0A), !splits(start), !splits(end)
        else { return nil }
        // Slices keep the page's offsets: the line is edited where it is, and the text after the
        // edit is this line's stretch of it, not a copy of the page.
        var newText = text
        newText.replaceSubrange(start..<end, with: edit.text.utf16)
        let lineEdit = LineEdit(
            line: self, isHost: true, edit: edit, text: text, newText: newText, imageWidth: Double(image.width),
            paragraphIsRightToLeft: LineEdit.visualDirection(of: words ?? []) ?? paragraphIsRightToLeft())
        guard let (edited, changed) = lineEdit.editedAndChanged() else { return nil }
        // The line checked as the one line of a page holding only its text: what the page's own
        // validation would find wrong with it, at the cost of the words the edit changed.
        guard (try? Self.check(edited, changed: changed, units: newText, image: image)) != nil else { return nil }
        return edited
    }

    /// ``PageLayout/validate()`` of a page whose text is `units` and whose one line is `line`,
    /// looking at the ink of the words in `changed` only (the others were checked before).
    static func check(_ line: Line, changed: Range<Int>, units: ArraySlice<UInt16>, image: PageImage) throws {
        let checker = try DocumentChecker(PageLayout(image: image, text: "", paragraphs: [], lines: []), units: units)
        try checker.check(line.range, within: checker.whole, "line.range")
        try checker.check(line: line, fully: changed) { "line" }
        try PageLayout.checkSeparators(units, lines: [line])
    }
}
