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
        print(reader.transcript.joined(separator: "\n"))
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
            guard save.handler() else { throw CLIError.io("could not save to \(store.url.path)") }
            // Acknowledge only after the clipping is fsynced (append returned).
            FileHandle.standardOutput.write(Data("saved \(store.lastAppended?.id ?? "?")\n".utf8))
        }
        return 0
    }

    /// `legible clippings [--json] [--store FILE]`: lists saved clippings; a torn last entry (a
    /// writer killed mid-write) is reported on stderr and repaired.
    static func clippings(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: ["--store"], flagNames: ["--json"])
        guard parsed.positionals.isEmpty else { throw CLIError.usage("usage: legible clippings [--json] [--store FILE]") }
        let store = store(parsed)
        let contents: ClippingsStore.Contents
        do {
            let repaired = try store.repair()
            if repaired > 0 {
                FileHandle.standardError.write(
                    Data("legible: repaired a torn last entry in \(store.url.path) (\(repaired) bytes of an unfinished save)\n".utf8))
            }
            contents = try store.read()
        } catch let error as ClippingsStore.StoreError {
            throw CLIError.io(error.description)
        }
        if !contents.invalidLines.isEmpty {
            FileHandle.standardError.write(
                Data(
                    "legible: skipped invalid lines \(contents.invalidLines.map(String.init).joined(separator: ", ")) of \(store.url.path)\n"
                        .utf8))
        }
        if parsed.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(contents.clippings) + Data("\n".utf8))
        } else {
            for clipping in contents.clippings {
                print("\(clipping.page ?? "page \(clipping.pageIndex + 1)") [\(clipping.range[0]), \(clipping.range[1])): \(clipping.text)")
            }
        }
        return 0
    }
}
