import LegibleLayout
import LegibleTextInput

// The editable half of the contract (`Docs/Editing.md`), active when `isEditable` is set. Every
// edit is one `textWillChange` / `textDidChange` pair, with the selection already moved inside
// it; a range is first widened to whole grapheme clusters, so no edit splits one.
extension ScannedPage {
    /// Whether a client may change `range` to `text`: only on an editable page.
    public func shouldChangeText(in range: TextRange, replacementText text: String) -> Bool { isEditable }

    /// Replaces `range` (widened to whole clusters) with `text`; the caret ends after it. A
    /// command of its own for undo.
    public func replace(_ range: TextRange, withText text: String) {
        guard isEditable else { return }
        edit(normalised(range), with: text, kind: .command)
        marked = nil
    }

    /// Types `text` at the selection, replacing it (or the marked text, which it commits).
    public func insertText(_ text: String) {
        guard isEditable else { return }
        let target = marked ?? selection.map(normalised) ?? TextRange(length, length)
        // One character typed at the caret continues the word being typed; a space ends it.
        let kind: EditHistory.Kind = marked != nil ? .composing : target.isEmpty && text.count == 1 ? .typing : .command
        edit(target, with: text, kind: kind, endsGroup: text == " " || marked != nil)
        marked = nil
    }

    /// Deletes the selection, or the grapheme cluster before the caret.
    public func deleteBackward() {
        guard isEditable, let current = (marked ?? selection).map(normalised) else { return }
        if !current.isEmpty {
            edit(current, with: "", kind: marked != nil ? .composing : .command)
            marked = nil
            return
        }
        guard current.start.offset > 0, let cluster = cluster(containing: current.start.offset - 1) else { return }
        edit(TextRange(cluster.lowerBound, current.start.offset), with: "", kind: .deleting)
    }

    /// The marked text's range while an input method composes; nil otherwise.
    public var markedTextRange: TextRange? { marked }

    /// Puts `markedText` in place of the marked text (or the selection) and marks it, with the
    /// selection at `selectedRange` within it (UTF-16). Nil or empty removes the marked text:
    /// a cancelled composition leaves the text as it was before it began.
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {
        guard isEditable else { return }
        let target = marked ?? selection.map(normalised) ?? TextRange(length, length)
        let text = PageEdit.cleaned(markedText ?? "")
        guard edit(target, with: text, kind: .composing) else { return }
        let start = target.start.offset
        let count = text.utf16.count
        marked = count > 0 ? TextRange(start, start + count) : nil
        let lower = min(max(selectedRange.lowerBound, 0), count), upper = min(max(selectedRange.upperBound, lower), count)
        selection = normalised(TextRange(start + lower, start + upper))
    }

