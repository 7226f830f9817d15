import Foundation

extension NotebookHTML {
    /// The scalar a text node holds for `scalar` of the reading text: itself, or U+FFFD for a
    /// control character an HTML parser would drop or rewrite (`Docs/Web.md`, "Offsets").
    public static func textNodeScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09, 0x0A: return scalar
        case 0..<0x20, 0x7F...0x9F: return "\u{FFFD}"
        default: return scalar
        }
    }

    /// The blocks of a document this type rendered, in document order: each block's
    /// `data-start` (UTF-16) and the text its text nodes hold, with tags removed and `&amp;`,
    /// `&lt;` and `&gt;` decoded. For checking a rendering against its page, not a general
    /// HTML parser.
    public static func blockTexts(inRendered html: String) -> [(start: Int, text: String)] {
        var blocks: [(start: Int, text: String)] = []
        // Blocks are inside <main>; the title before it may hold any text.
        var rest = html.range(of: "<main ").map { html[$0.upperBound...] } ?? Substring(html)
        while let open = rest.range(of: " data-start=\"") {
            rest = rest[open.upperBound...]
            guard let quote = rest.firstIndex(of: "\""), let start = Int(rest[..<quote]),
                let contentStart = rest[quote...].firstIndex(of: ">"),
                let close = rest.range(of: "</p>") ?? rest.range(of: "</h2>")
            else { break }
            let end = [rest.range(of: "</p>"), rest.range(of: "</h2>")].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound } ?? close
            blocks.append((start, decodedText(rest[rest.index(after: contentStart)..<end.lowerBound])))
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    /// Element content without its tags, entities decoded.
    static func decodedText(_ content: Substring) -> String {
        var text = ""
        var inTag = false
        for character in content {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
