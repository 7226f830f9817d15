import CLegibleGTK
import Foundation
import LegibleATSPI
import LegiblePages
import LegibleReading
import LegibleTextInput

extension PageViewer {
    /// The keys of `Docs/Viewer.md`, "Caret and selection"; `true` when handled.
    func handle(key: LegibleKey, shift: Bool, control: Bool) -> Bool {
        if let handled = handleEditing(key: key, shift: shift, control: control) { return handled }
        switch key {
        case LegibleKeyPageDown, LegibleKeyPageUp:
            turn(forward: key == LegibleKeyPageDown)
            return true
        case LegibleKeyA where control: return select(0, scanned.length)
        case LegibleKeyC where control: return copy()
        case LegibleKeyS where control: return save()
        case LegibleKeyF7: return selectUncertainWord(forward: !shift)
        case LegibleKeyUp, LegibleKeyDown:
            guard let target = verticalTarget(down: key == LegibleKeyDown, turning: !shift) else { return true }
            move(to: target, extending: shift)
            return true
        default: break
        }
        guard let target = target(of: key, control: control) else { return false }
        if key != LegibleKeyUp, key != LegibleKeyDown { goalX = nil }
        move(to: target, extending: shift)
        return true
    }

    /// Where a movement key takes the caret, UTF-16.
    func target(of key: LegibleKey, control: Bool) -> Int? {
        let position = TextPosition(offset: caret)
        let tokenizer = scanned.tokenizer
        switch key {
        case LegibleKeyLeft, LegibleKeyRight:
            let direction: TextDirection = key == LegibleKeyRight ? .forward : .backward
            let found = tokenizer.position(from: position, toBoundary: control ? .word : .character, inDirection: direction)
            return found?.offset ?? caret
        case LegibleKeyHome, LegibleKeyEnd:
            if control { return key == LegibleKeyHome ? 0 : scanned.length }
            guard let line = scanned.lineIndex(containing: min(caret, max(0, scanned.length - 1))), let range = scanned.lineRange(line)
            else { return caret }
            return key == LegibleKeyHome ? range.start.offset : range.end.offset
        default: return nil
        }
    }

    /// The offset on the next or previous OCR line nearest the x the caret keeps. Past the
    /// page's last line Down turns to the next page's first line, and before its first line Up
    /// turns to the previous page's last line, as reading on does (`Docs/Viewer.md`).
    /// `nil` when the page was turned; a selection (`turning` false) stays on its page.
    func verticalTarget(down: Bool, turning: Bool) -> Int? {
        guard let line = scanned.lineIndex(containing: min(caret, max(0, scanned.length - 1))) else { return caret }
        guard let rect = scanned.lineRect(down ? line + 1 : line - 1) else {
            return turning && turn(forward: down, toLastLine: !down) ? nil : caret
        }
        let x = goalX ?? Double(scanned.caretRect(for: TextPosition(offset: caret)).midX)
        goalX = x
        return scanned.closestPosition(to: CGPoint(x: x, y: rect.midY))?.offset ?? caret
    }

    /// Moves the caret; with `extending`, the selection runs from the anchor to it.
    func move(to offset: Int, extending: Bool) {
        if extending { anchor = anchor ?? caret } else { anchor = nil }
        tree.moveCaret(onPage: page, to: offset, anchor: anchor)
    }

    func select(_ start: Int, _ end: Int) -> Bool {
        anchor = start
        tree.moveCaret(onPage: page, to: end, anchor: start)
        return true
    }

    /// Page Down / Page Up: the next or previous page, announced; the caret at its start, or at
    /// the start of its last line with `toLastLine`. `false` when there is no such page.
    @discardableResult
    func turn(forward: Bool, toLastLine: Bool = false) -> Bool {
        let target = page + (forward ? 1 : -1)
        guard tree.notebook.pages.indices.contains(target) else { return false }
        anchor = nil
        goalX = nil
        let scanned = tree.notebook.pages[target]
        let lastLine = scanned.lineCount > 0 ? scanned.lineRange(scanned.lineCount - 1)?.start.offset : nil
        tree.moveCaret(onPage: target, to: toLastLine ? lastLine ?? 0 : 0, anchor: nil)
        return true
    }

