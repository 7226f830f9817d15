import LegibleLayout

extension TranscriptAlignment {
    /// `layout` with each placed line's text replaced by its piece of the transcription, the
    /// ink shared out as any edit shares it (`Docs/Editing.md`, "Geometry follows the text"):
    /// words that were read right keep their boxes, and changed words are marked corrected.
    /// Lines not placed keep their recognised text. `isRightToLeft` is as for
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
        return try layout.applying(edits, isRightToLeft: isRightToLeft)
    }
}
