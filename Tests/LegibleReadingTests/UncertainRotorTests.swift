import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTestSupport
import LegibleTextInput
import Testing

/// The "uncertain" rotor (`Docs/Reading.md`, "Uncertain words"): swipes walk the uncertain words
/// in reading order, across regions and pages, past pages with none, to the boundary sound.
@Suite("The uncertain rotor")
struct UncertainRotorTests {
    /// Three pages; the words in `doubtful` are read at 0.2, every other at 0.95.
    static func notebook(doubtful: Set<String>) -> Notebook {
        let builder = LayoutBuilder()
        let pages = [
            builder.layout([["Frst para one", "wraps hre."], ["Second para."]]),
            builder.layout([["Page two text."]]),
            builder.layout([["Last pge", "two lines."], ["End."]]),
        ].map { ScannedPage(layout: $0.withConfidences { doubtful.contains($0) ? 0.2 : 0.95 }) }
        let notebook = Notebook(pages: pages, notifier: RecordingNotifier())
        notebook.linkRegions()
        return notebook
    }

    @Test("next walks every uncertain word in order, turning pages, then plays the boundary; previous walks back")
    func walk() {
        let notebook = Self.notebook(doubtful: ["Frst", "hre.", "pge", "End."])
        let reader = ScreenReader(notebook: notebook)
        reader.rotor = .uncertain
        reader.focus(on: notebook.regions[0][0])
        for _ in 0..<5 { reader.swipeNext() }
        #expect(reader.transcript == ["Frst para one", "Frst", "hre.", "Page 3 of 3", "pge", "End.", ScreenReader.boundary])
        #expect(reader.utterances.last(where: { $0.kind == .pageText })?.pageIndex == 2)
        for _ in 0..<4 { reader.swipePrevious() }
        #expect(
            Array(reader.transcript.suffix(5)) == ["pge", "Page 1 of 3", "hre.", "Frst", ScreenReader.boundary])
    }

    @Test("a notebook with no uncertain word gives the boundary at once; one whose words are corrected, too")
    func none() {
        let notebook = Self.notebook(doubtful: [])
        let reader = ScreenReader(notebook: notebook)
        reader.rotor = .uncertain
        reader.focus(on: notebook.regions[0][0])
        reader.swipeNext()
        #expect(reader.transcript.last == ScreenReader.boundary)
        let corrected = Self.notebook(doubtful: ["Frst"])
        let page = corrected.pages[0]
        page.isEditable = true
        page.replace(page.uncertainRanges[0], withText: "First")
        let again = ScreenReader(notebook: corrected)
        again.rotor = .uncertain
        again.focus(on: corrected.regions[0][0])
        again.swipeNext()
        #expect(again.transcript.last == ScreenReader.boundary)
    }
}
