import LegibleLayout

extension TranscriptAlignment {
    /// `layout` with each placed line's text replaced by its piece of the transcription, the
    /// ink shared out as any edit shares it (`Docs/Editing.md`, "Geometry follows the text"):
    /// words that were read right keep their boxes, and changed words are marked corrected.
    /// Lines not placed keep their recognised text. Two lines the reading ran together at a
    /// soft hyphen are parted by a space again where the transcription's line does not end in a
    /// word split across lines (``partingLines(after:)``). `isRightToLeft` is as for
    /// ``PageLayout/applying(_:isRightToLeft:)``.
    /// - Throws: ``PageEditError`` when a line's edit would leave the page inconsistent.
    public func applied(to layout: PageLayout, isRightToLeft: (Int) -> Bool = { _ in false }) throws(PageEditError) -> PageLayout {
        let units = Array(layout.text.utf16)
        let edits = lines.compactMap { match -> PageEdit? in
            guard let text = match.text, !text.isEmpty else { return nil }
            let range = layout.lines[match.line].range
            // Unit by unit: "é" and "e\u{301}" are equal as Strings but not as text.
            return units[range.range].elementsEqual(text.utf16) ? nil : PageEdit(range: range, text: text)
        }
        let parted = Set(lines.compactMap { match in match.text.map { Self.splitsWord($0) } == false ? match.line : nil })
        return Self.partingLines(after: parted, in: try layout.applying(edits, isRightToLeft: isRightToLeft))
    }

    /// Whether a transcribed line ends in a word split across lines: letters, then a hyphen.
    static func splitsWord(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix("-") && trimmed.dropLast().last?.isLetter == true
    }

    /// `layout` with the soft hyphen that an edit left between line `index` and the next
    /// (outside both) made a space, for each index in `indices`: the recognised page had read a
    /// dash at the line's end as a split word's hyphen, and the transcription says it is not
    /// one. One UTF-16 unit for another, so no range moves.
    static func partingLines(after indices: Set<Int>, in layout: PageLayout) -> PageLayout {
        var units = Array(layout.text.utf16)
        var changed = false
        for index in indices where index + 1 < layout.lines.count {
            let end = layout.lines[index].range.end
            guard layout.lines[index + 1].range.start == end + 1, end < units.count, units[end] == 0xAD else { continue }
            units[end] = 0x20
            changed = true
        }
        guard changed else { return layout }
        var result = layout
        result.text = String(decoding: units, as: UTF16.self)
        return result
    }
}
