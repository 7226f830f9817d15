import CLegibleATK
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one door to ATK and the AT-SPI bridge (`Docs/ATSPI.md`): registers an
/// ``AccessibleNotebook`` on the accessibility bus and serves it. The C side calls back through
/// one table of function pointers whose context is the tree; every answer is converted to C
/// values here and nowhere else.
public final class ATSPIBridge: AccessibleEvents {
    /// Why the bridge could not start (one line).
    public struct StartError: Error, CustomStringConvertible {
        /// The message, naming what is missing.
        public var description: String
    }

    /// The tree served.
    public let tree: AccessibleNotebook

    /// A bridge for `tree`; it becomes the tree's event sink.
    public init(tree: AccessibleNotebook) {
        self.tree = tree
        tree.events = self
    }

    /// Registers the application on the accessibility bus. After it returns, clients see the
    /// application. Throws ``StartError`` when there is no bus.
    public func start() throws {
        var callbacks = Self.callbacks
        callbacks.context = Unmanaged.passUnretained(tree).toOpaque()
        var error: UnsafeMutablePointer<CChar>?
        guard legible_atk_start(&callbacks, &error) == 0 else {
            defer { free(error) }
            throw StartError(description: error.map { String(cString: $0) } ?? "could not register on the accessibility bus")
        }
    }

    /// Installs the callback table without registering: for a toolkit that runs the AT-SPI
    /// bridge itself (GTK) and asks a widget for its accessible, which is then a node of `tree`.
    public func attachToToolkit() {
        var callbacks = Self.callbacks
        callbacks.context = Unmanaged.passUnretained(tree).toOpaque()
        legible_atk_attach(&callbacks)
    }

    /// Where a bus that does not answer in time is reported before the process exits 69: the
    /// descriptor the caller writes its messages to (`Docs/ATSPI.md`, "Lifetime and errors").
    public static func reportUnansweredBus(to descriptor: Int32) { legible_atk_set_message_descriptor(descriptor) }

    /// Serves requests until SIGINT, SIGTERM or the end of standard input.
    public func run() { legible_atk_run() }

    // MARK: AccessibleEvents

    /// Emits `text-caret-moved` on node `node` with code point `offset`.
    public func caretMoved(node: Int, offset: Int) { legible_atk_caret_moved(Int32(node), Int32(offset)) }
    /// Emits `text-selection-changed` on node `node`.
    public func selectionChanged(node: Int) { legible_atk_selection_changed(Int32(node)) }
    /// Shows the announcer with its new text.
    public func announced(_ text: String) { legible_atk_announce(Int32(tree.number(.announcer)), text) }
    /// Emits the document's `page-changed` with the 1-based page.
    public func pageChanged(_ page: Int) { legible_atk_page_changed(Int32(tree.number(.document)), Int32(page)) }
    /// Moves the focused state to node `node` and emits the state changes.
    public func focused(node: Int) { legible_atk_focus(Int32(node)) }
    /// Emits `children-changed` on node `node` for the child replaced at `index`.
    public func childReplaced(node: Int, index: Int, removed: Int, added: Int) {
        legible_atk_child_replaced(Int32(node), Int32(index), Int32(removed), Int32(added))
    }

    /// Emits `text-changed:delete` and then `text-changed:insert` on node `node`, each with
    /// its text, at code point `offset`.
    public func textChanged(node: Int, offset: Int, removed: String, inserted: String) {
        legible_atk_text_changed(Int32(node), Int32(offset), removed, inserted)
    }
    /// Sets again the parent of every node made from `node` on.
    public func renumbered(from node: Int) { legible_atk_reparent(Int32(node)) }

    // MARK: The callback table

