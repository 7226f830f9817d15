import Foundation
import LegiblePages
import LegibleTextInput

/// Drives a notebook the way VoiceOver and Speak Screen do, and writes down what they would
/// say: one transcript entry per utterance, `[boundary]` for the boundary sound, and
/// announcements as spoken ("Page 2 of 3", "Text saved").
///
/// - Rotors: lines, words, characters (navigation); text selection by word or by line (each
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
        case selectByWord, selectByLine
        case edit
    }

    /// The notebook being read.
    public let notebook: Notebook
    /// Everything spoken so far, in order.
    public private(set) var transcript: [String] = []
    /// The current rotor.
    public var rotor: Rotor = .lines {
        didSet {
            actionIndex = -1
            // A new rotor starts moving from the cursor, the start of the unit last spoken.
            if rotor != oldValue, rotor != .edit { current = current.map { TextRange($0.start, $0.start) } }
        }
    }
    /// The focused region.
    public private(set) var focus: TextRegion?
    /// The unit last spoken in the focused region (UTF-16 range of its page).
    public private(set) var current: TextRange?
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
        case .pageScrolled(let text): if let text { transcript.append(text) }
        case .announcement(let text): transcript.append(text)
        case .layoutChanged: break
        }
    }

    private func say(_ text: String) { transcript.append(text) }

    // MARK: Focus

    /// Puts focus on the first line of `region` and speaks it.
    public func focus(on region: TextRegion) {
        focus = region
        notebook.show(pageIndex: region.pageIndex)
        let line = lineRange(in: region, containing: region.range.start.offset)
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
        case .selectByWord: grow(.word, in: region)
        case .selectByLine: grow(.line, in: region)
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
        guard !actions.isEmpty else { return say(Self.boundary) }
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
            say(Self.boundary)
            return
        }
        focus = target
        notebook.show(pageIndex: target.pageIndex)
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
        guard let unit else { return say(Self.boundary) }
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
        guard let added, added.end.offset <= region.range.end.offset, !added.isEmpty else { return say(Self.boundary) }
        page.setSelectedTextRange(TextRange(anchor, added.end.offset), origin: .host)
        let text = (page.text(in: added) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        say("\(text) selected")
    }

    // MARK: Read all

    /// Speak Screen / two-finger swipe down: reads every line from the top of the current page;
    /// at the end of a page whose last region causes a page turn it scrolls to the next page
    /// (the announcement is spoken) and goes on; it stops at the end of the notebook or at a
    /// page without the page-turn trait.
    public func readAll() {
        var pageIndex = notebook.currentPageIndex
        while true {
            for region in notebook.regions[pageIndex] {
                focus = region
                var line = lineRange(in: region, containing: region.range.start.offset)
                while let range = line {
                    current = range
                    speakLine(range, in: region)
                    line = adjacentUnit(.line, forward: true, from: range, in: region)
                }
            }
            guard let last = notebook.regions[pageIndex].last, last.traits.contains(.causesPageTurn),
                notebook.accessibilityScroll(.next)
            else { return }
            pageIndex = notebook.currentPageIndex
        }
    }

    // MARK: Speech

    private func lineRange(in region: TextRegion, containing offset: Int) -> TextRange? {
        guard let index = region.page.lineIndex(containing: offset) else { return nil }
        return region.page.lineRange(index)
    }

    private func speakLine(_ range: TextRange?, in region: TextRegion) {
        guard let range else { return }
        let text = region.page.text(in: range) ?? ""
        say(region.isHeading ? "\(text). Heading." : text)
    }

    private func speak(_ granularity: TextGranularity, _ range: TextRange, in region: TextRegion) {
        if granularity == .line { return speakLine(range, in: region) }
        let text = region.page.text(in: range) ?? ""
        say(text == " " ? "space" : text)
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
