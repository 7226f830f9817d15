import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTestSupport
import LegibleTextInput
import Testing

@testable import LegibleATSPI

/// Records what the tree tells its clients.
final class EventLog: AccessibleEvents {
    var carets: [(node: Int, offset: Int)] = []
    var pages: [Int] = []
    var announcements: [String] = []
    func caretMoved(node: Int, offset: Int) { carets.append((node, offset)) }
    func selectionChanged(node: Int) {}
    func announced(_ text: String) { announcements.append(text) }
    func pageChanged(_ page: Int) { pages.append(page) }
    func focused(node: Int) {}
    func childReplaced(node: Int, index: Int, removed: Int, added: Int) {}
    var changes: [(node: Int, offset: Int, removed: String, inserted: String)] = []
    func textChanged(node: Int, offset: Int, removed: String, inserted: String) { changes.append((node, offset, removed, inserted)) }
    func renumbered(from node: Int) {}
}

/// The AT-SPI tree in process, without a bus (`Docs/ATSPI.md`, "Offsets" and "Tree"): the bus
/// tests (`AccessibilityBridgeTests`, `OrcaTests`) read the same tree through the real bridge.
@Suite("the AT-SPI tree: nodes, and offsets in code points at the boundary")
struct AccessibleNotebookTests {
    /// A two-page notebook whose first page holds characters outside the Basic Multilingual
    /// Plane, each two UTF-16 code units but one code point.
    static func tree() -> AccessibleNotebook {
        let first = ScannedPage(layout: LayoutBuilder().layout(exactText: "a 𝒜 b\nthe 🦉 owl"))
        let second = ScannedPage(layout: LayoutBuilder().layout(exactText: "last page"))
        let store = ClippingsStore(url: URL(fileURLWithPath: temporaryPath("atspi.jsonl")))
        return AccessibleNotebook(notebook: Notebook(pages: [first, second]), title: "owls", store: store)
    }

    @Test("a region's text and length are counted in code points, and its pieces come back whole")
    func codePoints() {
        let tree = Self.tree()
        let first = tree.node(onPage: 0, at: 0)
        let second = tree.node(onPage: 0, at: "a 𝒜 b\n".utf16.count)
        #expect(first != second)
        #expect(tree.characterCount(first) == 5)
        #expect(tree.text(first, 2, 3) == "𝒜")
        #expect(tree.text(first, 0, -1) == "a 𝒜 b")
        #expect(tree.characterCount(second) == 9)
        #expect(tree.text(second, 4, 5) == "🦉")
    }

    @Test("a caret set in code points lands on the right UTF-16 offset and is reported in code points")
    func caret() {
        let tree = Self.tree()
        let events = EventLog()
        tree.events = events
        let second = tree.node(onPage: 0, at: "a 𝒜 b\n".utf16.count)
        #expect(tree.setCaretOffset(second, 5))
        #expect(tree.carets[0] == "a 𝒜 b\nthe 🦉".utf16.count)
        #expect(tree.caretOffset(second) == 5)
        #expect(events.carets.last?.offset == 5)
        let lastPage = tree.node(onPage: 1, at: 0)
        #expect(tree.setCaretOffset(lastPage, 4))
        #expect(tree.currentPage == 1)
        #expect(events.announcements.isEmpty, "a client's caret move turns the page without announcing it")
    }
}

/// Uncertain words as attribute runs (`Docs/ATSPI.md`, "Attributes"), in code points.
@Suite("the AT-SPI tree: uncertain words as attribute runs")
struct AccessibleUncertaintyTests {
    @Test("each uncertain word is a run of its own; the text between is plain runs; offsets are code points")
    func runs() {
        let layout = LayoutBuilder().layout([["the 🦉x owl", "sees wll"]]).withConfidences { ["🦉x", "wll"].contains($0) ? 0.1 : 0.9 }
        let tree = AccessibleNotebook(
            notebook: Notebook(pages: [ScannedPage(layout: layout)]), title: "owls",
            store: ClippingsStore(url: URL(fileURLWithPath: temporaryPath("atspi.jsonl"))))
        let node = tree.node(onPage: 0, at: 0)
        let count = tree.characterCount(node)
        var runs: [(String, Bool)] = []
        var offset = 0
        while offset < count {
            let run = tree.attributeRun(node, at: offset)
            #expect(run.start <= offset && offset < run.end, "offset \(offset) outside its run \(run)")
            runs.append((tree.text(node, run.start, run.end), run.uncertain))
            offset = run.end
        }
        #expect(runs.map(\.0) == ["the ", "🦉x", " owl sees ", "wll"], "\(runs)")
        #expect(runs.map(\.1) == [false, true, false, true])
        // Every offset inside the owl word, its second code point included, finds the same run.
        #expect(tree.attributeRun(node, at: 5).start == 4 && tree.attributeRun(node, at: 5).end == 6)
    }
}

/// Corrections through the tree (`Docs/Editing.md`, "The viewer's edit mode"): what clients
/// are told, in code points, and regions made again when a paragraph goes.
@Suite("the AT-SPI tree: editing")
struct AccessibleEditingTests {
    @Test("an EditableText call changes the page and tells the removed and inserted text in code points")
    func editableText() {
        let tree = AccessibleNotebookTests.tree()
        let log = EventLog()
        tree.events = log
        let region = tree.node(onPage: 0, at: 0)
        #expect(!tree.editText(region, 2, 3, "x"), "a read-only tree refuses")
        tree.isEditable = true
        // "a 𝒜 b": code point 2 is 𝒜 (two UTF-16 units); replace it and "b" after it.
        #expect(tree.editText(region, 2, 5, "Ж c"))
        #expect(tree.notebook.pages[0].string.hasPrefix("a Ж c\n"))
        #expect(log.changes.count == 1)
        #expect(log.changes.first?.offset == 2)
        #expect(log.changes.first?.removed == "𝒜 b")
        #expect(log.changes.first?.inserted == "Ж c")
        #expect(tree.text(region, 0, -1) == "a Ж c")
        #expect(tree.unsavedPages == [0])
    }

    @Test("deleting the break between two paragraphs joins their regions, and the nodes after follow")
    func joinParagraphs() {
        let tree = AccessibleNotebookTests.tree()
        let log = EventLog()
        tree.events = log
        tree.isEditable = true
        let regionsBefore = tree.childCount(tree.number(.page(0)))
        let lineBreak = "a 𝒜 b".utf16.count
        #expect(
            tree.edit(page: 0) { $0.replace(TextRange(lineBreak, lineBreak + 1), withText: "") },
            "the paragraph break, as BackSpace deletes it")
        #expect(tree.childCount(tree.number(.page(0))) == regionsBefore - 1)
        #expect(tree.text(tree.node(onPage: 1, at: 0), 0, -1) == "last page")
        #expect(tree.parent(tree.node(onPage: 1, at: 0)) == tree.number(.page(1)))
    }

    @Test("unchanged ends never cut a surrogate pair")
    func surrogateEnds() {
        let (prefix, suffix) = AccessibleNotebook.unchangedEnds(Array("a🦉b".utf16), Array("a🦊b".utf16))
        #expect(prefix == 1)
        #expect(suffix == 1)
    }
}
