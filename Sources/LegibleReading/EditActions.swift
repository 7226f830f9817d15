import Foundation
import LegiblePages
import LegibleTextInput

/// Where Copy puts text. Injected so tests can read it.
public protocol Pasteboard: AnyObject {
    /// The copied text.
    var string: String? { get set }
}

/// A pasteboard in memory.
public final class MemoryPasteboard: Pasteboard {
    public var string: String?
    /// Creates an empty pasteboard.
    public init() {}
}

extension Notebook {
    /// The edit-category actions of a region, appended to `defaults` (the host's own actions,
    /// kept first, like calling `super`): Copy, Select All and "Save selection". All act on the
    /// page's selection and never change the page text, so there is no Cut, Paste or Delete.
    /// - Copy: needs a non-empty selection (else `false`); puts its text on `pasteboard`.
    /// - Select All: selects the whole page (a host change: one will/did notification pair).
    /// - Save selection: stores the selected text with its page, range and rects in `store`,
    ///   announces "Text saved" and returns `true` only after the clipping is on disk; with no
    ///   selection (or no store) returns `false` and says nothing.
    public func editActions(
        for region: TextRegion, store: ClippingsStore?, pasteboard: any Pasteboard, defaults: [AccessibilityCustomAction] = []
    ) -> [AccessibilityCustomAction] {
        let page = region.page
        let notifier = self.notifier
        let copy = AccessibilityCustomAction(name: "Copy", category: .edit) {
            guard let selection = page.selectedTextRange, !selection.isEmpty, let text = page.text(in: selection) else { return false }
            pasteboard.string = text
            return true
        }
        let selectAll = AccessibilityCustomAction(name: "Select All", category: .edit) {
            guard page.length > 0 else { return false }
            page.setSelectedTextRange(TextRange(0, page.length), origin: .host)
            return true
        }
        let save = AccessibilityCustomAction(name: "Save selection", category: .edit) {
            guard let store, let selection = page.selectedTextRange, !selection.isEmpty, let text = page.text(in: selection) else {
                return false
            }
            let rects = page.selectionRects(for: selection).map { rect in
                [Double(rect.rect.minX), Double(rect.rect.minY), Double(rect.rect.width), Double(rect.rect.height)]
            }
            let clipping = Clipping(
                page: page.layout.image.file, pageSHA256: page.layout.image.sha256, pageIndex: region.pageIndex,
                range: [selection.start.offset, selection.end.offset], text: text, rects: rects)
            do {
                try store.append(clipping)
            } catch {
                notifier.post(.announcement("Could not save the text"))
                return false
            }
            notifier.post(.announcement("Text saved"))
            return true
        }
        return defaults + [copy, selectAll, save]
    }
}
