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
        let store = ClippingsStore(url: FileManager.default.temporaryDirectory.appendingPathComponent("legible-keys-\(UUID()).jsonl"))
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
