import Foundation
import LegibleCommandLine
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// `legible edit PAGE.json START END TEXT`: a scripted correction (`Docs/Editing.md`,
/// "Saving"). The UTF-16 range [START, END) of the page's text becomes TEXT on the ink, as in
/// the text-input contract's `replace`, and the page document is written again atomically.
/// The document's lock is held from the read to the save, so concurrent writers queue; a
/// document changed meanwhile by a writer that does not lock is not written over (75).
/// `legible edit --corrections FILE PAGE.json…` applies a corrections file instead, all of it
/// or none of it (`Docs/Editing.md`, "Corrections files").
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit", arguments: "PAGE.json START END TEXT | PAGE.json...", positionalCount: 1...Int.max,
        summary: "Replaces the UTF-16 range [START, END) of the page's text with TEXT, on the ink, and saves the page document.",
        options: [corrections.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        if let file = command[corrections] { return try apply(file, to: command.positionals) }
        guard command.positionals.count == 4 else {
            throw CLIError.usage("edit takes PAGE.json START END TEXT, or --corrections FILE and the page documents")
        }
        let path = command.positionals[0]
        // The lock is held from the read to the save: a second writer waits for this one and
        // then edits what this one wrote (`Docs/Editing.md`, "Saving").
        let (page, file) = try PageDocuments.open(path, holdingLock: true)
        let range = try QueryCommands.range(command.positionals[1], command.positionals[2], page: page)
        try PageDocuments.checkWholeCharacters(range, in: page)
        do {
            try page.correct(range, with: command.positionals[3])
        } catch {
            throw CLIError(code: 70, message: "\(path): \(error)")
        }
        try PageDocuments.save(page.layout, to: file)
        let caret = page.selectedTextRange?.end.offset ?? range.start.offset
        let shown = page.text(in: TextRange(range.start.offset, caret)) ?? ""
        try Console.out(
            "edited \(path): [\(range.start.offset), \(caret)) now reads \"\(TerminalText.escaped(shown, keepingNewlines: false))\"\n")
        return 0
    }

    /// `--corrections FILE`: the file applied to the documents, one line for each changed.
    static func apply(_ file: String, to documents: [String]) throws -> Int32 {
        let applied = try Corrections.read(file).apply(to: documents)
        for entry in applied where entry.corrections > 0 {
            try Console.out("corrected \(entry.document): \(entry.corrections) correction\(entry.corrections == 1 ? "" : "s")\n")
        }
        return 0
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension EditCommand {
    /// `--corrections`.
    static let corrections: Option<String?> = .text(
        "--corrections", placeholder: "FILE", help: "apply a corrections file (from the HTML notebook) to the page documents named")
}
