import Foundation
import LegibleIngest
import LegibleNotebook
import LegibleOCR
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleWeb

/// `legible html PAGE.json... -o DIR`: the notebook as one accessible HTML document with its
/// scans (`Docs/Web.md`). Everything is written as one commit set, so `DIR/index.html` and its
/// images are either all old or all new.
package enum HTMLCommand {
    /// `--images`: how the document reaches each scan.
    enum Images: String, OptionChoice {
        /// Copies each scan into `DIR/images/` (the default: the folder is self-contained).
        case copy
        /// Refers to each scan where it is, by a path relative to `DIR`.
        case link
        /// Puts each scan into the document as a `data:` URL (one file, heavier).
        case embed
    }

    static let spec = CommandSpec(
        name: "html", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary:
            "Writes DIR/index.html: the notebook's scans with their text laid over the handwriting, for any browser and screen reader.",
        options: [output.spec, title.spec, images.spec, scans.spec, audioFolder.spec, speak.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let output = command[Self.output] ?? "."
        // A refused notebook leaves no empty folder behind.
        let folders = NewFolders([output + "/images", output + "/audio"])
        return try folders.removingOnFailure { try write(command, output: output) }
    }

    /// The notebook written into `output`.
    static func write(_ command: ParsedCommand, output: String) throws -> Int32 {
        let paths = command.positionals
        let pages = try paths.map(PageDocuments.load)
        let mode = command[images] ?? .copy
        var scans: [VerifiedScan] = []
        for (path, page) in zip(paths, pages) {
            scans.append(try VerifiedScan.find(for: page.layout, documentPath: path, searching: command[Self.scans]))
        }
        // A scan copied onto itself is left as it is (its bytes match the recorded SHA-256);
        // the page itself is never an input.
        try OutputGuard.refuse(outputs: [output + "/index.html"], overwriting: paths + scans.map(\.path))
        try Ingest.prepareOutputFolder(output)
        // Copies are staged as they are made, so a run killed among them leaves temporaries:
        // removed here, as ingest removes its own (`Docs/CLI.md`, "Writing outputs").
        AtomicFile.removeStaleTemporaries(in: output + "/images")
        let staging = AtomicFile.Staging()
        let placed = try place(scans, mode: mode, output: output, staging: staging)
        let notebook = Notebook(pages: pages)
        let audio = try Self.audio(command, paths: paths, notebook: notebook, output: output, staging: staging)
        let title = command[title] ?? Notebook.defaultTitle(for: notebook)
        let html = NotebookHTML(notebook: notebook, title: title, imageSources: placed.sources, audio: audio).render()
        let index = output + "/index.html"
        try staging.stage(AtomicFile.Output(path: index, bytes: Data(html.utf8)))
        try staging.commit()
        let words = pages.reduce(0) { $0 + $1.layout.lines.reduce(0) { $0 + ($1.words?.count ?? 0) } }
        try Console.out("wrote \(index): \(pages.count) page\(pages.count == 1 ? "" : "s"), \(words) words\n")
        return 0
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
    static let images: Option<Images?> = .choice(
        "--images", of: Images.self, help: "copy scans into DIR/images (default), link to them, or embed them")
    /// `--scans`.
    static let scans: Option<[String]> = .texts(
        "--scans", placeholder: "DIR", help: "a folder to look for scans in, after each page document's own folder")
    /// `--audio`.
    static let audioFolder: Option<String?> = .text(
        "--audio", placeholder: "DIR", help: "read aloud with the audio and timing maps `legible speak` wrote into DIR")
    /// `--speak`.
    static let speak: Option<Bool> = .flag("--speak", help: "speak the notebook into DIR/audio first, then read aloud with it")
}
