import Foundation
import LegibleLayout
import LegiblePages
import LegibleSystem
import LegibleTextInput

/// `legible edit PAGE.json START END TEXT`: a scripted correction (`Docs/Editing.md`,
/// "Saving"). The UTF-16 range [START, END) of the page's text becomes TEXT on the ink, as in
/// the text-input contract's `replace`, and the page document is written again atomically.
/// A document that changed on disk after it was read is not written over (75).
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit", arguments: "PAGE.json START END TEXT", positionalCount: 4...4,
        summary: "Replaces the UTF-16 range [START, END) of the page's text with TEXT, on the ink, and saves the page document.",
        run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let path = command.positionals[0]
        let (page, original) = try load(path)
        let range = try QueryCommands.range(command.positionals[1], command.positionals[2], page: page)
        try refuseSplitCharacters(range, in: page)
        do {
            try page.correct(range, with: command.positionals[3])
        } catch {
            throw CLIError(code: 70, message: "\(path): \(error)")
        }
        try save(page.layout, to: path, replacing: original)
        let caret = page.selectedTextRange?.end.offset ?? range.start.offset
        let shown = page.text(in: TextRange(range.start.offset, caret)) ?? ""
        try Console.out(
            "edited \(path): [\(range.start.offset), \(caret)) now reads \"\(TerminalText.escaped(shown, keepingNewlines: false))\"\n")
        return 0
    }

    /// The page document at `path` and the bytes it was read from.
    static func load(_ path: String) throws -> (page: ScannedPage, bytes: Data) {
        let bytes = try InputFile.read(path, what: "a page document")
        do {
            return (try ScannedPage(documentData: bytes), bytes)
        } catch let error as PageDocumentError {
            throw CLIError.badData("\(path): \(error)")
        }
    }

    /// Writes `layout` over the document at `path` atomically, once it is read again and found
    /// unchanged since it was `original`: an edit made meanwhile (another `edit` or `align`, a
    /// viewer's save) is reported (75), never silently replaced.
    static func save(_ layout: PageLayout, to path: String, replacing original: Data) throws {
        let document = try layout.encodeDocument()
        guard (try? InputFile.read(path)) == original else {
            throw CLIError(code: 75, message: "\(path) changed on disk while it was being edited; nothing was written: run it again")
        }
        try AtomicFile.write(document, to: path)
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