    static var callbacks: LegibleCallbacks {
        var table = LegibleCallbacks()
        table.childCount = { context, node in Int32(served(context).childCount(Int(node))) }
        table.child = { context, node, index in Int32(served(context).child(Int(node), Int(index))) }
        table.parent = { context, node in Int32(served(context).parent(Int(node))) }
        table.indexInParent = { context, node in Int32(served(context).indexInParent(Int(node))) }
        table.role = { context, node in Int32(served(context).role(Int(node)).rawValue) }
        table.name = { context, node in string(served(context).name(Int(node))) }
        table.headingLevel = { context, node in Int32(served(context).headingLevel(Int(node))) }
        table.flowsTo = { context, node in Int32(served(context).flow(Int(node), forward: true)) }
        table.flowsFrom = { context, node in Int32(served(context).flow(Int(node), forward: false)) }
        table.extents = { context, node in rect(served(context).extents(Int(node))) }
        table.childAtPoint = { context, node, x, y in Int32(served(context).child(Int(node), atX: x, y: y)) }
        table.characterCount = { context, node in Int32(served(context).characterCount(Int(node))) }
        table.text = { context, node, start, end in string(served(context).text(Int(node), Int(start), Int(end))) }
        table.unitAt = { context, node, offset, unit, edge, shift, start, end in
            let kind: AccessibleUnit = AccessibleUnit(rawValue: unit) ?? .character
            let (lower, upper): (Int, Int) = served(context).unit(Int(node), at: Int(offset), kind, edge: Int(edge), shift: Int(shift))
            start?.pointee = Int32(lower)
            end?.pointee = Int32(upper)
        }
        table.caretOffset = { context, node in Int32(served(context).caretOffset(Int(node))) }
        table.setCaretOffset = { context, node, offset in served(context).setCaretOffset(Int(node), Int(offset)) ? 1 : 0 }
        table.rangeExtents = { context, node, start, end in rect(served(context).rangeExtents(Int(node), Int(start), Int(end))) }
        table.offsetAtPoint = { context, node, x, y in Int32(served(context).offset(Int(node), atX: x, y: y)) }
        table.boundedRanges = { context, node, area, starts, ends, capacity in
            let ranges = served(context).boundedRanges(Int(node), FrameRect(x: area.x, y: area.y, width: area.width, height: area.height))
            for (index, range) in ranges.prefix(Int(capacity)).enumerated() {
                starts?[index] = Int32(range.0)
                ends?[index] = Int32(range.1)
            }
            return Int32(ranges.count)
        }
        table.selectionCount = { context, node in Int32(served(context).selectionCount(Int(node))) }
        table.selection = { context, node, index, start, end in
            guard let (lower, upper) = served(context).selection(Int(node), Int(index)) else { return 0 }
            start?.pointee = Int32(lower)
            end?.pointee = Int32(upper)
            return 1
        }
        table.setSelection = { context, node, index, start, end in
            served(context).setSelection(Int(node), Int(index), Int(start), Int(end)) ? 1 : 0
        }
        table.removeSelection = { context, node, index in served(context).removeSelection(Int(node), Int(index)) ? 1 : 0 }
        table.actionCount = { context, node in Int32(served(context).actionCount(Int(node))) }
        table.actionName = { context, node, index in string(served(context).actionName(Int(node), Int(index))) }
        table.doAction = { context, node, index in served(context).doAction(Int(node), Int(index)) ? 1 : 0 }
        table.pageCount = { context in Int32(served(context).pageCount) }
        table.currentPage = { context in Int32(served(context).currentPage + 1) }
        table.language = { context, node in string(served(context).language(Int(node))) }
        table.attributeRun = { context, node, offset, start, end in
            let run = served(context).attributeRun(Int(node), at: Int(offset))
            start?.pointee = Int32(run.start)
            end?.pointee = Int32(run.end)
            return run.uncertain ? 1 : 0
        }
        table.editable = { context in served(context).isEditable ? 1 : 0 }
        table.editText = { context, node, start, end, text in
            served(context).editText(Int(node), Int(start), Int(end), text.map { String(cString: $0) } ?? "") ? 1 : 0
        }
        table.windowFrame = { context in
            let placement = served(context).placement
            return LegibleRect(x: placement?.windowX ?? 0, y: placement?.windowY ?? 0, width: 0, height: 0)
        }
        return table
    }
}

// The callbacks are C function pointers and cannot capture anything, so their helpers are
// free functions.

/// The tree a callback's context points to.
private func served(_ context: UnsafeMutableRawPointer?) -> AccessibleNotebook {
    Unmanaged<AccessibleNotebook>.fromOpaque(context!).takeUnretainedValue()
}

/// A malloc'd copy of `text` for the C side, which frees it.
private func string(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

private func rect(_ frame: FrameRect) -> LegibleRect { LegibleRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height) }
