import Foundation
import LegiblePages
import LegibleTextInput

/// Drives a notebook the way VoiceOver and Speak Screen do, and writes down what they would
/// say: one transcript entry per utterance, `[boundary]` for the boundary sound, and
/// announcements as spoken ("Page 2 of 3", "Text saved").
///
/// - Rotors: lines, words, characters, uncertain words (navigation); text selection by word or by line (each
///   swipe grows the selection by one unit from the cursor); edit (the region's custom actions).
/// - Swipes move by the rotor's unit inside the focused region and follow its text navigation
///   links into the next or previous region — across pages — or play the boundary sound.
/// - Touch reads the line under the finger (reading content).
/// - Read-all speaks every line of the page, turns pages through the page-turn trait and the
///   scroll handler, and stops at the end.
public final class ScreenReader {
    /// The rotor positions the simulator supports.
    public enum Rotor: String, Sendable, CaseIterable {
        case lines, words, characters
        /// The uncertain words (`Docs/Reading.md`, "Uncertain words"), across regions and pages.
        case uncertain
        case selectByWord, selectByLine
        case edit
    }

    /// The notebook being read.
    public let notebook: Notebook
    /// Everything spoken so far, in order.
    public var transcript: [String] { utterances.map(\.text) }
    /// Everything spoken so far, with the page text each utterance speaks, when it speaks some.
    public private(set) var utterances: [Utterance] = []

    /// One utterance: its words, and where on which page they are, so a host can highlight as
    /// it speaks (`Docs/Reading.md`, "Ranges").
    public struct Utterance: Equatable, Sendable {
        /// What is said.
        public var text: String
        /// The 0-based page whose text is spoken, or `nil` for an announcement or a sound.
        public var pageIndex: Int?
        /// The UTF-16 range of that page's reading text that is spoken.
        public var range: TextRange?
        /// What the utterance is, so a host reads its meaning from data rather than from the
        /// words, which may be reworded or translated.
        public var kind: Kind = .pageText

        /// What an utterance is (`Docs/Reading.md`, "Ranges").
        public enum Kind: Equatable, Sendable {
            /// Text of the page `pageIndex` names, in `range`.
            case pageText
            /// An announcement or a spoken trait, reading no page text.
            case announcement
            /// The voice turning to the 0-based page: "Page N of M" is said as it turns.
            case pageTurn(toPage: Int)
            /// The boundary sound (``ScreenReader/boundary``): no unit that way.
            case boundary
        }
    }

    /// How read-all speaks (`Docs/Reading.md`, "Read-all").
    public enum ReadAllMode: String, Sendable, CaseIterable {
        /// VoiceOver's read-all: traits are spoken ("Midday. Heading.").
        case voiceOver
        /// Speak Screen: the text alone ("Midday.").
        case speakScreen
    }
    /// The current rotor.
    public var rotor: Rotor = .lines {
        didSet {
            actionIndex = -1
            // A new rotor starts moving from the cursor, the start of the unit last spoken.
            if rotor != oldValue, rotor != .edit { current = current.map { TextRange($0.start, $0.start) } }
        }
    }
    /// The focused region.
    public internal(set) var focus: TextRegion?
    /// The unit last spoken in the focused region (UTF-16 range of its page).
    public internal(set) var current: TextRange?
    /// Saved clippings go here ("Save selection").
    public var store: ClippingsStore?
    /// Copy puts text here.
    public var pasteboard: any Pasteboard = MemoryPasteboard()
    private var actionIndex = -1

    /// The boundary sound, as written in the transcript.
    public static let boundary = "[boundary]"

    /// Starts reading `notebook`; its notifications are spoken into the transcript (and still
    /// reach the notifier it had).
    public init(notebook: Notebook, store: ClippingsStore? = nil) {
        self.notebook = notebook
        self.store = store
        let inner = notebook.notifier
        let listener = ForwardingNotifier(inner: inner)
        notebook.notifier = listener
        listener.onPost = { [weak self] notification in self?.hear(notification) }
    }

    private func hear(_ notification: AccessibilityNotification) {
        switch notification {
        case .pageScrolled(let text): if let text { say(text, kind: .pageTurn(toPage: notebook.currentPageIndex)) }
        case .announcement(let text): say(text)
        case .layoutChanged: break
        }
    }

