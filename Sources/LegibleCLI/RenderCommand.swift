import Foundation
import LegibleCommandLine
import LegibleNotebook
import LegibleSystem

/// `legible render PAGE.json [--range START END]... [--image IMAGE.png | --blank] [--scale N] -o OVERLAY.png`
///
/// Draws, without antialiasing, the page's line boxes (blue), word boxes (green) and the
/// selection rects (translucent orange, start/end edges marked) of the given ranges — by
/// default three fixed ranges: one word, a phrase that crosses a soft wrap, and the longest
/// paragraph. The background is the scan (`--image`, or the document's image file beside the
/// JSON) or white with `--blank`. Written atomically.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render", arguments: "PAGE.json", positionalCount: 1...1,
        summary: "Draws line boxes, word boxes and selection rects over the scan (or white) into a PNG; written atomically.",
        options: [range.spec, image.spec, blank.spec, scale.spec, output.spec], alternatives: [[image.spec, blank.spec].map(\.canonical)],
        run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let output = command[Self.output] ?? "-"
        let pagePath = command.positionals[0]
        if output != "-" {
            try OutputGuard.refuse(outputs: [output], overwriting: [pagePath] + [command[image]].compactMap { $0 })
        }
        let page = try PageDocuments.load(pagePath)
        let ranges = try command[range].map { try QueryCommands.range($0.0, $0.1, page: page) }
        let encoded = try PageOverlay.png(
            page, path: pagePath, ranges: ranges, image: command[image], blank: command[blank], scale: command[scale])
        // `-o -` writes the PNG to stdout, as tools that take a file name usually allow.
        if output == "-" { try Console.out(encoded) } else { try AtomicFile.write(encoded, to: output) }
        return 0
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension RenderCommand {
    /// `--range`.
    static let range: Option<[(String, String)]> = .pairs(
        "--range", placeholders: ("START", "END"),
        help: "a UTF-16 range whose selection rects to draw (default: a word, a phrase across a wrap, the longest paragraph)")
    /// `--image`.
    static let image: Option<String?> = .text(
        "--image", placeholder: "IMAGE.png", help: "the scan to draw on (default: the document's image beside it)")
    /// `--blank`.
    static let blank: Option<Bool> = .flag("--blank", help: "draw on white instead of the scan")
    /// `--scale`.
    static let scale: Option<Int?> = .integer("--scale", placeholder: "N", range: 1...16, help: "downsample the result by N")
    /// `-o`.
    static let output: Option<String?> = .text(
        "-o", placeholder: "OVERLAY.png|-", required: true, help: "the PNG to write; - writes it to stdout")
}