    /// A page became current, by a key or a screen reader's reading: the canvas follows.
    func pageShown() { legible_view_redraw() }

    /// F7 (Shift+F7): selects the next (previous) uncertain word, on this page or the pages
    /// after (before) it, and says it with "uncertain" (`Docs/Viewer.md`, "Uncertain words"); in
    /// edit mode typing then replaces it. At the last (first) one, "No more uncertain words".
    func selectUncertainWord(forward: Bool) -> Bool {
        let pages = tree.notebook.pages
        var from = scanned.selectedTextRange ?? TextRange(caret, caret)
        // A caret F7 left at a word's start stands for that word, to go on from.
        if from.isEmpty, let last = uncertainCaret, last == (page, caret), let word = scanned.uncertainWord(after: caret) {
            from = word
        }
        for target in forward ? Array(page..<pages.count) : Array((0...page).reversed()) {
            let candidates = pages[target]
            let word =
                target == page
                ? (forward
                    ? candidates.uncertainWord(after: from.isEmpty ? from.start.offset : from.end.offset)
                    : candidates.uncertainWord(before: from.start.offset))
                : (forward ? candidates.uncertainRanges.first : candidates.uncertainRanges.last)
            guard let word else { continue }
            // In edit mode the word is selected, so typing replaces it; reading, the caret goes
            // to its start, which Orca does not echo as a selection.
            anchor = tree.isEditable ? word.start.offset : nil
            goalX = nil
            tree.moveCaret(onPage: target, to: tree.isEditable ? word.end.offset : word.start.offset, anchor: anchor)
            uncertainCaret = tree.isEditable ? nil : (target, word.start.offset)
            tree.say("\(candidates.text(in: word) ?? "") uncertain")
            return true
        }
        tree.say("No more uncertain words")
        return true
    }

    /// Ctrl+C: the selection's reading text to the clipboard.
    func copy() -> Bool {
        guard let selection = scanned.selectedTextRange, !selection.isEmpty, let text = scanned.text(in: selection) else { return true }
        legible_view_copy(text)
        return true
    }

    /// Ctrl+S: "Save selection" through the reading layer's edit action; the outcome is
    /// announced ("Text saved").
    func save() -> Bool {
        guard let region = tree.notebook.region(onPage: page, containing: scanned.selectedTextRange?.start.offset ?? 0) else {
            return true
        }
        let action = tree.notebook.editAction(.saveSelection, for: region, store: tree.store, pasteboard: MemoryPasteboard())
        if !action.handler() {
            tree.say(tree.store.lastFailure.map { "Text not saved: \($0.description)" } ?? "Nothing saved: select text first")
        }
        return true
    }

    // MARK: Mouse

    /// A click puts the caret at the nearest position (Shift extends the selection).
    func press(x: Double, y: Double, extend: Bool) {
        goalX = nil
        let offset = scanned.closestPosition(to: CGPoint(x: x, y: y))?.offset ?? caret
        move(to: offset, extending: extend)
    }

    /// A drag extends the selection from where the button went down.
    func drag(x: Double, y: Double) {
        let offset = scanned.closestPosition(to: CGPoint(x: x, y: y))?.offset ?? caret
        move(to: offset, extending: true)
    }

    // MARK: Drawing

    /// The selection rects, turned with their lines, then the caret, in image pixels.
    var overlays: [LegibleOverlay] {
        var result: [LegibleOverlay] = []
        if let selection = scanned.selectedTextRange, !selection.isEmpty {
            for rect in scanned.selectionRects(for: selection) {
                let box = rect.rect
                result.append(
                    LegibleOverlay(
                        x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height),
                        angle: rect.transform?.angle ?? 0, kind: 0))
            }
        }
        let caretBox = scanned.caretRect(for: TextPosition(offset: caret))
        result.append(
            LegibleOverlay(
                x: Double(caretBox.minX), y: Double(caretBox.minY), width: Double(caretBox.width), height: Double(caretBox.height),
                angle: 0, kind: 1))
        return result
    }
}
