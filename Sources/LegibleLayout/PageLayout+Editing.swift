/// Why an edit cannot be made to a page.
public enum PageEditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The range is outside the text, or a bound splits a surrogate pair.
    case badRange(UTF16Span, length: Int)
    /// The edited page failed validation (a bug in the edit, reported rather than saved).
    case inconsistent(String)

    public var description: String {
        switch self {
        case .badRange(let range, let length):
            return "the range \(range.start)…\(range.end) is not a range of whole characters in a text of \(length) UTF-16 units"
        case .inconsistent(let reason): return "the edited page would be inconsistent: \(reason)"
        }
    }
}

extension PageLayout {
    /// The page with `edit` made (`Docs/Editing.md`): the reading text spliced, every range moved
    /// as ``PageEdit/map(_:_:)`` says, and the ink shared out as the text now reads. The
    /// replacement joins the line holding the edit's start; lines and paragraphs the edit
    /// empties are removed, and paragraphs whose `"\n"` it removed become one. Words whose text
    /// changed, and new words, are marked ``Word/corrected``.
    /// The caller keeps grapheme clusters whole (a page snaps to its clusters); here a range
    /// is only refused when it is outside the text or splits a surrogate pair.
    /// - Throws: ``PageEditError`` for such a range, or an edit that would leave the page invalid.
    ///
    /// `isRightToLeft` tells, for a line index, whether that line's paragraph reads right to
    /// left; it decides the direction new ink is laid out in on a line of fewer than two words,
    /// whose boxes cannot show it (a page knows it from its text's bidirectional classes).
    public func applying(_ edit: PageEdit, isRightToLeft: (Int) -> Bool = { _ in false }) throws(PageEditError) -> PageLayout {
        try applying(edit, isRightToLeft: isRightToLeft, validating: true)
    }

    /// `edits`, which must not overlap, made one after another from the last to the first (so
    /// each range is still the original text's), and the result validated once: a transcription
    /// laid onto many lines at a time. `isRightToLeft` is asked of the lines as each edit finds
    /// them. Throws as ``applying(_:isRightToLeft:)`` does.
    public func applying(_ edits: [PageEdit], isRightToLeft: (Int) -> Bool = { _ in false }) throws(PageEditError) -> PageLayout {
        let ordered = edits.sorted { $0.range.start > $1.range.start }
        for (later, earlier) in zip(ordered, ordered.dropFirst()) where earlier.range.end > later.range.start {
            throw .badRange(later.range, length: text.utf16.count)
        }
        var result = self
        for edit in ordered { result = try result.applying(edit, isRightToLeft: isRightToLeft, validating: false) }
        do {
            try result.validate()
        } catch {
            throw .inconsistent("\(error)")
        }
        return result
    }

    func applying(_ edit: PageEdit, isRightToLeft: (Int) -> Bool, validating: Bool) throws(PageEditError) -> PageLayout {
        let units = Array(text.utf16)
        guard edit.range.start >= 0, edit.range.end <= units.count, edit.range.start <= edit.range.end,
            !Self.splitsSurrogatePair(edit.range.start, in: units), !Self.splitsSurrogatePair(edit.range.end, in: units)
        else { throw .badRange(edit.range, length: units.count) }
        var result = self
        // The new text is spliced from the old one's scalars, not decoded from UTF-16 again: a
        // page of 80,000 units is edited at every keystroke (`Docs/Editing.md`, "Measured").
        // Scalars, not Characters: a String sliced at Characters would round an index inside a
        // cluster (a mark typed after its letter) down to the cluster's start.
        let scalars = text.unicodeScalars
        let lower = String.Index(utf16Offset: edit.range.start, in: text)
        let upper = String.Index(utf16Offset: edit.range.end, in: text)
        result.text = String(scalars[..<lower]) + edit.text + String(scalars[upper...])
        let newUnits = Array(units[..<edit.range.start]) + Array(edit.text.utf16) + Array(units[edit.range.end...])
        let host = hostLine(of: edit, in: units)
        result.lines = lines.indices.compactMap { index in
            // Only a line the edit touches lays ink out, so only it needs its direction.
            let touched = index == host || (lines[index].range.start <= edit.range.end && lines[index].range.end >= edit.range.start)
            return LineEdit(
                line: lines[index], isHost: index == host, edit: edit, text: units[...], newText: newUnits[...],
                imageWidth: Double(image.width),
                paragraphIsRightToLeft: touched && isRightToLeft(index)
            ).edited()
        }
        result.paragraphs = Self.editedParagraphs(paragraphs, edit: edit, newText: newUnits, lines: result.lines)
        result.hyphenateJoinedLines()
        guard validating else { return result }
        do {
            try result.validate()
        } catch {
            throw .inconsistent("\(error)")
        }
        return result
    }

