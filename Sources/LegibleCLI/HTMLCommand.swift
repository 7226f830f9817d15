import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleNotebook

/// `legible html PAGE.json... -o DIR`: the notebook as one accessible HTML document with its
/// scans (`Docs/Web.md`). Everything is written as one commit set, so `DIR/index.html` and its
/// images are either all old or all new.
package enum HTMLCommand {
    static let spec = CommandSpec(
        name: "html", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary:
            "Writes DIR/index.html: the notebook's scans with their text laid over the handwriting, for any browser and screen reader.",
        options: [output.spec, title.spec, images.spec, scans.spec, audioFolder.spec, speak.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let output = command[Self.output] ?? "."
        if command[speak], command[audioFolder] != nil {
            throw CLIError.usage("--audio and --speak both say where the audio comes from: give one")
        }
        var export = HTMLExport(documents: command.positionals, output: output)
        export.title = command[title]
        export.images = command[images] ?? .copy
        export.scanFolders = command[scans]
        export.audioFolder = command[speak] ? output + "/audio" : command[audioFolder]
        let report = try export.write(speaking: command[speak] ? { folder, documents in try speakInto(folder, paths: documents) } : nil)
        try Console.out("wrote \(report.index): \(report.pages) page\(report.pages == 1 ? "" : "s"), \(report.words) words\n")
        return 0
    }

    /// `legible speak PAGES -o FOLDER`, run as its own command (each page in its process).
    static func speakInto(_ folder: String, paths: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DesktopCommands.ownPath())
        process.arguments = ["speak"] + paths + ["-o", folder, "--jobs", String(Processors.usable)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError(code: process.terminationStatus, message: "--speak: `legible speak` failed (its message is above)")
        }
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension HTMLCommand {
    /// `-o`.
    static let output: Option<String?> = .text(
        "-o", "--output", placeholder: "DIR", required: true, help: "the folder to write index.html (and images/) into")
    /// `--title`.
    static let title: Option<String?> = .text(
        "--title", placeholder: "TEXT", help: "the document's title (default: the first page's name and the page count)")
    /// `--images`.
    static let images: Option<HTMLExport.Images?> = .choice(
        "--images", of: HTMLExport.Images.self, help: "copy scans into DIR/images (default), link to them, or embed them")
    /// `--scans`.
    static let scans: Option<[String]> = .texts(
        "--scans", placeholder: "DIR", help: "a folder to look for scans in, after each page document's own folder")
    /// `--audio`.
    static let audioFolder: Option<String?> = .text(
        "--audio", placeholder: "DIR", help: "read aloud with the audio and timing maps `legible speak` wrote into DIR")
    /// `--speak`.
    static let speak: Option<Bool> = .flag("--speak", help: "speak the notebook into DIR/audio first, then read aloud with it")
}

extension HTMLExport.Images: OptionChoice {}
