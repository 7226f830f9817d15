import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTextInput

/// `legible read`, `legible save` and `legible clippings`: the reading layer from the command
/// line.
enum ReadCommands {
    static func notebook(_ paths: [String], links: Bool, pageTurn: Bool) throws -> Notebook {
        let pages = try paths.map(QueryCommands.loadPage)
        let notebook = Notebook(pages: pages)
        if links { notebook.linkRegions() }
        notebook.setPageTurning(pageTurn)
        return notebook
    }

    /// `--rotor`: what a swipe moves by.
    enum Rotor: String, OptionChoice {
        case lines, words, characters
        var value: ScreenReader.Rotor {
            switch self {
            case .lines: return .lines
            case .words: return .words
            case .characters: return .characters
            }
        }
    }

    static let readSpec = CommandSpec(
        name: "read", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Prints what a screen reader says over the notebook, one utterance per line.",
        options: [
            OptionSpec("--all", help: "read all from the top of the first page, turning pages"),
            OptionSpec("--rotor", kind: .choice(Rotor.names), help: "without --all, swipe next by this unit (default lines)"),
            OptionSpec("--no-links", help: "do not link paragraphs across pages"),
            OptionSpec("--no-page-turn", help: "no page-turn trait on each page's last paragraph"),
        ], run: read)

    /// Without `--all` it focuses the first element and swipes next with the rotor until it
    /// hears the boundary sound; with `--all` it reads all from the top of the first page,
    /// turning pages when it may.
    static func read(_ command: ParsedCommand) throws -> Int32 {
        let notebook = try notebook(command.positionals, links: !command.flag("--no-links"), pageTurn: !command.flag("--no-page-turn"))
        let reader = ScreenReader(notebook: notebook)
        if command.flag("--all") {
            reader.readAll()
        } else if let first = notebook.allRegions.first {
            reader.rotor = (command.choice("--rotor", as: Rotor.self) ?? .lines).value
            reader.focus(on: first)
            let limit = notebook.pages.reduce(0) { $0 + $1.length } + 2
            for _ in 0..<limit where reader.transcript.last != ScreenReader.boundary { reader.swipeNext() }
        }
        try Console.out(reader.transcript.joined(separator: "\n") + "\n")
        return 0
    }

    static let storeOption = OptionSpec(
        "--store", kind: .text("FILE"), help: "the clippings store (default $LEGIBLE_CLIPPINGS or ~/.local/share/legible/clippings.jsonl)")

    static func store(_ command: ParsedCommand) -> ClippingsStore {
        ClippingsStore(url: command.text("--store").map { URL(fileURLWithPath: $0) } ?? ClippingsStore.defaultURL)
    }

    static let saveSpec = CommandSpec(
        name: "save", arguments: "PAGE.json START END", positionalCount: 3...3,
        summary: "Selects [START, END) and runs \"Save selection\"; prints `saved <id>` once the clipping is on disk.",
        options: [storeOption, OptionSpec("--repeat", kind: .integer("N", 1...1_000_000), help: "save N times (for durability tests)")],
        run: save)

    static func save(_ command: ParsedCommand) throws -> Int32 {
        let notebook = try notebook([command.positionals[0]], links: false, pageTurn: false)
        let page = notebook.pages[0]
        let range = try QueryCommands.range(command.positionals[1], command.positionals[2], page: page)
        guard !range.isEmpty else { throw CLIError.badData("the range is empty: nothing to save") }
        let store = store(command)
        page.setSelectedTextRange(range, origin: .host)
        guard let region = notebook.region(onPage: 0, containing: range.start.offset) else {
            throw CLIError.badData("the page has no text region to save from")
        }
        let save = notebook.editAction(.saveSelection, for: region, store: store, pasteboard: MemoryPasteboard())
        for _ in 0..<(command.integer("--repeat") ?? 1) {
            guard save.handler() else { throw store.lastFailure.map(CLIError.init) ?? CLIError.io("could not save to \(store.url.path)") }
            // Acknowledge only after the clipping is fsynced (append returned).
            try Console.out("saved \(store.lastAppended?.id ?? "?")\n")
        }
        return 0
    }

    static let clippingsSpec = CommandSpec(
        name: "clippings", arguments: "", positionalCount: 0...0,
        summary: "Lists saved clippings; never changes the store.",
        options: [OptionSpec("--json", help: "print the clippings as a JSON array"), storeOption], run: clippings)

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
        if command.flag("--json") {
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
