import Foundation
import LegibleCommandLine
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// `legible read`, `legible save` and `legible clippings`: the reading layer from the command
/// line.
package enum ReadCommands {
    /// `--rotor`: what a swipe moves by.
    enum Rotor: String, OptionChoice {
        case lines, words, characters, uncertain
        var value: ScreenReader.Rotor {
            switch self {
            case .lines: return .lines
            case .words: return .words
            case .characters: return .characters
            case .uncertain: return .uncertain
            }
        }
    }

    static let readSpec = CommandSpec(
        name: "read", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Prints what a screen reader says over the notebook, one utterance per line.",
        options: [
            all.spec, speakScreen.spec, rotor.spec, from.spec, script.spec, ranges.spec, noLinks.spec, noPageTurn.spec, storeFile.spec,
        ], run: read)

    /// With `--script` it replays the gestures; with `--all` it reads all from the top of the
    /// first (or `--from`) page, turning pages when it may; otherwise it focuses the first (or
    /// `--from`) element and swipes next with the rotor until it hears the boundary sound.
    static func read(_ command: ParsedCommand) throws -> Int32 {
        let notebook = try PageDocuments.notebook(command.positionals, links: !command[noLinks], pageTurn: !command[noPageTurn])
        let reader = ScreenReader(notebook: notebook, store: store(command))
        let from = try command[from].map(startGesture)
        if let path = command[script] {
            try NotebookReading.replay(try script(path), by: reader, named: path == "-" ? "stdin" : path)
        } else if command[all] {
            NotebookReading.readAll(by: reader, from: from, mode: command[speakScreen] ? .speakScreen : .voiceOver)
        } else {
            NotebookReading.swipeToBoundary(by: reader, rotor: (command[rotor] ?? .lines).value, from: from)
        }
        let lines = reader.utterances.map { command[ranges] ? rangeLabel($0) + "\t" + $0.text : $0.text }
        try Console.out(lines.joined(separator: "\n") + "\n")
        return 0
    }

    /// `PAGE:START-END` of an utterance's text (1-based page, UTF-16 offsets), or `-`.
    static func rangeLabel(_ utterance: ScreenReader.Utterance) -> String {
        guard let page = utterance.pageIndex, let range = utterance.range else { return "-" }
        return "\(page + 1):\(range.start.offset)-\(range.end.offset)"
    }

    /// `--from PAGE[:LINE]` as a start gesture; 64 when it does not parse.
    static func startGesture(_ text: String) throws -> Gesture {
        do {
            return try Gesture.parse("start \(text)").first ?? .start(page: 1, line: nil)
        } catch {
            throw CLIError.usage("--from takes PAGE or PAGE:LINE, 1-based, not \(text)")
        }
    }

    /// The gestures of a script file (or stdin for `-`); 65 naming the first bad line.
    static func script(_ path: String) throws -> [Gesture] {
        let data = try InputFile.readFileOrStandardInput(path, what: "a gesture script")
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError.badData("\(path): the script is not UTF-8 text") }
        do {
            return try Gesture.parse(text)
        } catch {
            throw CLIError.badData("\(path == "-" ? "stdin" : path): \(error)")
        }
    }

    package static func store(_ command: ParsedCommand) -> ClippingsStore {
        ClippingsStore(url: command[storeFile].map { URL(fileURLWithPath: $0) } ?? ClippingsStore.defaultURL)
    }

    static let saveSpec = CommandSpec(
        name: "save", arguments: "PAGE.json... START END", positionalCount: 3...Int.max,
        summary: "Selects [START, END) of a page and runs \"Save selection\"; prints `saved <id>` once the clipping is on disk.",
        options: [
            page.spec,
            storeFile.spec, repetitions.spec,
        ], run: save)

    /// The clipping records the page's place in the notebook given (`--page`), so a clipping
    /// from page 3 says page index 2.
    static func save(_ command: ParsedCommand) throws -> Int32 {
        let arguments = command.positionals
        let notebook = try PageDocuments.notebook(Array(arguments.dropLast(2)), links: false, pageTurn: false)
        let pageIndex = (command[page] ?? 1) - 1
        guard notebook.pages.indices.contains(pageIndex) else {
            throw command.usageError("--page \(pageIndex + 1) is not a page of this notebook (1...\(notebook.pages.count))")
        }
        let page = notebook.pages[pageIndex]
        let range = try QueryCommands.range(arguments[arguments.count - 2], arguments[arguments.count - 1], page: page)
        guard !range.isEmpty else { throw CLIError.badData("the range is empty: nothing to save") }
        let store = store(command)
        page.setSelectedTextRange(range, origin: .host)
        guard let region = notebook.region(onPage: pageIndex, containing: range.start.offset) else {
            throw CLIError.badData("the page has no text region to save from")
        }
        let save = notebook.editAction(.saveSelection, for: region, store: store, pasteboard: MemoryPasteboard())
        for _ in 0..<(command[repetitions] ?? 1) {
            guard save.handler() else { throw store.lastFailure.map(CLIError.init) ?? CLIError.io("could not save to \(store.url.path)") }
            // Acknowledge only after the clipping is fsynced (append returned).
            try Console.out("saved \(store.lastAppended?.id ?? "?")\n")
        }
        return 0
    }

    static let clippingsSpec = CommandSpec(
        name: "clippings", arguments: "", positionalCount: 0...0,
        summary: "Lists saved clippings; never changes the store.",
        options: [json.spec, storeFile.spec], run: clippings)

    /// `legible clippings [--json] [--store FILE]`: lists saved clippings. A listing never
    /// changes the store: a torn last entry (a writer killed mid-write) is reported on stderr
    /// and left for the next save to remove (`Docs/Reading.md`, "Clippings store").
    static func clippings(_ command: ParsedCommand) throws -> Int32 {
        let store = store(command)
        try InputFile.checkReadable(store.url.path, allowMissing: true)
        let contents = try store.read()
        if contents.tornTailBytes > 0 {
            Console.message(
                "the last \(contents.tornTailBytes) bytes of \(store.url.path) are an unfinished entry (a save was interrupted); the next save removes them"
            )
        }
        if !contents.invalidLines.isEmpty {
            Console.message("skipped invalid lines \(contents.invalidLines.map(String.init).joined(separator: ", ")) of \(store.url.path)")
        }
        if command[json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            try Console.out(try encoder.encode(contents.clippings) + Data("\n".utf8))
        } else {
            for clipping in contents.clippings {
                let range = "[\(clipping.range.start), \(clipping.range.end))"
                try Console.out("\(clipping.page ?? "page \(clipping.pageIndex + 1)") \(range): \(clipping.text)\n")
            }
        }
        return 0
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension ReadCommands {
    /// `--all`.
    static let all: Option<Bool> = .flag("--all", help: "read all from the top of the first page (or the --from page), turning pages")
    /// `--speak-screen`.
    static let speakScreen: Option<Bool> = .flag("--speak-screen", help: "with --all, read as Speak Screen does: text without traits")
    /// `--rotor`.
    static let rotor: Option<Rotor?> = .choice("--rotor", of: Rotor.self, help: "without --all, swipe next by this unit (default lines)")
    /// `--from`.
    static let from: Option<String?> = .text("--from", placeholder: "PAGE[:LINE]", help: "start at this page (and line), 1-based")
    /// `--script`.
    static let script: Option<String?> = .text(
        "--script", placeholder: "FILE|-", help: "replay the gestures in FILE (- for stdin); see Docs/Reading.md")
    /// `--ranges`.
    static let ranges: Option<Bool> = .flag(
        "--ranges", help: "prefix each utterance with PAGE:START-END (UTF-16) of the text it speaks, or -")
    /// `--no-links`.
    static let noLinks: Option<Bool> = .flag("--no-links", help: "do not link paragraphs across pages")
    /// `--no-page-turn`.
    static let noPageTurn: Option<Bool> = .flag("--no-page-turn", help: "no page-turn trait on each page's last paragraph")
    /// `--store`.
    static let storeFile: Option<String?> = .text(
        "--store", placeholder: "FILE", help: "the clippings store (default $LEGIBLE_CLIPPINGS or ~/.local/share/legible/clippings.jsonl)")
    /// `--page`.
    static let page: Option<Int?> = .integer(
        "--page", placeholder: "N", range: 1...1_000_000, help: "the page of the notebook to select on, 1-based (default 1)")
    /// `--repeat`.
    static let repetitions: Option<Int?> = .integer(
        "--repeat", placeholder: "N", range: 1...1_000_000, help: "save N times (for durability tests)")
    /// `--json`.
    static let json: Option<Bool> = .flag("--json", help: "print the clippings as a JSON array")
}
