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

    /// `legible read PAGE.json... [--all] [--rotor lines|words|characters] [--no-links] [--no-page-turn]`
    ///
    /// Prints what a screen reader says, one utterance per line. Without `--all` it focuses the
    /// first element and swipes next with the rotor until it hears the boundary sound; with
    /// `--all` it reads all from the top of the first page, turning pages when it may.
    static func read(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: ["--rotor"], flagNames: ["--all", "--no-links", "--no-page-turn"])
        guard !parsed.positionals.isEmpty else {
            throw CLIError.usage("usage: legible read PAGE.json... [--all] [--rotor lines|words|characters] [--no-links] [--no-page-turn]")
        }
        let notebook = try notebook(parsed.positionals, links: !parsed.has("--no-links"), pageTurn: !parsed.has("--no-page-turn"))
        let reader = ScreenReader(notebook: notebook)
        if parsed.has("--all") {
            reader.readAll()
        } else {
            let rotors: [String: ScreenReader.Rotor] = ["lines": .lines, "words": .words, "characters": .characters]
            guard let rotor = rotors[parsed.value("--rotor") ?? "lines"] else {
                throw CLIError.usage("--rotor takes lines, words or characters")
            }
            reader.rotor = rotor
            guard let first = notebook.allRegions.first else { return 0 }
            reader.focus(on: first)
            let limit = notebook.pages.reduce(0) { $0 + $1.length } + 2
            for _ in 0..<limit where reader.transcript.last != ScreenReader.boundary { reader.swipeNext() }
        }
        try Console.out(reader.transcript.joined(separator: "\n") + "\n")
        return 0
    }

    static func store(_ parsed: Arguments) -> ClippingsStore {
        ClippingsStore(url: parsed.value("--store").map { URL(fileURLWithPath: $0) } ?? ClippingsStore.defaultURL)
    }

    /// `legible save PAGE.json START END [--store FILE] [--repeat N]`
    ///
    /// Selects `[START, END)` and runs the "Save selection" edit action. Prints `saved <id>`
    /// once the clipping is on disk (fsynced), for each repetition.
    static func save(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: ["--store", "--repeat"], flagNames: [])
        guard parsed.positionals.count == 3 else {
            throw CLIError.usage("usage: legible save PAGE.json START END [--store FILE] [--repeat N]")
        }
        let notebook = try notebook([parsed.positionals[0]], links: false, pageTurn: false)
        let page = notebook.pages[0]
        let range = try QueryCommands.range(parsed.positionals[1], parsed.positionals[2], page: page)
        guard !range.isEmpty else { throw CLIError.badData("the range is empty: nothing to save") }
        let store = store(parsed)
        let repetitions = try parsed.integer("--repeat", in: 1...1_000_000) ?? 1
        page.setSelectedTextRange(range, origin: .host)
        let region = notebook.region(onPage: 0, containing: range.start.offset)!
        let save = notebook.editActions(for: region, store: store, pasteboard: MemoryPasteboard()).first { $0.name == "Save selection" }!
        for _ in 0..<repetitions {
            guard save.handler() else {
                let failure = store.lastFailure
                throw CLIError(
                    code: failure?.kind == .notAStore ? 65 : 74, message: failure?.description ?? "could not save to \(store.url.path)")
            }
            // Acknowledge only after the clipping is fsynced (append returned).
            try Console.out("saved \(store.lastAppended?.id ?? "?")\n")
        }
        return 0
    }

    /// `legible clippings [--json] [--store FILE]`: lists saved clippings. A listing never
    /// changes the store: a torn last entry (a writer killed mid-write) is reported on stderr
    /// and left for the next save to remove (`Docs/Reading.md`, "Clippings store").
    static func clippings(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: ["--store"], flagNames: ["--json"])
        guard parsed.positionals.isEmpty else { throw CLIError.usage("usage: legible clippings [--json] [--store FILE]") }
        let store = store(parsed)
        try InputFile.checkReadable(store.url.path, allowMissing: true)
        let contents: ClippingsStore.Contents
        do {
            contents = try store.read()
        } catch let error as ClippingsStore.StoreError {
            throw CLIError(code: error.kind == .notAStore ? 65 : 74, message: error.description)
        }
        if contents.tornTailBytes > 0 {
            Console.message(
                "the last \(contents.tornTailBytes) bytes of \(store.url.path) are an unfinished entry (a save was interrupted); the next save removes them"
            )
        }
        if !contents.invalidLines.isEmpty {
            Console.message("skipped invalid lines \(contents.invalidLines.map(String.init).joined(separator: ", ")) of \(store.url.path)")
        }
        if parsed.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Console.out(try encoder.encode(contents.clippings) + Data("\n".utf8))
        } else {
            for clipping in contents.clippings {
                let range = clipping.range.count == 2 ? "[\(clipping.range[0]), \(clipping.range[1]))" : "\(clipping.range)"
                try Console.out("\(clipping.page ?? "page \(clipping.pageIndex + 1)") \(range): \(clipping.text)\n")
            }
        }
        return 0
    }
}
