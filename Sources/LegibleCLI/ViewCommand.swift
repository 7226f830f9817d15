/// `legible view PAGE.json...`: the notebook in a window, one page at a time, with a caret and
/// selection on the handwriting, read by Orca through the page's accessible (`Docs/Viewer.md`).
/// Declared here for parsing and help; it runs in `legible-desktop` (``DesktopCommands``).
import LegibleCommandLine

package enum ViewCommand {
    static let spec = CommandSpec(
        name: "view", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Opens a window on the notebook: the scan, a caret and selection on the ink; prints `ready` once a page is drawn.",
        options: [ReadCommands.storeFile.spec, title.spec, scans.spec, edit.spec], run: DesktopCommands.handOver)
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension ViewCommand {
    /// `--title`, which `present` takes too.
    package static let title: Option<String?> = .text(
        "--title", placeholder: "TEXT", help: "the notebook's name (default: the first page's name and the page count)")
    /// `--edit`: typing corrects the text on the ink, Control+S saves (`Docs/Editing.md`,
    /// "The viewer's edit mode").
    package static let edit: Option<Bool> = .flag(
        "--edit", help: "correct the text: typing changes it at the caret, Control+Z undoes, Control+S saves the documents")
    /// `--scans`.
    package static let scans: Option<[String]> = .texts(
        "--scans", placeholder: "DIR", help: "a folder to look for scans in, after each document's own")
}
