import Foundation
import LegiblePages
import LegibleReading
import LegibleTestSupport
import LegibleTextInput
import Testing

/// The demo, end to end, on the bundled Chicago notebook read by Tesseract.
@Suite("Chicago notebook demo")
struct DemoTests {
    /// Focuses page 1's first body paragraph ("We started out…").
    static func readerOnFirstBody(links: Bool) throws -> ScreenReader {
        let notebook = try ChicagoNotebook.make(links: links)
        let reader = ScreenReader(notebook: notebook)
        reader.focus(on: notebook.regions[0][1])
        return reader
    }

    @Test("without links, line navigation stops at the end of a paragraph with the boundary sound")
    func withoutLinks() throws {
        let reader = try Self.readerOnFirstBody(links: false)
        for _ in 0..<4 { reader.swipeNext() }
        #expect(
            reader.transcript == [
                "We started out our morning in Lincoln Park,", "strolling through the trails and admiring the",
                "views of the Chicago skyline.",
                ScreenReader.boundary, ScreenReader.boundary,
            ])
    }

    @Test("with links, line navigation continues into the next paragraph and onto the next page")
    func withLinks() throws {
        let reader = try Self.readerOnFirstBody(links: true)
        for _ in 0..<5 { reader.swipeNext() }
        #expect(
            reader.transcript == [
                "We started out our morning in Lincoln Park,", "strolling through the trails and admiring the",
                "views of the Chicago skyline.",
                "The zoo had lots of animals.", "Page 2 of 3", "Midday. Heading.", "At lunchtime, we walked along the Chicago",
            ])
        #expect(reader.focus?.pageIndex == 1)
        // And back again across the page edge: the page turns back, announced once.
        reader.swipePrevious()
        reader.swipePrevious()
        #expect(reader.transcript.suffix(3) == ["Midday. Heading.", "Page 1 of 3", "The zoo had lots of animals."])
    }

    @Test("read-all without the page-turn trait stops at the bottom of page 1")
    func readAllWithoutPageTurn() throws {
        let reader = ScreenReader(notebook: try ChicagoNotebook.make(pageTurn: false))
        reader.readAll()
        #expect(reader.transcript.first == "Morning. Heading.")
        #expect(reader.transcript.last == "The zoo had lots of animals.")
        #expect(!reader.transcript.contains("Page 2 of 3"))
    }

    @Test("read-all with the page-turn trait reads all three pages, announcing each page")
    func readAllWithPageTurn() throws {
        let notifier = RecordingNotifier()
        let notebook = try ChicagoNotebook.make(notifier: notifier)
        let reader = ScreenReader(notebook: notebook)
        reader.readAll()
        #expect(Array(reader.transcript.prefix(2)) == ["Morning. Heading.", "We started out our morning in Lincoln Park,"])
        let morningIndex = try #require(reader.transcript.firstIndex(of: "Page 2 of 3"))
        #expect(reader.transcript[morningIndex + 1] == "Midday. Heading.")
        let eveningIndex = try #require(reader.transcript.firstIndex(of: "Page 3 of 3"))
        #expect(reader.transcript[eveningIndex + 1] == "Evening. Heading.")
        #expect(reader.transcript.last == "Michigan.")
        #expect(notifier.posted == [.pageScrolled("Page 2 of 3"), .pageScrolled("Page 3 of 3")])
        // Every OCR line was spoken exactly once, in order.
        let lines = notebook.pages.flatMap { page in (0..<page.lineCount).map { page.text(in: page.lineRange($0)!)! } }
        let spoken = reader.transcript.filter { !$0.hasPrefix("Page ") }.map {
            $0.hasSuffix(". Heading.") ? String($0.dropLast(". Heading.".count)) : $0
        }
        #expect(spoken == lines)
    }

    @Test("selecting a line with the line selection rotor and running Save selection keeps the clipping")
    func saveLine() throws {
        let store = ChicagoNotebook.temporaryStore()
        let reader = try Self.readerOnFirstBody(links: true)
        reader.store = store
        while reader.transcript.last != "The zoo had lots of animals." { reader.swipeNext() }
        reader.rotor = .selectByLine
        reader.swipeNext()
        #expect(reader.transcript.last == "The zoo had lots of animals. selected")
        #expect(reader.runEditAction(named: "Save selection"))
        #expect(reader.transcript.suffix(2) == ["Save selection", "Text saved"])
        let saved = try store.read().clippings
        #expect(saved.map(\.text) == ["The zoo had lots of animals."])
        #expect(saved.first?.page == "chicago-1.png" && saved.first?.pageIndex == 0 && saved.first?.rects.count == 1)
    }

    @Test("selecting by word and running Save selection keeps that phrase")
    func saveWords() throws {
        let store = ChicagoNotebook.temporaryStore()
        let notebook = try ChicagoNotebook.make()
        let reader = ScreenReader(notebook: notebook, store: store)
        let paragraph = try #require(notebook.regions[1].first { $0.text.hasPrefix("Our favorite view") })
        reader.focus(on: paragraph)
        reader.rotor = .selectByWord
        for _ in 0..<11 { reader.swipeNext() }
        #expect(reader.transcript.last == "Bridge selected")
        #expect(reader.runEditAction(named: "Save selection"))
        #expect(reader.transcript.last == "Text saved")
        let saved = try store.read().clippings
        #expect(saved.map(\.text) == ["Our favorite view was from the middle of the DuSable Bridge"])
        #expect(saved.first?.rects.count == 2)  // the phrase wraps onto a second line
    }

    @Test("touching a line reads it")
    func touch() throws {
        let notebook = try ChicagoNotebook.make()
        let reader = ScreenReader(notebook: notebook)
        let element = notebook.pageElements[0]
        let frame = element.frame(forLineNumber: 4)
        #expect(reader.touch(at: CGPoint(x: frame.midX, y: frame.midY)))
        #expect(reader.transcript == ["The zoo had lots of animals."])
        #expect(!reader.touch(at: CGPoint(x: 5, y: 5)))
    }
}
