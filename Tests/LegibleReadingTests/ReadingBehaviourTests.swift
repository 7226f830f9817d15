import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTestSupport
import LegibleTextInput
import Testing

/// Contract edge cases 69–75 (`Docs/TextInputContract.md`, "Reading layer") and the rest of the reading layer, on hand-built pages and the
/// Chicago notebook.
@Suite("Reading layer")
struct ReadingBehaviourTests {
    static func threePages(
        notifier: RecordingNotifier = RecordingNotifier(), converter: any CoordinateConverter = ScaleOffsetConverter.identity
    ) -> Notebook {
        let builder = LayoutBuilder()
        let pages = [
            builder.layout([["First para one", "wraps here."], ["Second para."]]),
            builder.layout([["Page two text."]]),
            builder.layout([["Last page", "two lines."], ["End."]]),
        ].map(ScannedPage.init(layout:))
        return Notebook(pages: pages, notifier: notifier, converter: converter)
    }

    @Test("69: the chain is symmetric; the ends are nil")
    func chain() {
        let notebook = Self.threePages()
        notebook.linkRegions()
        let all = notebook.allRegions
        #expect(all.count == 5)
        for region in all.dropLast() { #expect(region.nextTextNavigationElement?.previousTextNavigationElement === region) }
        #expect(all.first?.previousTextNavigationElement == nil && all.last?.nextTextNavigationElement == nil)
        #expect(all[1].nextTextNavigationElement === notebook.regions[1][0])  // across the page edge
    }

    @Test("a linked group namespace builds the same chain as linkRegions")
    func declarativeLinks() {
        let imperative = Self.threePages()
        imperative.linkRegions()
        let declarative = Self.threePages()
        let namespace = LinkedGroupNamespace()
        for region in declarative.allRegions { region.accessibilityLinkedGroup(id: "notebook", in: namespace) }
        namespace.link()
        func shape(_ notebook: Notebook) -> [[Int?]] {
            let all = notebook.allRegions
            return all.map { region in
                [
                    region.nextTextNavigationElement.flatMap { next in all.firstIndex { $0 === next } },
                    region.previousTextNavigationElement.flatMap { previous in all.firstIndex { $0 === previous } },
                ]
            }
        }
        #expect(shape(declarative) == shape(imperative))
        // Separate ids make separate chains.
        let split = Self.threePages()
        let other = LinkedGroupNamespace()
        for (index, region) in split.allRegions.enumerated() { region.accessibilityLinkedGroup(id: index < 2 ? "a" : "b", in: other) }
        other.link()
        #expect(split.allRegions[1].nextTextNavigationElement == nil && split.allRegions[2].previousTextNavigationElement == nil)
    }

    @Test("traits: static text everywhere, page turn on each page's last region")
    func traits() {
        let notebook = Self.threePages()
        notebook.setPageTurning(true)
        for page in notebook.regions {
            for region in page {
                #expect(region.traits.contains(.staticText))
                #expect(region.traits.contains(.causesPageTurn) == (region === page.last))
            }
        }
        notebook.setPageTurning(false)
        #expect(notebook.allRegions.allSatisfy { !$0.traits.contains(.causesPageTurn) })
    }

    @Test("73: scrolling turns pages with exactly one announcement, and fails silently at the ends")
    func scroll() {
        let notifier = RecordingNotifier()
        let notebook = Self.threePages(notifier: notifier)
        #expect(!notebook.accessibilityScroll(.previous))
        #expect(notifier.posted.isEmpty)
        #expect(notebook.accessibilityScroll(.next))
        #expect(notifier.posted == [.pageScrolled("Page 2 of 3")])
        #expect(notebook.accessibilityScroll(.down))
        #expect(!notebook.accessibilityScroll(.next))
        #expect(!notebook.accessibilityScroll(.right) && !notebook.accessibilityScroll(.left))
        #expect(notifier.posted == [.pageScrolled("Page 2 of 3"), .pageScrolled("Page 3 of 3")])
        #expect(notebook.accessibilityScroll(.up))
        #expect(notifier.posted.last == .pageScrolled("Page 2 of 3"))
    }

    @Test("70-72: reading content lines agree with frames, hit tests and the tokenizer (zoomed and scrolled)")
    func readingContent() {
        let converter = ScaleOffsetConverter(scale: 0.5, offset: CGPoint(x: 100, y: -20))
        let notebook = Self.threePages(converter: converter)
        let element = notebook.pageElements[0]
        let page = element.page
        #expect(element.content(forLineNumber: -1) == nil && element.content(forLineNumber: page.lineCount) == nil)
        #expect(element.attributedContent(forLineNumber: page.lineCount) == nil)
        #expect(element.frame(forLineNumber: -1) == .zero && element.frame(forLineNumber: page.lineCount) == .zero)
        #expect(element.pageContent() == page.string)
        for line in 0..<page.lineCount {
            let frame = element.frame(forLineNumber: line)
            let centre = CGPoint(x: frame.midX, y: frame.midY)
            #expect(element.lineNumber(forScreenPoint: centre) == line)
            // The same line as the tokenizer's line unit at the closest position.
            let position = page.closestPosition(to: converter.pagePoint(fromScreen: centre))!
            let unit = page.tokenizer.rangeEnclosingPosition(position, with: .line, inDirection: .forward)
            #expect(unit?.start == page.lineRange(line)?.start)
            #expect(element.content(forLineNumber: line) == page.text(in: page.lineRange(line)!))
        }
        // A point in the gap between two lines, and one in the margin.
        let first = element.frame(forLineNumber: 0), second = element.frame(forLineNumber: 1)
        #expect(element.lineNumber(forScreenPoint: CGPoint(x: first.midX, y: (first.maxY + second.minY) / 2)) == nil)
        #expect(element.lineNumber(forScreenPoint: CGPoint(x: first.minX - 30, y: first.midY)) == nil)
    }

    @Test("74: Copy with no selection fails; with a selection it copies; Select All notifies once")
    func editActions() {
        let notebook = Self.threePages()
        let region = notebook.regions[0][0]
        let pasteboard = MemoryPasteboard()
        let actions = notebook.editActions(
            for: region, store: nil, pasteboard: pasteboard, defaults: [AccessibilityCustomAction(name: "Host action") { true }])
        #expect(actions.map(\.name) == ["Host action", "Copy", "Select All", "Save selection"])
        #expect(actions.dropFirst().allSatisfy { $0.category == .edit })
        #expect(!actions[1].handler())
        #expect(!actions[3].handler())  // no selection, no store: nothing saved, nothing said
        final class Spy: TextInputDelegate {
            var events: [String] = []
            func selectionWillChange(_ textInput: (any TextInput)?) { events.append("will") }
            func selectionDidChange(_ textInput: (any TextInput)?) { events.append("did") }
            func textWillChange(_ textInput: (any TextInput)?) {}
            func textDidChange(_ textInput: (any TextInput)?) {}
        }
        let spy = Spy()
        region.page.inputDelegate = spy
        #expect(actions[2].handler())
        #expect(spy.events == ["will", "did"])
        #expect(region.page.selectedTextRange == TextRange(0, region.page.length))
        #expect(actions[1].handler())
        #expect(pasteboard.string == region.page.string)
        #expect((notebook.notifier as? RecordingNotifier)?.posted.isEmpty == true)
    }

    @Test("75: the regions' shared character ranges tile each page in order")
    func sharedRanges() throws {
        for notebook in [Self.threePages(), try ChicagoNotebook.make()] {
            for (page, regions) in zip(notebook.pages, notebook.regions) {
                var offset = 0
                for region in regions {
                    #expect(region.sharedCharacterRange.start.offset == offset)
                    offset = region.sharedCharacterRange.end.offset
                }
                #expect(offset == page.length)
                if let first = regions.first {
                    #expect(notebook.sharedTextElements(of: first).map { ObjectIdentifier($0) } == regions.map { ObjectIdentifier($0) })
                }
            }
        }
    }

    @Test("whole-page regions: one element per page, covering it, turning the page")
    func pageGranularity() {
        let builder = LayoutBuilder()
        let pages = [builder.layout([["One two."], ["Three."]]), builder.layout([["Four."]])].map(ScannedPage.init(layout:))
        let notebook = Notebook(pages: pages, granularity: .page)
        notebook.setPageTurning(true)
        #expect(notebook.regions.map(\.count) == [1, 1])
        #expect(notebook.regions[0][0].range == TextRange(0, pages[0].length))
        #expect(notebook.regions[0][0].text == "One two.\nThree.")
        #expect(notebook.allRegions.allSatisfy { $0.traits.contains(.causesPageTurn) && !$0.isHeading })
        let reader = ScreenReader(notebook: notebook)
        reader.readAll()
        #expect(reader.transcript == ["One two.", "Three.", "Page 2 of 2", "Four."])
    }

    @Test("headings: short, alone and written larger; body lines are not")
    func headings() throws {
        let notebook = try ChicagoNotebook.make()
        let headings = notebook.allRegions.filter(\.isHeading).map(\.text)
        #expect(headings == ["Morning", "Midday", "Evening"])
        #expect(notebook.regions[0][0].spokenLabel == "Morning. Heading.")
        #expect(notebook.allRegions.first { $0.text == "The zoo had lots of animals." }?.isHeading == false)
    }

    @Test("word and character rotors move inside the region and stop at its edge")
    func rotors() {
        let notebook = Self.threePages()
        let reader = ScreenReader(notebook: notebook)
        reader.rotor = .words
        reader.focus(on: notebook.regions[1][0])
        for _ in 0..<4 { reader.swipeNext() }
        // Focusing an element on page 2 turns to it, announced once, then reads the element.
        #expect(reader.transcript == ["Page 2 of 3", "Page two text.", "Page", "two", "text", ScreenReader.boundary])
        // Each utterance says what it is: a host never parses the words.
        #expect(reader.utterances.map(\.kind) == [.pageTurn(toPage: 1), .pageText, .pageText, .pageText, .pageText, .boundary])
        reader.rotor = .characters
        reader.swipePrevious()
        #expect(reader.transcript.last == "space")  // the character before "text"
        reader.swipeNext()
        #expect(reader.transcript.last == "t")
    }
}
