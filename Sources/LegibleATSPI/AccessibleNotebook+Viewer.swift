import Foundation
import LegiblePages
import LegibleTextInput

extension AccessibleNotebook {
    /// The caret of page `page`, UTF-16 offset of its reading text.
    public func caret(onPage page: Int) -> Int { carets.indices.contains(page) ? carets[page] : 0 }

    /// Moves page `page`'s caret to UTF-16 offset `offset` and selects from `anchor` to it (no
    /// selection when `anchor` is `nil` or equal), as a window's keys and clicks do. Turns to the
    /// page when it is not the current one. When the caret stays in the focused region, emits
    /// `text-caret-moved` there, and Orca speaks the line, word or character the key moved by.
    /// When it enters another region, the focus moves there instead: Orca speaks the line at
    /// its caret, and a heading as a heading; a caret event as well would make it speak the
    /// line again over the heading (`Docs/Viewer.md`, "Caret and selection"). A changed
    /// selection emits `text-selection-changed` on the region.
    public func moveCaret(onPage page: Int, to offset: Int, anchor: Int?) {
        guard notebook.pages.indices.contains(page) else { return }
        let scanned = notebook.pages[page]
        let caret = min(max(offset, 0), scanned.length)
        carets[page] = caret
        show(page: page)
        let before = scanned.selectedTextRange
        let selection = anchor.flatMap { $0 == caret ? nil : TextRange(min($0, caret), max($0, caret)) }
        scanned.setSelectedTextRange(selection, origin: .host)
        let node = node(onPage: page, at: caret)
        if node != focusedNode {
            focus(node)
        } else if let span = span(node) {
            events?.caretMoved(node: node, offset: codePoint(caret, in: span))
        }
        if scanned.selectedTextRange != before { events?.selectionChanged(node: node) }
    }

    /// Makes page `page` current and announces it ("Page 2 of 3"), the caret and the focus at
    /// its start, as a page turn does.
    public func turn(toPage page: Int) {
        guard notebook.pages.indices.contains(page) else { return }
        moveCaret(onPage: page, to: 0, anchor: nil)
    }

    /// The node that has the focus in a window: the focused region, else the current page's
    /// region at its caret.
    public var focusTarget: Int { focusedNode ?? node(onPage: currentPage, at: caret(onPage: currentPage)) }

    /// Says `text` through the announcer (a notification Orca speaks as it is shown).
    public func say(_ text: String) { announce(text) }
}