    /// Plays the boundary sound.
    func transcriptBoundary() { say(Self.boundary, kind: .boundary) }

    /// Speaks `text`: page text when it reads a page's range, else an announcement, unless
    /// `kind` says what it is.
    func say(_ text: String, page: Int? = nil, range: TextRange? = nil, kind: Utterance.Kind? = nil) {
        utterances.append(Utterance(text: text, pageIndex: page, range: range, kind: kind ?? (page == nil ? .announcement : .pageText)))
    }

    // MARK: Focus

    /// Puts focus on the line of `region` holding `offset` (its first line by default), turning
    /// to the region's page, and speaks it.
    public func focus(on region: TextRegion, at offset: Int? = nil) {
        focus = region
        notebook.turnPage(to: region.pageIndex)
        let line = lineRange(in: region, containing: offset ?? region.range.start.offset)
        // The element's first line is spoken; the cursor sits at its start for other rotors.
        current = rotor == .lines ? line : line.map { TextRange($0.start, $0.start) }
        speakLine(line, in: region)
    }

    /// Touch exploration: reads the line under a screen point on the current page. Returns
    /// `false` (and says nothing) over margins and gaps.
    @discardableResult
    public func touch(at point: CGPoint) -> Bool {
        let element = notebook.pageElements[notebook.currentPageIndex]
        guard let number = element.lineNumber(forScreenPoint: point), let range = element.page.lineRange(number),
            let region = notebook.region(onPage: notebook.currentPageIndex, containing: range.start.offset)
        else { return false }
        focus = region
        current = range
        speakLine(range, in: region)
        return true
    }

    // MARK: Swipes

    /// Swipe down (next) with the current rotor.
    public func swipeNext() { move(forward: true) }
    /// Swipe up (previous) with the current rotor.
    public func swipePrevious() { move(forward: false) }

    private func move(forward: Bool) {
        guard let region = focus ?? notebook.regions[notebook.currentPageIndex].first else { return }
        if focus == nil {
            focus(on: region)
            return
        }
        switch rotor {
        case .lines: step(.line, forward: forward, in: region)
        case .words: step(.word, forward: forward, in: region)
        case .characters: step(.character, forward: forward, in: region)
        case .uncertain: stepUncertain(forward: forward, in: region)
        case .selectByWord: forward ? grow(.word, in: region) : shrink(.word, in: region)
        case .selectByLine: forward ? grow(.line, in: region) : shrink(.line, in: region)
        case .edit: cycleAction(forward: forward, in: region)
        }
    }

    /// Double tap: in the edit rotor, runs the chosen action.
    @discardableResult
    public func doubleTap() -> Bool {
        guard rotor == .edit, let region = focus else { return false }
        let actions = notebook.editActions(for: region, store: store, pasteboard: pasteboard)
        guard actions.indices.contains(actionIndex) else { return false }
        return actions[actionIndex].handler()
    }

    /// Chooses the edit action named `name` by swiping through the edit rotor, then runs it.
    @discardableResult
    public func runEditAction(named name: String) -> Bool {
        rotor = .edit
        guard let region = focus else { return false }
        let names = notebook.editActions(for: region, store: store, pasteboard: pasteboard).map(\.name)
        guard names.contains(name) else { return false }
        repeat { swipeNext() } while names[max(0, actionIndex)] != name
        return doubleTap()
    }

    private func cycleAction(forward: Bool, in region: TextRegion) {
        let actions = notebook.editActions(for: region, store: store, pasteboard: pasteboard)
        guard !actions.isEmpty else { return transcriptBoundary() }
        actionIndex = forward ? (actionIndex + 1) % actions.count : (actionIndex - 1 + actions.count) % actions.count
        say(actions[actionIndex].name)
    }

