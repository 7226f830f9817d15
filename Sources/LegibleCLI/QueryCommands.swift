import Foundation
import LegibleCommandLine
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

/// `legible text | rects | caret | hit | move`: text-input queries on a page document, JSON on
/// stdout (`Docs/CLI.md`). Offsets are UTF-16 code units; geometry is in image pixels, origin
/// top-left, y down.
package enum QueryCommands {
    static func offset(_ text: String, name: String, page: ScannedPage) throws -> Int {
        let value = try integerArgument(text, name: name)
        guard (0...page.length).contains(value) else {
            throw CLIError.badData("\(name) \(value) is outside the page text (0...\(page.length) UTF-16 units)")
        }
        return value
    }

    static func range(_ start: String, _ end: String, page: ScannedPage) throws -> TextRange {
        let lower = try offset(start, name: "START", page: page)
        let upper = try offset(end, name: "END", page: page)
        guard lower <= upper else { throw CLIError.badData("START \(lower) is after END \(upper)") }
        return TextRange(lower, upper)
    }

    /// Writes `value` as one line of JSON with sorted keys.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try Console.out(try encoder.encode(value) + Data("\n".utf8))
    }

    // MARK: text

    static let textSpec = CommandSpec(
        name: "text", arguments: "PAGE.json [START END]", positionalCount: 1...3,
        summary: "Prints the page's reading text, or the UTF-16 range [START, END) of it.", run: text)

    static func text(_ command: ParsedCommand) throws -> Int32 {
        guard command.positionals.count != 2 else { throw command.usageError("START needs an END") }
        let page = try PageDocuments.load(command.positionals[0])
        let range =
            command.positionals.count == 3
            ? try range(command.positionals[1], command.positionals[2], page: page) : TextRange(0, page.length)
        try Console.out((page.text(in: range) ?? "") + "\n")
        return 0
    }

    // MARK: rects

    static let rectsSpec = CommandSpec(
        name: "rects", arguments: "PAGE.json START END", positionalCount: 3...3,
        summary: "Prints the selection rects of [START, END) as JSON, image pixels.", run: rects)

    static func rects(_ command: ParsedCommand) throws -> Int32 {
        let page = try PageDocuments.load(command.positionals[0])
        let range = try range(command.positionals[1], command.positionals[2], page: page)
        try printJSON(page.selectionRects(for: range).map(SelectionRectOutput.init))
        return 0
    }

    // MARK: caret

    /// `--affinity`: which side of a soft wrap a caret is drawn on.
    enum Affinity: String, OptionChoice {
        case upstream, downstream
        var value: TextAffinity { self == .upstream ? .upstream : .downstream }
    }

    static let caretSpec = CommandSpec(
        name: "caret", arguments: "PAGE.json OFFSET", positionalCount: 2...2,
        summary: "Prints the caret rect at OFFSET as JSON, image pixels.",
        options: [affinity.spec], run: caret)

    static func caret(_ command: ParsedCommand) throws -> Int32 {
        let page = try PageDocuments.load(command.positionals[0])
        let offset = try offset(command.positionals[1], name: "OFFSET", page: page)
        let affinity = command[affinity] ?? .downstream
        try printJSON(RectOutput(page.caretRect(for: TextPosition(offset: offset, affinity: affinity.value))))
        return 0
    }

    // MARK: hit

    static let hitSpec = CommandSpec(
        name: "hit", arguments: "PAGE.json X Y", positionalCount: 3...3,
        summary: "Prints the closest position to the point (image pixels) and the character under it, as JSON.", run: hit)

    static func hit(_ command: ParsedCommand) throws -> Int32 {
        let page = try PageDocuments.load(command.positionals[0])
        let point = CGPoint(
            x: try numberArgument(command.positionals[1], name: "X"), y: try numberArgument(command.positionals[2], name: "Y"))
        let range = page.characterRange(at: point).map { [$0.start.offset, $0.end.offset] }
        try printJSON(HitOutput(position: page.closestPosition(to: point)?.offset ?? 0, characterRange: range))
        return 0
    }

    // MARK: move

    /// `--by`: the tokenizer granularity.
    enum Granularity: String, OptionChoice {
        case character, word, sentence, paragraph, line, document
        var value: TextGranularity {
            switch self {
            case .character: return .character
            case .word: return .word
            case .sentence: return .sentence
            case .paragraph: return .paragraph
            case .line: return .line
            case .document: return .document
            }
        }
    }

    /// `--direction`: storage or layout direction.
    enum Direction: String, OptionChoice {
        case forward, backward, left, right, up, down
        var value: TextDirection {
            switch self {
            case .forward: return .forward
            case .backward: return .backward
            case .left: return .layout(.left)
            case .right: return .layout(.right)
            case .up: return .layout(.up)
            case .down: return .layout(.down)
            }
        }
    }

    static let moveSpec = CommandSpec(
        name: "move", arguments: "PAGE.json OFFSET", positionalCount: 2...2,
        summary: "Asks the tokenizer where the next boundary is and which unit encloses OFFSET, as JSON.",
        options: [by.spec, direction.spec], run: move)

    static func move(_ command: ParsedCommand) throws -> Int32 {
        let granularity = (command[by] ?? .character).value
        let direction = (command[direction] ?? .forward).value
        let page = try PageDocuments.load(command.positionals[0])
        let position = TextPosition(offset: try offset(command.positionals[1], name: "OFFSET", page: page))
        let tokenizer = page.tokenizer
        let target = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
        let enclosing = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
        try printJSON(MoveOutput(position: target?.offset, enclosing: enclosing.map { [$0.start.offset, $0.end.offset] }))
        return 0
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension QueryCommands {
    /// `--affinity`.
    static let affinity: Option<Affinity?> = .choice(
        "--affinity", of: Affinity.self,
        help: "at a soft wrap, upstream draws at the end of the earlier line, downstream (default) at the start of the next")
    /// `--by`.
    static let by: Option<Granularity?> = .choice("--by", of: Granularity.self, required: true, help: "the unit to move by")
    /// `--direction`.
    static let direction: Option<Direction?> = .choice(
        "--direction", of: Direction.self, help: "storage or layout direction (default forward)")
}

/// Parses a positional coordinate (pixels), or throws a usage error: it must be finite and
/// within ``PixelBox/coordinateLimit``, like every number Legible reads.
func numberArgument(_ text: String, name: String) throws -> Double {
    guard let value = Double(text), PixelBox.isPlausible(value) else {
        throw CLIError.usage("\(name) must be a number within ±\(Int(PixelBox.coordinateLimit)), got \"\(text)\"")
    }
    return value
}
