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
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit", arguments: "PAGE.json START END TEXT", positionalCount: 4...4,
        summary: "Replaces the UTF-16 range [START, END) of the page's text with TEXT, on the ink, and saves the page document.",
        run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let path = command.positionals[0]
        // The lock is held from the read to the save: a second writer waits for this one and
        // then edits what this one wrote (`Docs/Editing.md`, "Saving").
        let (page, file) = try PageDocuments.open(path, holdingLock: true)
        let range = try QueryCommands.range(command.positionals[1], command.positionals[2], page: page)
        try refuseSplitCharacters(range, in: page)
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

    /// A range must not cut a grapheme cluster (65): an edit would have to take the whole
    /// character, which is not what the command line said.
    static func refuseSplitCharacters(_ range: TextRange, in page: ScannedPage) throws {
        for (name, offset) in [("START", range.start.offset), ("END", range.end.offset)] {
            let position = TextPosition(offset: offset)
            guard
                page.tokenizer.isPosition(position, atBoundary: .character, inDirection: .storage(.forward))
                    || page.tokenizer.isPosition(position, atBoundary: .character, inDirection: .storage(.backward))
                    || offset == 0 || offset == page.length
            else {
                let cluster = page.characterRange(byExtending: position, in: .left)
                let around = cluster.map { " (the character there runs \($0.start.offset)…\($0.end.offset))" } ?? ""
                throw CLIError.badData("\(name) \(offset) is inside a character\(around); give offsets between characters")
            }
        }
    }
}
