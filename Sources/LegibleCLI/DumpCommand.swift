import Foundation
import LegibleCommandLine
import LegibleLayout
import LegibleNotebook

/// `legible dump PAGE.json`: a readable tree of the page for text goldens and eyeballing,
/// one element per line: `Line @[x,y,w,h] "text" 0.91`, words indented below their line.
/// Boxes in image pixels; confidences in 0...1 with two decimals.
enum DumpCommand {
    static let spec = CommandSpec(
        name: "dump", arguments: "PAGE.json", positionalCount: 1...1,
        summary: "Prints the page as a readable tree: `Line @[x,y,w,h] \"text\" 0.91`, words below their line.", run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let page = try PageDocuments.load(command.positionals[0])
        try Console.out(dump(page.layout))
        return 0
    }

    static func dump(_ layout: PageLayout) -> String {
        func slice(_ span: UTF16Span) -> String {
            layout.text(of: span)
                .replacingOccurrences(of: "\u{AD}", with: "\\u{AD}")
        }
        func box(_ box: PixelBox) -> String {
            "@[\(Int(box.x.rounded())),\(Int(box.y.rounded())),\(Int(box.width.rounded())),\(Int(box.height.rounded()))]"
        }
        func confidence(_ value: Double?) -> String { value.map { String(format: " %.2f", $0) } ?? "" }
        var out = "Page \(layout.image.width)×\(layout.image.height)\(layout.image.file.map { " \"\($0)\"" } ?? "")"
        if let engine = layout.engine { out += " \(engine.name) \(engine.version)" }
        out += "\n"
        for paragraph in layout.paragraphs {
            out += "Paragraph [\(paragraph.range.start), \(paragraph.range.end))\n"
            for line in layout.lines(of: paragraph) {
                out += "  Line \(box(line.box)) \"\(slice(line.range))\"\(confidence(line.confidence))\n"
                for word in line.words ?? [] {
                    out += "    Word \(box(word.box)) \"\(slice(word.range))\"\(confidence(word.confidence))\n"
                }
            }
        }
        return out
    }
}
