import CLegibleGTK
import Foundation
import LegibleATSPI
import LegiblePages
import LegibleReading
import LegibleTestSupport
import Testing

@testable import LegibleDesktop

/// The viewer's keys in process, on a window never opened (`Docs/Viewer.md`, "Caret and
/// selection"): where each key takes the caret within a page. A page turn redraws the window,
/// so it and the window itself are tested under Xvfb, with the real Orca, by `ViewerTests` and
/// `OrcaTests`.
@Suite("the viewer's keys, without a window")
struct ViewerKeyTests {
    static func viewer() -> PageViewer {
        let page = ScannedPage(layout: LayoutBuilder().layout([["one two three", "four five"], ["six"]]))
        let next = ScannedPage(layout: LayoutBuilder().layout([["seven eight"]]))
        let store = ClippingsStore(url: URL(fileURLWithPath: temporaryPath("keys.jsonl")))
        let tree = AccessibleNotebook(notebook: Notebook(pages: [page, next]), title: "keys", store: store, windowed: true)
        return PageViewer(tree: tree, title: "keys", imagePaths: [nil, nil])
    }

    @Test("Right moves a character, Control+Right a word, Control+End to the end; Shift extends")
    func movement() {
        let viewer = Self.viewer()
        #expect(viewer.target(of: LegibleKeyRight, control: false) == 1)
        #expect(viewer.target(of: LegibleKeyRight, control: true) == 3)
        #expect(viewer.target(of: LegibleKeyEnd, control: true) == viewer.scanned.length)
        #expect(viewer.handle(key: LegibleKeyRight, shift: true, control: true))
        #expect(viewer.caret == 3)
    }
}

/// F7 in process (`Docs/Viewer.md`, "Uncertain words"): within a page, as a page turn needs the
/// window (`OrcaTests.uncertainWords` walks them with the real Orca).
@Suite("the viewer's uncertain words, without a window")
struct ViewerUncertainTests {
    @Test("F7 puts the caret on each uncertain word in turn, Shift+F7 goes back; in edit mode the word is selected")
    func walk() {
        let page = ScannedPage(
            layout: LayoutBuilder().layout([["one twq three", "four fiv"], ["six"]]).withConfidences {
                ["twq", "fiv"].contains($0) ? 0.2 : 0.9
            })
        let store = ClippingsStore(url: URL(fileURLWithPath: temporaryPath("keys.jsonl")))
        let tree = AccessibleNotebook(notebook: Notebook(pages: [page]), title: "keys", store: store, windowed: true)
        let viewer = PageViewer(tree: tree, title: "keys", imagePaths: [nil])
        let starts = page.uncertainRanges.map(\.start.offset)
        #expect(viewer.handle(key: LegibleKeyF7, shift: false, control: false) && viewer.caret == starts[0])
        #expect(viewer.handle(key: LegibleKeyF7, shift: false, control: false) && viewer.caret == starts[1])
        // Past the last one the caret stays.
        #expect(viewer.handle(key: LegibleKeyF7, shift: false, control: false) && viewer.caret == starts[1])
        #expect(viewer.handle(key: LegibleKeyF7, shift: true, control: false) && viewer.caret == starts[0])
        #expect(page.selectedTextRange == nil, "reading, nothing is selected")
        tree.isEditable = true
        _ = viewer.handle(key: LegibleKeyF7, shift: false, control: false)
        #expect(page.selectedTextRange == page.uncertainRanges[1], "editing, the word is selected to be typed over")
    }
}

/// Edit mode in process (`Docs/Editing.md`, "The viewer's edit mode"): typing, BackSpace,
/// Delete, undo and redo at the caret, and Control+S saving atomically, never over a document
/// changed on disk.
@Suite("the viewer's edit mode, without a window")
struct ViewerEditTests {
    /// A viewer in edit mode on one page read from a document in a temporary folder.
    static func editingViewer() throws -> (PageViewer, String) {
        let folder = try temporaryFolder()
        let path = folder + "/page.json"
        try ScannedPage(layout: LayoutBuilder().layout([["one two three", "four five"], ["six"]])).layout.encodeDocument()
            .write(to: URL(fileURLWithPath: path))
        let (file, page) = try PageDocumentFile.open(path)
        let store = ClippingsStore(url: URL(fileURLWithPath: folder + "/clippings.jsonl"))
        let tree = AccessibleNotebook(notebook: Notebook(pages: [page]), title: "edit", store: store, windowed: true)
        tree.isEditable = true
        return (PageViewer(tree: tree, title: "edit", imagePaths: [nil], documents: [file]), path)
    }

    @Test("typing, BackSpace and Delete change the text at the caret; Control+Z and Control+Y undo and redo")
    func typing() throws {
        let (viewer, _) = try Self.editingViewer()
        _ = viewer.handle(key: LegibleKeyEnd, shift: false, control: false)
        let end = viewer.caret
        viewer.type("s")
        #expect(viewer.scanned.string.hasPrefix("one two threes four"))
        #expect(viewer.caret == end + 1)
        _ = viewer.handle(key: LegibleKeyBackSpace, shift: false, control: false)
        _ = viewer.handle(key: LegibleKeyBackSpace, shift: false, control: false)
        #expect(viewer.scanned.string.hasPrefix("one two thre four"))
        _ = viewer.handle(key: LegibleKeyHome, shift: false, control: false)
        _ = viewer.handle(key: LegibleKeyDelete, shift: false, control: false)
        #expect(viewer.scanned.string.hasPrefix("ne two thre four"), "\(viewer.scanned.string)")
        _ = viewer.handle(key: LegibleKeyZ, shift: false, control: true)
        #expect(viewer.scanned.string.hasPrefix("one two thre four"))
        _ = viewer.handle(key: LegibleKeyY, shift: false, control: true)
        #expect(viewer.scanned.string.hasPrefix("ne two thre four"))
        #expect(viewer.tree.unsavedPages == [0])
    }

    @Test("Control+S writes the corrected document; a document changed on disk is kept and the corrections go beside it")
    func saving() throws {
        let (viewer, path) = try Self.editingViewer()
        viewer.type("X")
        _ = viewer.handle(key: LegibleKeyS, shift: false, control: true)
        #expect(viewer.tree.announcement == "Corrections saved")
        let saved = try ScannedPage(documentData: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(saved.string.hasPrefix("Xone two three"))
        #expect(saved.layout.lines.first?.words?.first?.corrected == true)
        #expect(viewer.tree.unsavedPages.isEmpty)

        let other = "changed elsewhere".data(using: .utf8)!
        try other.write(to: URL(fileURLWithPath: path))
        viewer.type("Y")
        #expect(!viewer.closing(forced: false), "the first close is refused while corrections are unsaved")
        _ = viewer.handle(key: LegibleKeyS, shift: false, control: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == other, "a document changed on disk is not overwritten")
        let aside = String(path.dropLast(5)) + ".corrections.json"
        let kept = try ScannedPage(documentData: Data(contentsOf: URL(fileURLWithPath: aside)))
        #expect(kept.string.hasPrefix("XYone two three"))
        #expect(viewer.tree.announcement == "page.json changed on disk; corrections saved as page.corrections.json")
    }

    @Test("a read-only viewer ignores BackSpace and typing")
    func readOnly() throws {
        let viewer = ViewerKeyTests.viewer()
        let before = viewer.scanned.string
        #expect(!viewer.handle(key: LegibleKeyBackSpace, shift: false, control: false))
        viewer.type("x")
        #expect(viewer.scanned.string == before)
    }
}
