import LegibleLayout
import LegibleTextInput

/// A page's undo and redo (`Docs/Editing.md`, "Undo"), in groups of edits. Typing groups by
/// word, as text editors do: characters typed one after another at the caret are one group,
/// which a space ends; so are backspaces one after another. A replacement, a paste or a
/// composition is a group of its own.
///
/// A group keeps what takes its edits back: an edit inside one line as that line's splice
/// (its text and the line before and after), so that undoing a keystroke costs a keystroke;
/// any other edit as the page document before it (`Docs/Editing.md`, "Typing on a long page").
struct EditHistory {
    /// One edit, as undo takes it back.
    enum Step {
        /// An edit inside one line.
        case line(LineSplice)
        /// Any other edit: the page document before it.
        case page(before: PageLayout)
    }

    /// Edits undone and redone together.
    struct Group {
        /// The selection before the group's first edit, put back by undo.
        var selectionBefore: TextRange?
        /// The selection when the group was undone, put back by redo.
        var selectionAfter: TextRange?
        /// The edits, in the order they were made. After a `.page` step, later steps are not
        /// kept: undo puts that page back, whatever followed it.
        var steps: [Step]
        /// The page document when the group was undone, for redo when a step is `.page`.
        var after: PageLayout?
        /// Whether some step is a whole page.
        var hasPageStep = false

        /// Adds `step`, unless a `.page` step already puts back the page before it.
        mutating func append(_ step: Step) {
            guard !hasPageStep else { return }
            steps.append(step)
            if case .page = step { hasPageStep = true }
        }
    }

    /// The kind of edit a group is made of.
    enum Kind: Equatable {
        case typing, deleting, composing, command
    }

    private(set) var undoStack: [Group] = []
    private(set) var redoStack: [Group] = []
    /// The open group: its kind and the caret where it would continue.
    private var open: (kind: Kind, caret: Int)?

    /// Records `step`, an edit of `kind` at `start` that left the caret at `caret`: in the open
    /// group when it continues it, else in a new group that remembers `selection`, the
    /// selection before it. `ends` closes the group (a typed space).
    mutating func record(_ step: Step, kind: Kind, at start: Int, selection: TextRange?, caret: Int, ends: Bool) {
        if let open, open.kind == kind, kind != .command, kind == .composing || open.caret == start, !undoStack.isEmpty {
            undoStack[undoStack.count - 1].append(step)
        } else {
            var group = Group(selectionBefore: selection, steps: [])
            group.append(step)
            undoStack.append(group)
            redoStack.removeAll()
        }
        self.open = ends || kind == .command ? nil : (kind, caret)
    }

    /// Closes the open group, so the next edit starts one.
    mutating func close() { open = nil }

    /// The group to take back; `selection` and `layout` (asked only when the group needs it)
    /// are kept for redo.
    mutating func undo(selection: TextRange?, layout: () -> PageLayout) -> Group? {
        guard var group = undoStack.popLast() else { return nil }
        group.selectionAfter = selection
        group.after = group.hasPageStep ? layout() : nil
        redoStack.append(group)
        open = nil
        return group
    }

    /// The group to make again.
    mutating func redo() -> Group? {
        guard let group = redoStack.popLast() else { return nil }
        undoStack.append(group)
        open = nil
        return group
    }
}
