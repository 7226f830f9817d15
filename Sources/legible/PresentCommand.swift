import Foundation
import LegibleATSPI
import LegibleReading

/// `legible present PAGE.json...`: the notebook on the accessibility bus, so Orca and any
/// AT-SPI client read it (`Docs/ATSPI.md`). Every document is read and checked before anything
/// is registered, so a bad document exits 65 with nothing on the bus.
enum PresentCommand {
    static let spec = CommandSpec(
        name: "present", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary:
            "Serves the notebook on the accessibility bus (AT-SPI) until SIGINT, SIGTERM or the end of stdin; prints `ready` once clients can see it.",
        options: [
            ReadCommands.storeOption,
            OptionSpec("--title", kind: .text("TEXT"), help: "the document's name (default: the first page's name and the page count)"),
        ], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let pages = try command.positionals.map(QueryCommands.loadPage)
        let notebook = Notebook(pages: pages)
        let title = command.text("--title") ?? Notebook.defaultTitle(for: notebook)
        let tree = AccessibleNotebook(notebook: notebook, title: title, store: ReadCommands.store(command))
        let bridge = ATSPIBridge(tree: tree)
        try bridge.start()
        try Console.out("ready\n")
        bridge.run()
        return 0
    }
}
