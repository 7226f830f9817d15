import Foundation
import LegiblePages
import LegibleReading
import LegibleTextInput

// Corrections through the tree (`Docs/Editing.md`, "The viewer's edit mode"): a window's keys
// and an AT-SPI client's `EditableText` calls both come here, change the page through the
// text-input contract, and tell clients what text left and came, as a text editor does.
extension AccessibleNotebook {
    /// Runs `change` on page `page`, whose selection is first the caret when nothing is
    /// selected, so that typing goes where the caret is. Then the page's regions are made
    /// again, clients hear the change (`text-changed:delete` with the text removed, then
    /// `text-changed:insert`), and the caret goes where the page's selection ends. `false`
    /// when the tree is read-only or the text did not change.
    @discardableResult
    public func edit(page: Int, _ change: (ScannedPage) -> Void) -> Bool {
        guard isEditable, notebook.pages.indices.contains(page) else { return false }
        let scanned = notebook.pages[page]
        if scanned.selectedTextRange == nil { scanned.setSelectedTextRange(TextRange(carets[page], carets[page]), origin: .host) }
        let before = Array(scanned.string.utf16)
        change(scanned)
        let after = Array(scanned.string.utf16)
        guard before != after else { return false }
        unsavedPages.insert(page)
        changed(page: page, from: before, to: after)
        return true
    }

    /// What an AT-SPI client's `EditableText` asks: code points `[start, end)` of node
    /// `number` (`end` -1: to its end) become `text`. `false` on a read-only tree or a node
    /// without text.
    public func editText(_ number: Int, _ start: Int, _ end: Int, _ text: String) -> Bool {
        guard isEditable, let span = span(number) else { return false }
        let lower = utf16(max(start, 0), in: span)
        let upper = end < 0 ? span.end : max(lower, utf16(end, in: span))
        carets[span.page] = upper
        notebook.pages[span.page].setSelectedTextRange(TextRange(lower, upper), origin: .host)
        return edit(page: span.page) { $0.replace(TextRange(lower, upper), withText: text) } || text.isEmpty && lower == upper
    }

    /// Marks page `page` (0-based) as saved: it has no edit left to save.
    public func markSaved(page: Int) { unsavedPages.remove(page) }

    /// After page `page`'s text went from `before` to `after` (UTF-16): regions made again, the
    /// change told in the region where it starts, the caret moved.
    func changed(page: Int, from before: [UInt16], to after: [UInt16]) {
        let (prefix, suffix) = Self.unchangedEnds(before, after)
        let removed = String(decoding: before[prefix..<(before.count - suffix)], as: UTF16.self)
        let inserted = String(decoding: after[prefix..<(after.count - suffix)], as: UTF16.self)
        let countBefore = regionStarts[page + 1] - regionStarts[page]
        notebook.refreshRegions(ofPage: page)
        regions = notebook.allRegions
        regionStarts = Self.regionStarts(notebook)
        maps[page] = nil
        if regionStarts[page + 1] - regionStarts[page] != countBefore { renumber(page: page, countBefore: countBefore) }
        let node = node(onPage: page, at: prefix)
        if let span = span(node) {
            events?.textChanged(node: node, offset: codePoint(prefix, in: span), removed: removed, inserted: inserted)
        }
        let scanned = notebook.pages[page]
        let caret = scanned.selectedTextRange?.end.offset ?? prefix + inserted.utf16.count
        moveCaret(onPage: page, to: caret, anchor: nil)
    }

    /// The region nodes of `page` and after it stand for other regions once its count changed:
    /// clients are told the page's children changed, and every node's parent is asked again.
    func renumber(page: Int, countBefore: Int) {
        let pageNode = number(.page(page))
        let first = firstRegionNode + regionStarts[page]
        let countAfter = regionStarts[page + 1] - regionStarts[page]
        events?.renumbered(from: first)
        if focusedNode.map({ $0 >= first }) == true { focusedNode = nil }
        for index in 0..<max(countBefore, countAfter) {
            events?.childReplaced(
                node: pageNode, index: index, removed: index < countBefore ? first + index : -1,
                added: index < countAfter ? first + index : -1)
        }
    }

    /// How many UTF-16 units `before` and `after` share at their start and at their end,
    /// neither running into the other, and never ending between a surrogate pair's halves.
    static func unchangedEnds(_ before: [UInt16], _ after: [UInt16]) -> (prefix: Int, suffix: Int) {
        let shorter = min(before.count, after.count)
        var prefix = 0
        while prefix < shorter, before[prefix] == after[prefix] { prefix += 1 }
        if prefix > 0, prefix < shorter, UTF16.isLeadSurrogate(after[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        if suffix > 0, UTF16.isTrailSurrogate(after[after.count - suffix]) { suffix -= 1 }
        return (prefix, suffix)
    }
}
