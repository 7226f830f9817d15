import LegibleTextInput

extension ScannedPage {
    // MARK: Selection ("Selection and read-only input", "Selection notifications")

    /// The selection. Setting it is a system request: the value is normalised (swapped,
    /// clamped, snapped outward to grapheme clusters) and applied without delegate calls.
    public var selectedTextRange: TextRange? {
        get { selection }
        set { setSelectedTextRange(newValue, origin: .system) }
    }

    /// Sets the selection on behalf of `origin`. Nothing happens when the normalised value equals
    /// the current one; otherwise `.host` and `.systemKeyboardNavigation` changes are bracketed
    /// by exactly one `selectionWillChange` / `selectionDidChange` pair and `.system` changes are
    /// silent (`Docs/TextInputContract.md`, "Selection notifications").
    public func setSelectedTextRange(_ range: TextRange?, origin: SelectionChangeOrigin) {
        let value = range.map(normalised)
        guard value != selection else { return }
        let notifies = origin != .system
        if notifies { inputDelegate?.selectionWillChange(self) }
        selection = value
        if notifies { inputDelegate?.selectionDidChange(self) }
    }

    /// `.backward` when the selection is a caret at the end of a non-empty line, else `.forward`.
    public var selectionAffinity: TextStorageDirection {
        guard let selection, selection.isEmpty,
            let line = index.caretLineIndex(for: TextPosition(offset: selection.start.offset, affinity: .upstream))
        else {
            return .forward
        }
        let atLineEnd = selection.start.offset == index.lineEnds[line] || selection.start.offset == index.unitEnds[line]
        return atLineEnd && index.lineEnds[line] > index.lineStarts[line] ? .backward : .forward
    }
}
