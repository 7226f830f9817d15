import Foundation
import LegibleLayout
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

/// The edit-category actions a notebook offers, by identity. Callers pick an action by case,
/// never by its spoken name.
public enum EditAction: String, Sendable, CaseIterable {
    /// Copies the selection to the pasteboard.
    case copy = "Copy"
    /// Selects the whole page.
    case selectAll = "Select All"
    /// Stores the selection durably in the clippings store.
    case saveSelection = "Save selection"

    /// The name VoiceOver speaks in the Edit rotor.
    public var name: String { rawValue }
}

extension Notebook {
    /// The edit-category actions of a region, appended to `defaults` (the host's own actions,
    /// kept first, like calling `super`): every ``EditAction``, in order. All act on the
    /// page's selection and never change the page text, so there is no Cut, Paste or Delete.
    public func editActions(
        for region: TextRegion, store: ClippingsStore?, pasteboard: any Pasteboard, defaults: [AccessibilityCustomAction] = []
    ) -> [AccessibilityCustomAction] {
        defaults + EditAction.allCases.map { editAction($0, for: region, store: store, pasteboard: pasteboard) }
    }

    /// One edit action of a region:
    /// - Copy: needs a non-empty selection (else `false`); puts its text on `pasteboard`.
    /// - Select All: selects the whole page (a host change: one will/did notification pair).
    /// - Save selection: stores the selected text with its page, range and rects in `store`,
    ///   announces "Text saved" and returns `true` only after the clipping is on disk; with no
    ///   selection (or no store) returns `false` and says nothing.
    public func editAction(
        _ action: EditAction, for region: TextRegion, store: ClippingsStore?, pasteboard: any Pasteboard
    ) -> AccessibilityCustomAction {
        let page = region.page
        let notifier = self.notifier
        switch action {
        case .copy:
            return AccessibilityCustomAction(name: action.name, category: .edit) {
                guard let selection = page.selectedTextRange, !selection.isEmpty, let text = page.text(in: selection) else { return false }
                pasteboard.string = text
                return true
            }
        case .selectAll:
            return AccessibilityCustomAction(name: action.name, category: .edit) {
                guard page.length > 0 else { return false }
                page.setSelectedTextRange(TextRange(0, page.length), origin: .host)
                return true
            }
        case .saveSelection:
            return AccessibilityCustomAction(name: action.name, category: .edit) {
                guard let store else { return false }
                return Self.saveSelection(of: region, to: store, notifier: notifier)
            }
        }
    }

    /// Stores `region`'s page selection in `store` and announces the outcome; `false` with no
    /// selection (nothing said) or when the store refused (announced).
    static func saveSelection(of region: TextRegion, to store: ClippingsStore, notifier: any AccessibilityNotifier) -> Bool {
        let page = region.page
        guard let selection = page.selectedTextRange, !selection.isEmpty, let text = page.text(in: selection) else { return false }
        let rects = page.selectionRects(for: selection).map { rect in
            PixelBox(x: Double(rect.rect.minX), y: Double(rect.rect.minY), width: Double(rect.rect.width), height: Double(rect.rect.height))
        }
        let clipping = Clipping(
            page: page.layout.image.file, pageSHA256: page.layout.image.sha256, pageIndex: region.pageIndex,
            range: UTF16Span(selection.start.offset, selection.end.offset), text: text, rects: rects)
        do {
            try store.append(clipping)
        } catch {
            notifier.post(.announcement("Could not save the text"))
            return false
        }
        notifier.post(.announcement("Text saved"))
        return true
    }
}