    /// The line the replacement joins: the line holding the edit's start, else the last line
    /// before it in the same paragraph (text typed after a line's end extends it), else the
    /// first after it in the same paragraph. Where two lines touch (a word split across them by a
    /// soft hyphen), an edit of text starting at the joint replaces the later line's, so it
    /// joins that line; an insertion there extends the earlier one, as typing at a line's end
    /// does.
    func hostLine(of edit: PageEdit, in units: [UInt16]) -> Int? {
        let start = edit.range.start
        if !edit.range.isEmpty, let starting = lines.firstIndex(where: { $0.range.start == start && start < $0.range.end }) {
            return starting
        }
        if let holding = lines.firstIndex(where: { $0.range.start <= start && start <= $0.range.end }) { return holding }
        if let previous = lines.lastIndex(where: { $0.range.end < start }), !units[lines[previous].range.end..<start].contains(0x0A) {
            return previous
        }
        if let next = lines.firstIndex(where: { $0.range.start > start }), !units[start..<lines[next].range.start].contains(0x0A) {
            return next
        }
        return nil
    }

    /// Where an edit removed the separator between two lines, the word now runs on from one
    /// line into the next: as for any word hyphenated across lines, a soft hyphen (U+00AD)
    /// joins the two parts (`Docs/PageDocument.md`, "Reading text"). Lines that already touch
    /// at the end of a soft hyphen, as a word split across them is read, are left as they are.
    mutating func hyphenateJoinedLines() {
        var units = Array(text.utf16)
        while let joint = lines.indices.dropLast().first(where: {
            lines[$0].range.end == lines[$0 + 1].range.start && !(lines[$0].range.end > 0 && units[lines[$0].range.end - 1] == 0xAD)
        }) {
            let offset = lines[joint].range.end
            units.insert(0xAD, at: offset)
            text = String(decoding: units, as: UTF16.self)
            // Everything from the joint on moves one unit along: the later lines whole, and the
            // end of the paragraph holding both lines.
            for index in lines.indices where index > joint { lines[index] = lines[index].shifted(by: 1) }
            paragraphs = paragraphs.map { paragraph in
                Paragraph(
                    range: UTF16Span(
                        paragraph.range.start >= offset ? paragraph.range.start + 1 : paragraph.range.start,
                        paragraph.range.end >= offset ? paragraph.range.end + 1 : paragraph.range.end))
            }
        }
    }

    /// Whether UTF-16 offset `offset` falls between the two halves of a surrogate pair.
    static func splitsSurrogatePair(_ offset: Int, in units: [UInt16]) -> Bool {
        offset > 0 && offset < units.count && UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
    }

    /// Paragraphs moved through `edit`; those left with no line are dropped, and neighbours no
    /// longer parted by a `"\n"` are joined.
    static func editedParagraphs(_ paragraphs: [Paragraph], edit: PageEdit, newText: [UInt16], lines: [Line]) -> [Paragraph] {
        let host = paragraphs.firstIndex { $0.range.start <= edit.range.start && edit.range.start <= $0.range.end }
        var result: [Paragraph] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let start = edit.map(paragraph.range.start, index == host ? .start : .end)
            let end = max(start, edit.map(paragraph.range.end, .end))
            if let last = result.last, !newText[last.range.end..<max(last.range.end, start)].contains(0x0A) {
                result[result.count - 1].range.end = max(last.range.end, end)
            } else {
                result.append(Paragraph(range: UTF16Span(start, end)))
            }
        }
        return result.filter { paragraph in
            lines.contains { $0.range.start >= paragraph.range.start && $0.range.end <= paragraph.range.end && !$0.range.isEmpty }
        }
    }
}
