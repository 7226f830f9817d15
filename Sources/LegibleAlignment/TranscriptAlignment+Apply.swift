import LegibleLayout

extension TranscriptAlignment {
    /// `layout` with each placed line's text replaced by its piece of the transcription, the
    /// ink shared out as any edit shares it (`Docs/Editing.md`, "Geometry follows the text"):
    /// words that were read right keep their boxes, and changed words are marked corrected.
    /// Lines not placed keep their recognised text. `isRightToLeft` is as for
    /// ``PageLayout/applying(_:isRightToLeft:)``.
    /// - Throws: ``PageEditError`` when a line's edit would leave the page inconsistent.
    public func applied(to layout: PageLayout, isRightToLeft: (Int) -> Bool = { _ in false }) throws(PageEditError) -> PageLayout {
        var result = layout
        // From the last line back, so that each line's range is still the original one.
        for match in lines.reversed() {
            guard let text = match.text, !text.isEmpty else { continue }
            let range = result.lines[match.line].range
            let current = String(decoding: Array(result.text.utf16)[range.range], as: UTF16.self)
            guard current != text else { continue }
            result = try result.applying(PageEdit(range: range, text: text), isRightToLeft: isRightToLeft)
        }
        return result
    }
}
