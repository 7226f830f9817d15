import Foundation
import LegibleCommandLine
import LegibleLayout
import LegibleNotebook

/// `legible review PAGE.json|DIR…`: the pages, and the lines of each, by how much uncertain text
/// they hold, worst first (`Docs/Recognition.md`, "Uncertain words"), so a helper corrects the
/// lines that matter most first. `--json` gives the same list as data.
enum ReviewCommand {
    static let spec = CommandSpec(
        name: "review", arguments: "PAGE.json|DIR...", positionalCount: 1...Int.max,
        summary: "Lists pages and their lines by how much uncertain text they hold, worst first: where correcting helps most.",
        options: [json.spec], run: run)

    /// What `--json` prints.
    struct Output: Encodable {
        /// ``LegibleLayout/Word/uncertaintyThreshold``.
        var threshold: Double
        var pages: [ReviewOrder.PageEntry]
    }

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let pages = try ReviewOrder.pages(command.positionals)
        guard !pages.isEmpty else {
            throw CLIError.missingInput("no page documents in \(command.positionals.joined(separator: ", "))")
        }
        if command[json] {
            try QueryCommands.printJSON(Output(threshold: Word.uncertaintyThreshold, pages: pages))
            return 0
        }
        for page in pages {
            guard page.uncertainWords > 0 else {
                try Console.out("\(page.document): no uncertain words (\(page.words) words)\n")
                continue
            }
            try Console.out(
                "\(page.document): \(page.uncertainWords) of \(page.words) words uncertain (\(page.uncertainCharacters) characters)\n")
            for line in page.lines {
                try Console.out(
                    "  line \(line.line): \(line.uncertainWords) uncertain (\(line.uncertainCharacters) characters): \(line.text)\n")
            }
        }
        return 0
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension ReviewCommand {
    /// `--json`.
    static let json: Option<Bool> = .flag("--json", help: "print one JSON object instead of text")
}
