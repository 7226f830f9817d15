import Foundation

/// A user's actions for ``ScreenReader``, one per line, in the small language of
/// `legible read --script` (`Docs/Reading.md`, "Scripted gestures"):
///
/// ```
/// # a comment; blank lines are ignored
/// start 1            # focus page 1's first element (start PAGE[:LINE], 1-based)
/// start 2:3          # focus the element holding page 2's third line
/// touch 300 420      # touch the current page at image pixels x y
/// rotor words        # lines | words | characters | uncertain | select-word | select-line | edit
/// next               # swipe down (next), optionally `next 3`
/// previous           # swipe up (previous), optionally `previous 2`
/// scroll down        # three-finger scroll: down shows the next page, up the previous
/// double-tap         # run the edit rotor's current action
/// save               # choose "Save selection" in the edit rotor and run it
/// read-all voiceover # read-all from the top of the current page: voiceover | speak-screen
/// links off          # link paragraphs across pages (on) or not (off)
/// page-turn off      # the page-turn trait on each page's last paragraph (on) or not (off)
/// without-text-input # what VoiceOver says over the page as a plain picture
/// ```
public enum Gesture: Equatable, Sendable {
    /// Focus the element holding `line` (1-based; `nil`: the first element) of `page` (1-based).
    case start(page: Int, line: Int?)
    /// Touch the current page at a point in image pixels.
    case touch(x: Double, y: Double)
    /// Set the rotor.
    case rotor(ScreenReader.Rotor)
    /// Swipe `count` times, down (`forward`) or up.
    case swipe(forward: Bool, count: Int)
    /// Three-finger scroll to the next (`forward`) or previous page.
    case scroll(forward: Bool)
    /// Double tap.
    case doubleTap
    /// "Save selection" from the edit rotor.
    case save
    /// Read-all in `mode`.
    case readAll(ScreenReader.ReadAllMode)
    /// Link the regions across pages, or unlink them.
    case links(Bool)
    /// Put the page-turn trait on each page's last region, or take it off.
    case pageTurn(Bool)
    /// Speak the page as an app without text input shows it.
    case withoutTextInput
}

/// A script line that is not a gesture: its 1-based number and why.
public struct GestureScriptError: Error, CustomStringConvertible, Sendable {
    /// The 1-based line number.
    public var line: Int
    /// What is wrong with it.
    public var reason: String
    /// "script line N: reason".
    public var description: String { "script line \(line): \(reason)" }
}

extension Gesture {
    /// The rotor names of the script language.
    static let rotors: [String: ScreenReader.Rotor] = [
        "lines": .lines, "words": .words, "characters": .characters, "uncertain": .uncertain, "select-word": .selectByWord,
        "select-line": .selectByLine, "edit": .edit,
    ]

    /// The most swipes and other gestures a script may ask for in all, counts included: each
    /// may add an utterance, so a script can neither run for hours nor fill memory.
    public static let maximumGestures = 1_000_000

    /// The most utterances a script may cause on its notebook (``utteranceBound(of:on:)``).
    public static let maximumUtterances = 2_000_000

    /// An upper bound of what `gestures` can speak on `notebook`: a read-all speaks at most
    /// every line and heading of the notebook and each page's announcement; a save, each edit
    /// action's name and its announcement; any other gesture, and each swipe of a count, one
    /// utterance and perhaps a page announcement. A read-all is
    /// therefore not one gesture but the notebook's size, so a script of many read-alls is
    /// bounded by the work it does (`Docs/Reading.md`, "Scripted gestures").
    public static func utteranceBound(of gestures: [Gesture], on notebook: Notebook) -> Int {
        let readAll = notebook.pages.reduce(0) { $0 + $1.lineCount } + notebook.allRegions.count + 2 * notebook.pages.count
        var total = 0
        for gesture in gestures {
            switch gesture {
            case .swipe(_, let count): total += 2 * count
            case .readAll: total += readAll
            // "Save selection" swipes through the edit rotor, saying each action's name, then
            // runs it and hears "Text saved".
            case .save: total += EditAction.allCases.count + 2
            default: total += 2
            }
            if total > maximumUtterances { return total }
        }
        return total
    }

