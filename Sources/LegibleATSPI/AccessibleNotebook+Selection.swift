import Foundation
import LegiblePages
import LegibleReading
import LegibleTextInput

extension AccessibleNotebook {
    // MARK: Caret and page turns

    /// The node's caret in code points; -1 when the page's caret is outside a region.
    func caretOffset(_ number: Int) -> Int {
        guard let span = span(number) else { return -1 }
        let caret = carets[span.page]
        guard caret >= span.start, caret <= span.end else { return -1 }
        return codePoint(caret, in: span)
    }

    /// Moves the caret of the node's page, as a client asks; Orca's say-all does so as it reads.
    /// Moving onto another page turns to it without announcing it: an announcement would come
    /// when the reading reached the page, not where its text starts, and could cut the reading
    /// off (`Docs/ATSPI.md`, "Announcements"). The node becomes the focused node without a
    /// focus event, for the same reason.
    func setCaretOffset(_ number: Int, _ offset: Int) -> Bool {
        guard let span = span(number) else { return false }
        carets[span.page] = utf16(offset, in: span)
        show(page: span.page, announcing: false)
        focusedNode = number
        events?.caretMoved(node: number, offset: codePoint(carets[span.page], in: span))
        return true
    }

    /// Makes `page` the current page; a change is announced (unless `announcing` is false),
    /// reported to the document and, in a window, the document's page child is replaced.
    func show(page: Int, announcing: Bool = true) {
        guard page != currentPage else { return }
        let previous = currentPage
        currentPage = page
        if windowed {
            events?.childReplaced(node: number(.document), index: 0, removed: number(.page(previous)), added: number(.page(page)))
        }
        onPageShown?(page)
        if announcing { announce("Page \(page + 1) of \(pageCount)") }
        events?.pageChanged(page + 1)
    }

    /// Gives `number` the focus; a node on another page turns to it.
    func focus(_ number: Int) {
        if let span = span(number) { show(page: span.page) }
        focusedNode = number
        events?.focused(node: number)
    }

    /// The node that holds UTF-16 offset `offset` of page `page`: the region around it, else
    /// the last region before it, else the page itself.
    public func node(onPage page: Int, at offset: Int) -> Int {
        var found = number(.page(page))
        for region in regionStarts[page]..<regionStarts[page + 1] {
            let start = regions[region].range.start.offset
            guard start <= offset else { break }
            found = firstRegionNode + region
        }
        return found
    }

    /// Puts `text` by the announcer and tells clients.
    func announce(_ text: String) {
        announcement = text
        events?.announced(text)
    }

    // MARK: Selection (one per page, as `ScannedPage` has it)

    func pageSelection(_ span: TextSpan) -> (Int, Int)? {
        guard let selection = notebook.pages[span.page].selectedTextRange, !selection.isEmpty else { return nil }
        let lower = max(selection.start.offset, span.start)
        let upper = min(selection.end.offset, span.end)
        return upper > lower ? (lower, upper) : nil
    }

    func selectionCount(_ number: Int) -> Int {
        guard let span = span(number) else { return 0 }
        return pageSelection(span) == nil ? 0 : 1
    }

    /// Selection `index` of the node in code points.
    func selection(_ number: Int, _ index: Int) -> (Int, Int)? {
        guard index == 0, let span = span(number), let (lower, upper) = pageSelection(span) else { return nil }
        return (codePoint(lower, in: span), codePoint(upper, in: span))
    }

    /// Selects code points `[start, end)` of the node (adding replaces: a page has one
    /// selection); the page snaps it outward to whole grapheme clusters.
    func setSelection(_ number: Int, _ index: Int, _ start: Int, _ end: Int) -> Bool {
        guard index <= 0, let span = span(number) else { return false }
        let lower = utf16(min(start, end), in: span)
        let upper = utf16(max(start, end), in: span)
        notebook.pages[span.page].setSelectedTextRange(TextRange(lower, upper), origin: .host)
        show(page: span.page)
        events?.selectionChanged(node: number)
        return true
    }

    func removeSelection(_ number: Int, _ index: Int) -> Bool {
        guard index == 0, let span = span(number), pageSelection(span) != nil else { return false }
        notebook.pages[span.page].setSelectedTextRange(nil, origin: .host)
        events?.selectionChanged(node: number)
        return true
    }

    // MARK: Actions

    /// The actions of pages and regions: the edit actions that act on the page's selection.
    static let actions: [EditAction] = [.saveSelection, .selectAll]

    func actionCount(_ number: Int) -> Int { span(number) == nil ? 0 : Self.actions.count }

    func actionName(_ number: Int, _ index: Int) -> String {
        Self.actions.indices.contains(index) && span(number) != nil ? Self.actions[index].name : ""
    }

    /// Runs an action through the reading layer's edit action, so the clipping is the one
    /// `legible save` writes; the outcome is announced by the announcer.
    func doAction(_ number: Int, _ index: Int) -> Bool {
        guard Self.actions.indices.contains(index), let span = span(number),
            let region = notebook.region(onPage: span.page, containing: span.start)
        else { return false }
        let action = Self.actions[index]
        let done = notebook.editAction(action, for: region, store: store, pasteboard: MemoryPasteboard()).handler()
        if action == .saveSelection, !done {
            announce(store.lastFailure.map { "Text not saved: \($0.description)" } ?? "Nothing saved: select text first")
        }
        if action == .selectAll, done { events?.selectionChanged(node: number) }
        return done
    }
}

/// Routes the reading layer's announcements ("Text saved") to the announcer.
final class StatusNotifier: AccessibilityNotifier {
    weak var tree: AccessibleNotebook?

    func post(_ notification: AccessibilityNotification) {
        switch notification {
        case .announcement(let text): tree?.announce(text)
        case .pageScrolled(let text?): tree?.announce(text)
        default: break
        }
    }
}