    /// Ends the composition, keeping its text.
    public func unmarkText() {
        marked = nil
        history.close()
    }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !history.undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !history.redoStack.isEmpty }

    /// Puts the page back as it was before the last group of edits.
    public func undo() {
        guard let group = history.undo(selection: selection, layout: { layout }) else { return }
        marked = nil
        changingText {
            for step in group.steps.reversed() {
                switch step {
                case .line(let splice): index.apply(splice.inverse)
                case .page(let before): index = PageIndex(layout: before)
                }
            }
            selection = group.selectionBefore
        }
    }

    /// Makes the last undone group of edits again.
    public func redo() {
        guard let group = history.redo() else { return }
        marked = nil
        changingText {
            if let after = group.after {
                index = PageIndex(layout: after)
            } else {
                for case .line(let splice) in group.steps { index.apply(splice) }
            }
            selection = group.selectionAfter
        }
    }

    /// Whether the paragraph holding `offset` of `text` (a run between line feeds) reads right
    /// to left by its first strong character, as ``PageIndex`` decides.
    static func paragraphIsRightToLeft(at offset: Int, in text: [UInt16]) -> Bool {
        let clamped = min(max(offset, 0), text.count)
        let start = text[..<clamped].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = text[clamped...].firstIndex(of: 0x0A) ?? text.count
        return PageIndex.firstStrongDirection(text[start..<end]) == .rightToLeft
    }

    /// Replaces `range` with `text` as ``replace(_:withText:)`` does, on any page, editable or
    /// not (a program correcting a document it holds), and says why when it cannot.
    /// - Throws: ``PageEditError`` when the edit would leave the page inconsistent.
    public func correct(_ range: TextRange, with text: String) throws(PageEditError) {
        try checkedEdit(normalised(range), with: text, kind: .command)
        marked = nil
    }

    /// Makes one edit: `range` (whole clusters) replaced by `text`, recorded for undo as
    /// `kind`. Returns false, changing nothing, when the page refuses the edit.
    @discardableResult
    func edit(_ range: TextRange, with text: String, kind: EditHistory.Kind, endsGroup: Bool = false) -> Bool {
        (try? checkedEdit(range, with: text, kind: kind, endsGroup: endsGroup)) != nil
    }

    /// Makes one edit, or throws why the page refuses it, changing nothing. An edit inside one
    /// line that no other line touches is made on that line alone (`Line.editedAlone`); any
    /// other edits the whole page (`Docs/Editing.md`, "Typing on a long page").
    func checkedEdit(_ range: TextRange, with text: String, kind: EditHistory.Kind, endsGroup: Bool = false) throws(PageEditError) {
        let change = PageEdit(range: UTF16Span(range.start.offset, range.end.offset), text: text)
        let caret = change.insertedRange.end
        let step: EditHistory.Step
        var edited: PageLayout?
        if let splice = localSplice(for: change) {
            step = .line(splice)
        } else {
            let before = layout
            let newText = Array(index.utf16[..<change.range.start]) + Array(change.text.utf16) + Array(index.utf16[change.range.end...])
            // A line's direction is its paragraph's in the text as edited, as the page will read it.
            edited = try before.applying(change) { line in
                Self.paragraphIsRightToLeft(at: change.map(before.lines[line].range.start, .start), in: newText)
            }
            step = .page(before: before)
        }
        // Backspaces continue a group from where the last one left the caret: their range's end.
        let at = kind == .deleting ? range.end.offset : range.start.offset
        history.record(step, kind: kind, at: at, selection: selection, caret: caret, ends: endsGroup)
        changingText {
            if case .line(let splice) = step { index.apply(splice) } else if let edited { index = PageIndex(layout: edited) }
            selection = TextRange(caret, caret)
        }
    }

    /// `change` as a splice of one line, when it lies inside a line's text (ends included) that
    /// no other line touches, and that line can make it alone.
    func localSplice(for change: PageEdit) -> LineSplice? {
        let (start, end) = (change.range.start, change.range.end)
        guard let host = index.lineIndex(containing: start), host < index.storedLineCount, index.lineStarts[host] <= start,
            end <= index.lineEnds[host], host == 0 || index.lineEnds[host - 1] < start,
            host + 1 == index.lineCount || index.lineStarts[host + 1] > end
        else { return nil }
        let line = index.line(host)
        let text = index.unitsForEditing(line: host)
        let edited = line.editedAlone(by: change, text: text, image: index.image) {
            Self.editedParagraphIsRightToLeft(from: line.range.start, in: self.index.utf16, change: change)
        }
        guard let edited else { return nil }
        return LineSplice(
            line: host, range: change.range, removed: Array(index.utf16[start..<end]), inserted: Array(change.text.utf16), before: line,
            after: edited)
    }

    /// Whether the paragraph holding `offset` (a run between line feeds) reads right to left
    /// once `change`, which holds no line feed, is made: ``paragraphIsRightToLeft(at:in:)``
    /// without building the edited text.
    static func editedParagraphIsRightToLeft(from offset: Int, in units: GapUnits, change: PageEdit) -> Bool {
        let start = units[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let before = units[start..<change.range.start]
        if let feed = before.firstIndex(of: 0x0A) { return PageIndex.firstStrongDirection(units[start..<feed]) == .rightToLeft }
        let after = units[change.range.end...]
        let end = after.firstIndex(of: 0x0A) ?? units.count
        for direction in [
            PageIndex.firstStrongDirection(before), PageIndex.firstStrongDirection(change.text.utf16),
            PageIndex.firstStrongDirection(units[change.range.end..<end]),
        ] where direction != .natural {
            return direction == .rightToLeft
        }
        return false
    }
}