    /// Every gesture of `script`, or the first bad line's error. The whole script is checked
    /// before anything runs, including its total against ``maximumGestures``.
    public static func parse(_ script: String) throws(GestureScriptError) -> [Gesture] {
        var gestures: [Gesture] = []
        var total = 0
        // "\r\n" is one Character in Swift, so a split at "\n" alone kept a CRLF script as one line.
        let lines = script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            do throws(Reason) {
                let gesture = try gesture(verb, Array(words.dropFirst()))
                if case .swipe(_, let count) = gesture { total += count } else { total += 1 }
                guard total <= maximumGestures else { throw Reason(text: "the script asks for more than \(maximumGestures) gestures") }
                gestures.append(gesture)
            } catch let reason {
                throw GestureScriptError(line: index + 1, reason: reason.text)
            }
        }
        return gestures
    }

    struct Reason: Error {
        var text: String
    }

    static func gesture(_ verb: String, _ arguments: [String]) throws(Reason) -> Gesture {
        func argumentCount(_ range: ClosedRange<Int>) throws(Reason) {
            guard range.contains(arguments.count) else {
                throw Reason(
                    text:
                        "\(verb) takes \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)") argument(s)"
                )
            }
        }
        func choice<T>(_ table: [String: T]) throws(Reason) -> T {
            try argumentCount(1...1)
            guard let value = table[arguments[0]] else {
                throw Reason(text: "\(verb) takes one of \(table.keys.sorted().joined(separator: ", "))")
            }
            return value
        }
        switch verb {
        case "start":
            try argumentCount(1...1)
            return try start(arguments[0])
        case "touch":
            try argumentCount(2...2)
            guard let x = Double(arguments[0]), let y = Double(arguments[1]), abs(x) <= 1_000_000, abs(y) <= 1_000_000 else {
                throw Reason(text: "touch takes x and y in image pixels within ±1000000")
            }
            return .touch(x: x, y: y)
        case "rotor": return .rotor(try choice(rotors))
        case "next", "previous":
            try argumentCount(0...1)
            let count = arguments.first.map { Int($0) } ?? 1
            guard let count, (1...100_000).contains(count) else { throw Reason(text: "\(verb) takes a count in 1...100000") }
            return .swipe(forward: verb == "next", count: count)
        case "scroll": return .scroll(forward: try choice(["down": true, "up": false]))
        case "double-tap":
            try argumentCount(0...0)
            return .doubleTap
        case "save":
            try argumentCount(0...0)
            return .save
        case "read-all": return .readAll(try choice(["voiceover": .voiceOver, "speak-screen": .speakScreen]))
        case "links": return .links(try choice(["on": true, "off": false]))
        case "page-turn": return .pageTurn(try choice(["on": true, "off": false]))
        case "without-text-input":
            try argumentCount(0...0)
            return .withoutTextInput
        default: throw Reason(text: "unknown gesture \"\(verb)\"")
        }
    }

    /// `PAGE` or `PAGE:LINE`, both 1-based.
    static func start(_ text: String) throws(Reason) -> Gesture {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let page = Int(parts[0]), page >= 1 else { throw Reason(text: "start takes PAGE or PAGE:LINE, 1-based") }
        guard parts.count == 2 else { return .start(page: page, line: nil) }
        guard let line = Int(parts[1]), line >= 1 else { throw Reason(text: "start takes PAGE or PAGE:LINE, 1-based") }
        return .start(page: page, line: line)
    }
}

extension ScreenReader {
    /// Performs one gesture. A start outside the notebook, or a touch over a margin, plays the
    /// boundary sound.
    public func perform(_ gesture: Gesture) {
        switch gesture {
        case .start(let page, let line): start(page: page - 1, line: line.map { $0 - 1 })
        case .touch(let x, let y): if !touch(at: CGPoint(x: x, y: y)) { transcriptBoundary() }
        case .rotor(let rotor): self.rotor = rotor
        case .swipe(let forward, let count): for _ in 0..<count { forward ? swipeNext() : swipePrevious() }
        case .scroll(let forward): scroll(forward: forward)
        case .doubleTap: doubleTap()
        case .save: runEditAction(named: EditAction.saveSelection.name)
        case .readAll(let mode): readAll(mode)
        case .links(let on): on ? notebook.linkRegions() : notebook.unlinkRegions()
        case .pageTurn(let on): notebook.setPageTurning(on)
        case .withoutTextInput: speakPageWithoutTextInput()
        }
    }

    /// Focuses the element holding line `line` (0-based; `nil`: the first element) of page
    /// `page` (0-based), turning to that page.
    public func start(page: Int, line: Int?) {
        guard notebook.pages.indices.contains(page) else { return transcriptBoundary() }
        let pageView = notebook.pages[page]
        let offset = line.flatMap { pageView.lineRange($0)?.start.offset } ?? 0
        guard line == nil || pageView.lineRange(line!) != nil, let region = notebook.region(onPage: page, containing: offset) else {
            return transcriptBoundary()
        }
        focus(on: region, at: offset)
    }
}