    /// Moves one unit inside the region, else follows the text navigation link, else boundary.
    private func step(_ granularity: TextGranularity, forward: Bool, in region: TextRegion) {
        if let next = adjacentUnit(
            granularity, forward: forward, from: current ?? TextRange(region.range.start, region.range.start), in: region)
        {
            current = next
            speak(granularity, next, in: region)
            return
        }
        guard let target = forward ? region.nextTextNavigationElement : region.previousTextNavigationElement else {
            transcriptBoundary()
            return
        }
        focus = target
        // Onto another page: the page turns and is announced once (`Docs/Reading.md`, "Page turns").
        notebook.turnPage(to: target.pageIndex)
        let edge = forward ? target.range.start.offset : max(target.range.start.offset, target.range.end.offset - 1)
        let unit: TextRange?
        if granularity == .line {
            unit = lineRange(in: target, containing: edge)
        } else {
            let probe = TextRange(edge, edge)
            unit =
                forward
                ? (enclosing(granularity, at: edge, forward: true, in: target)
                    ?? adjacentUnit(granularity, forward: true, from: probe, in: target))
                : adjacentUnit(granularity, forward: false, from: TextRange(target.range.end.offset, target.range.end.offset), in: target)
        }
        guard let unit else { return transcriptBoundary() }
        current = unit
        speak(granularity, unit, in: target)
    }

    /// The next (or previous) unit after `current` that lies inside the region.
    private func adjacentUnit(_ granularity: TextGranularity, forward: Bool, from current: TextRange, in region: TextRegion) -> TextRange? {
        let page = region.page
        if granularity == .line {
            guard let index = page.lineIndex(containing: current.start.offset) else { return nil }
            let target = forward ? index + 1 : index - 1
            guard let range = page.lineRange(target), range.start.offset >= region.range.start.offset,
                range.start.offset < region.range.end.offset
            else {
                return nil
            }
            return range
        }
        let tokenizer = page.tokenizer
        if forward {
            guard let end = tokenizer.position(from: current.end, toBoundary: granularity, inDirection: .forward),
                let unit = tokenizer.rangeEnclosingPosition(end, with: granularity, inDirection: .backward),
                unit.start.offset >= current.end.offset || current.isEmpty, unit.end.offset <= region.range.end.offset
            else { return nil }
            return unit
        }
        guard let start = tokenizer.position(from: current.start, toBoundary: granularity, inDirection: .backward),
            let unit = tokenizer.rangeEnclosingPosition(start, with: granularity, inDirection: .forward),
            unit.start.offset >= region.range.start.offset
        else { return nil }
        return unit
    }

    private func enclosing(_ granularity: TextGranularity, at offset: Int, forward: Bool, in region: TextRegion) -> TextRange? {
        region.page.tokenizer.rangeEnclosingPosition(
            TextPosition(offset: offset), with: granularity, inDirection: forward ? .forward : .backward)
    }

    /// Grows the page selection by one unit from the cursor and speaks "<unit> selected".
    private func grow(_ granularity: TextGranularity, in region: TextRegion) {
        let page = region.page
        let anchor = page.selectedTextRange?.start.offset ?? (current?.start.offset ?? region.range.start.offset)
        let from = page.selectedTextRange?.end.offset ?? anchor
        let added: TextRange?
        if granularity == .line {
            let index = page.lineIndex(containing: page.selectedTextRange == nil ? from : max(anchor, from))
            var candidate = index.flatMap { page.lineRange($0) }
            if let range = candidate, range.end.offset <= from, let index { candidate = page.lineRange(index + 1) }
            added = candidate.map { TextRange(from, $0.end.offset) }
        } else {
            added = page.tokenizer.position(from: TextPosition(offset: from), toBoundary: granularity, inDirection: .forward)
                .map { TextRange(from, $0.offset) }
        }
        guard let added, added.end.offset <= region.range.end.offset, !added.isEmpty else { return transcriptBoundary() }
        page.setSelectedTextRange(TextRange(anchor, added.end.offset), origin: .host)
        say("\(trimmed(page.text(in: added))) selected", page: region.pageIndex, range: added)
    }

    /// Takes the last unit off the end of the page selection and speaks "<unit> unselected",
    /// then what stays selected; with nothing selected, the boundary sound.
    private func shrink(_ granularity: TextGranularity, in region: TextRegion) {
        let page = region.page
        guard let selection = page.selectedTextRange, !selection.isEmpty else { return transcriptBoundary() }
        var end = selection.start.offset
        if granularity == .line {
            let index = page.lineIndex(containing: selection.end.offset - 1)
            end = index.flatMap { page.lineRange($0) }.map { max(selection.start.offset, $0.start.offset) } ?? end
        } else if let back = page.tokenizer.position(from: selection.end, toBoundary: granularity, inDirection: .backward) {
            end = max(selection.start.offset, back.offset)
        }
        let removed = TextRange(end, selection.end.offset)
        let remaining = TextRange(selection.start.offset, end)
        page.setSelectedTextRange(remaining.isEmpty ? nil : remaining, origin: .host)
        say("\(trimmed(page.text(in: removed))) unselected", page: region.pageIndex, range: removed)
        if !remaining.isEmpty { say("\(trimmed(page.text(in: remaining))) selected", page: region.pageIndex, range: remaining) }
    }

