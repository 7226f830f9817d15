import Foundation
import LegibleATSPI
import LegibleDesktop
import LegibleReading

/// `legible view PAGE.json...`: the notebook in a window, one page at a time, with a caret and
/// selection on the handwriting, read by Orca through the page's accessible (`Docs/Viewer.md`).
enum ViewCommand {
    static let spec = CommandSpec(
        name: "view", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Opens a window on the notebook: the scan, a caret and selection on the ink; prints `ready` once a page is drawn.",
        options: [
            ReadCommands.storeOption,
            OptionSpec("--title", kind: .text("TEXT"), help: "the notebook's name in the title bar"),
            OptionSpec("--scans", kind: .text("DIR"), repeatable: true, help: "a folder to look for scans in, after each document's own"),
        ], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let paths = command.positionals
        let pages = try paths.map(QueryCommands.loadPage)
        var scans: [String?] = []
        for (path, page) in zip(paths, pages) {
            scans.append(try HTMLCommand.Scan.find(for: page, documentPath: path, searching: command.texts("--scans")).path)
        }
        let notebook = Notebook(pages: pages)
        let title = command.text("--title") ?? Notebook.defaultTitle(for: notebook)
        let tree = AccessibleNotebook(notebook: notebook, title: title, store: ReadCommands.store(command))
        let viewer = PageViewer(tree: tree, title: title, imagePaths: scans)
        viewer.onFirstDraw = { try? Console.out("ready\n") }
        try viewer.open()
        viewer.run()
        return 0
    }
}
