import Foundation
import LegiblePages
import LegibleTextInput

extension AccessibleNotebook {
    /// The caret of page `page`, UTF-16 offset of its reading text.
    public func caret(onPage page: Int) -> Int { carets.indices.contains(page) ? carets[page] : 0 }

    /// Moves page `page`'s caret to UTF-16 offset `offset` and selects from `anchor` to it (no
    /// selection when `anchor` is `nil` or equal), as a window's keys and clicks do. Turns to the
    /// page when it is not the current one, and emits `text-caret-moved` and, when the
    /// selection changed, `text-selection-changed` on the page's node, so a screen reader
    /// follows (`Docs/Viewer.md`, "Caret and selection").
    public func moveCaret(onPage page: Int, to offset: Int, anchor: Int?) {
        guard notebook.pages.indices.contains(page) else { return }
        let scanned = notebook.pages[page]
        let caret = min(max(offset, 0), scanned.length)
        carets[page] = caret
        show(page: page)
        let before = scanned.selectedTextRange
        let selection = anchor.flatMap { $0 == caret ? nil : TextRange(min($0, caret), max($0, caret)) }
        scanned.setSelectedTextRange(selection, origin: .host)
        let node = number(.page(page))
        if let span = span(node) { events?.caretMoved(node: node, offset: codePoint(caret, in: span)) }
        if scanned.selectedTextRange != before { events?.selectionChanged(node: node) }
    }

    /// Makes page `page` current and announces it ("Page 2 of 3"), as a page turn does.
    public func turn(toPage page: Int) {
        guard notebook.pages.indices.contains(page) else { return }
        show(page: page)
        focus(number(.page(page)))
    }

    /// Says `text` on the status line, a polite live region.
    public func say(_ text: String) { announce(text) }
}
