/// `legible view PAGE.json...`: the notebook in a window, one page at a time, with a caret and
/// selection on the handwriting, read by Orca through the page's accessible (`Docs/Viewer.md`).
/// Declared here for parsing and help; it runs in `legible-desktop` (``DesktopCommands``).
package enum ViewCommand {
    static let spec = CommandSpec(
        name: "view", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Opens a window on the notebook: the scan, a caret and selection on the ink; prints `ready` once a page is drawn.",
        options: [
            ReadCommands.storeOption,
            OptionSpec("--title", kind: .text("TEXT"), help: "the notebook's name in the title bar"),
            OptionSpec("--scans", kind: .text("DIR"), repeatable: true, help: "a folder to look for scans in, after each document's own"),
        ], run: DesktopCommands.handOver)
}
