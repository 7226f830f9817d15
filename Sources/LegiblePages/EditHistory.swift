import LegibleLayout
import LegibleTextInput

/// A page's undo and redo (`Docs/Editing.md`, "Undo"): each entry is the page as it was before
/// a group of edits. Typing groups by word, as text editors do: characters typed one after
/// another at the caret are one group, which a space ends; so are backspaces one after another.
/// A replacement, a paste or a composition is a group of its own.
struct EditHistory {
    /// What undo or redo puts back.
    struct State {
        var layout: PageLayout
        var selection: TextRange?
    }

    /// The kind of edit a group is made of.
    enum Kind: Equatable {
        case typing, deleting, composing, command
    }

    private(set) var undoStack: [State] = []
    private(set) var redoStack: [State] = []
    /// The open group: its kind and the caret where it would continue.
    private var open: (kind: Kind, caret: Int)?

    /// Records `before` when an edit of `kind` at `start` does not continue the open group.
    mutating func willEdit(_ kind: Kind, at start: Int, before: State) {
        if let open, open.kind == kind, kind != .command, kind == .composing || open.caret == start { return }
        undoStack.append(before)
        redoStack.removeAll()
    }

    /// Notes where the group would continue after an edit; `ends` closes it (a typed space).
    mutating func didEdit(_ kind: Kind, caret: Int, ends: Bool) {
        open = ends || kind == .command ? nil : (kind, caret)
    }

    /// Closes the open group, so the next edit starts one.
    mutating func close() { open = nil }

    /// The state to go back to, remembering `current` for redo.
    mutating func undo(from current: State) -> State? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        open = nil
        return previous
    }

    /// The state to go forward to, remembering `current` for undo.
    mutating func redo(from current: State) -> State? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        open = nil
        return next
    }
}