    private func trimmed(_ text: String?) -> String { (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

    // MARK: Scrolling

    /// Three-finger swipe: turns to the next (`forward`) or previous page, announcing it, or
    /// plays the boundary sound at the end. Focus goes to the new page: the next swipe starts on
    /// its first element.
    public func scroll(forward: Bool) {
        guard notebook.accessibilityScroll(forward ? .next : .previous) else { return transcriptBoundary() }
        focus = nil
        current = nil
    }

    /// What VoiceOver says over the current page of an app that shows the scan as a picture
    /// with a heading label, before it adopts text input: the heading, then "Image".
    public func speakPageWithoutTextInput() {
        if let heading = notebook.regions[notebook.currentPageIndex].first(where: \.isHeading) { say("\(heading.text). Heading.") }
        say("Image")
    }

    // MARK: Read all

    /// Speak Screen / two-finger swipe down: reads every line from the top of the current page;
    /// at the end of a page whose last region causes a page turn it scrolls to the next page
    /// (the announcement is spoken) and goes on; it stops at the end of the notebook or at a
    /// page without the page-turn trait.
    public func readAll(_ mode: ReadAllMode = .voiceOver) {
        while true {
            let pageIndex = notebook.currentPageIndex
            readLines(ofPage: pageIndex, mode)
            guard let last = notebook.regions[pageIndex].last, last.traits.contains(.causesPageTurn),
                notebook.accessibilityScroll(.next)
            else { return }
        }
    }

    /// What ``readAll(_:)`` says of page `index` (0-based) alone, when it reaches that page:
    /// the turn to it (announced, unless it is the current page), then its lines. A host that
    /// speaks one page of a notebook reads only that page, and says what the whole read-all
    /// would have said there (`Docs/Reading.md`, "Read-all").
    public func readAll(_ mode: ReadAllMode = .voiceOver, page index: Int) {
        guard notebook.regions.indices.contains(index) else { return }
        notebook.turnPage(to: index)
        readLines(ofPage: index, mode)
    }

    /// Every line of every region of page `pageIndex`, in reading order.
    private func readLines(ofPage pageIndex: Int, _ mode: ReadAllMode) {
        for region in notebook.regions[pageIndex] {
            focus = region
            var line = lineRange(in: region, containing: region.range.start.offset)
            while let range = line {
                current = range
                speakLine(range, in: region, traits: mode == .voiceOver)
                line = adjacentUnit(.line, forward: true, from: range, in: region)
            }
        }
    }

    // MARK: Speech

    private func lineRange(in region: TextRegion, containing offset: Int) -> TextRange? {
        guard let index = region.page.lineIndex(containing: offset) else { return nil }
        return region.page.lineRange(index)
    }

    private func speakLine(_ range: TextRange?, in region: TextRegion, traits: Bool = true) {
        guard let range else { return }
        let text = region.page.text(in: range) ?? ""
        // Speak Screen reads a heading's text alone, where VoiceOver adds its trait; the
        // sentence end it pauses at is the full stop ("Midday.").
        say(region.isHeading ? (traits ? "\(text). Heading." : "\(text).") : text, page: region.pageIndex, range: range)
    }

    func speak(_ granularity: TextGranularity, _ range: TextRange, in region: TextRegion) {
        if granularity == .line { return speakLine(range, in: region) }
        let text = region.page.text(in: range) ?? ""
        say(text == " " ? "space" : text, page: region.pageIndex, range: range)
    }
}

/// Passes notifications on and lets the screen reader hear them.
final class ForwardingNotifier: AccessibilityNotifier {
    let inner: any AccessibilityNotifier
    var onPost: ((AccessibilityNotification) -> Void)?
    init(inner: any AccessibilityNotifier) { self.inner = inner }
    func post(_ notification: AccessibilityNotification) {
        inner.post(notification)
        onPost?(notification)
    }
}
