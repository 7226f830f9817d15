import Foundation
import LegibleLayout
import LegiblePages
import LegibleTextInput

/// `legible text | rects | caret | hit | move`: text-input queries on a page document, JSON on
/// stdout (`Docs/CLI.md`). Offsets are UTF-16 code units; geometry is in image
/// pixels, origin top-left, y down.
enum QueryCommands {
    static func loadPage(_ path: String) throws -> ScannedPage {
        let data = try InputFile.read(path, what: "a page document")
        do {
            return try ScannedPage(documentData: data)
        } catch let error as PageDocumentError {
            throw CLIError.badData("\(path): \(error)")
        }
    }

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

    static func rectJSON(_ rect: CGRect) -> [String: Any] {
        ["x": round3(rect.minX), "y": round3(rect.minY), "width": round3(rect.width), "height": round3(rect.height)]
    }

    static func round3(_ value: CGFloat) -> Double { (Double(value) * 1000).rounded() / 1000 }

    static func printJSON(_ value: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        try Console.out(data + Data("\n".utf8))
    }

    static func text(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: [], flagNames: [])
        guard [1, 3].contains(parsed.positionals.count) else { throw CLIError.usage("usage: legible text PAGE.json [START END]") }
        let page = try loadPage(parsed.positionals[0])
        let range =
            parsed.positionals.count == 3
            ? try range(parsed.positionals[1], parsed.positionals[2], page: page) : TextRange(0, page.length)
        try Console.out((page.text(in: range) ?? "") + "\n")
        return 0
    }

    static func rects(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: [], flagNames: [])
        guard parsed.positionals.count == 3 else { throw CLIError.usage("usage: legible rects PAGE.json START END") }
        let page = try loadPage(parsed.positionals[0])
        let range = try range(parsed.positionals[1], parsed.positionals[2], page: page)
        let rects = page.selectionRects(for: range).map { selection -> [String: Any] in
            var json = rectJSON(selection.rect)
            json["containsStart"] = selection.containsStart
            json["containsEnd"] = selection.containsEnd
            if let transform = selection.transform { json["rotationDegrees"] = (transform.angle * 180 / .pi * 1000).rounded() / 1000 }
            return json
        }
        try printJSON(rects)
        return 0
    }

    static func caret(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: ["--affinity"], flagNames: [])
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("usage: legible caret PAGE.json OFFSET [--affinity upstream|downstream]")
        }
        let page = try loadPage(parsed.positionals[0])
        let offset = try offset(parsed.positionals[1], name: "OFFSET", page: page)
        let affinities: [String: TextAffinity] = ["upstream": .upstream, "downstream": .downstream]
        guard let affinity = affinities[parsed.value("--affinity") ?? "downstream"] else {
            throw CLIError.usage("--affinity takes upstream or downstream, got \"\(parsed.value("--affinity") ?? "")\"")
        }
        try printJSON(rectJSON(page.caretRect(for: TextPosition(offset: offset, affinity: affinity))))
        return 0
    }

    static func hit(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, valued: [], flagNames: [])
        guard parsed.positionals.count == 3 else { throw CLIError.usage("usage: legible hit PAGE.json X Y") }
        let page = try loadPage(parsed.positionals[0])
        let point = CGPoint(
            x: try numberArgument(parsed.positionals[1], name: "X"), y: try numberArgument(parsed.positionals[2], name: "Y"))
        let position = page.closestPosition(to: point)?.offset ?? 0
        let range = page.characterRange(at: point)
        try printJSON(
            ["position": position, "characterRange": range.map { [$0.start.offset, $0.end.offset] } ?? NSNull()] as [String: Any])
        return 0
    }

    static func move(_ arguments: [String]) throws -> Int32 {
        let usage =
            "usage: legible move PAGE.json OFFSET --by character|word|sentence|paragraph|line|document --direction forward|backward|left|right|up|down"
        let parsed = try Arguments(arguments, valued: ["--by", "--direction"], flagNames: [])
        guard parsed.positionals.count == 2 else { throw CLIError.usage(usage) }
        let granularities: [String: TextGranularity] = [
            "character": .character, "word": .word, "sentence": .sentence, "paragraph": .paragraph, "line": .line, "document": .document,
        ]
        let directions: [String: TextDirection] = [
            "forward": .forward, "backward": .backward, "left": .layout(.left), "right": .layout(.right), "up": .layout(.up),
            "down": .layout(.down),
        ]
        guard let granularity = granularities[parsed.value("--by") ?? ""] else { throw CLIError.usage(usage) }
        guard let direction = directions[parsed.value("--direction") ?? "forward"] else { throw CLIError.usage(usage) }
        let page = try loadPage(parsed.positionals[0])
        let position = TextPosition(offset: try offset(parsed.positionals[1], name: "OFFSET", page: page))
        let tokenizer = page.tokenizer
        let target = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
        let enclosing = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
        try printJSON(
            [
                "position": target.map { $0.offset as Any } ?? NSNull(),
                "enclosing": enclosing.map { [$0.start.offset, $0.end.offset] as Any } ?? NSNull(),
            ] as [String: Any])
        return 0
    }
}
