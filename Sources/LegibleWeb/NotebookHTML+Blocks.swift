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

    /// The blocks of one view of a document this type rendered, in document order: the scans'
    /// text layer (`view` "notebook") or the reader view ("reader"). Each block's `data-start`
    /// (UTF-16) and the text its text nodes hold, with tags removed and `&amp;`, `&lt;` and
    /// `&gt;` decoded. For checking a rendering against its page, not a general HTML parser. It
    /// reads UTF-8 bytes, not `Character`s: a `>` followed by a joiner or a combining mark is
    /// one `Character`, and would hide the end of a tag.
    public static func blockTexts(inRendered html: String, view: String = "notebook") -> [(start: Int, text: String)] {
        let bytes = Array(html.utf8)
        var blocks: [(start: Int, text: String)] = []
        // Blocks are inside the view's <main>; the title before it may hold any text.
        guard var index = find("<main id=\"\(view)\"", in: bytes, from: 0) else { return [] }
        let limit = find("</main>", in: bytes, from: index) ?? bytes.count
        while let marker = find(" data-start=\"", in: bytes, from: index), marker < limit {
            var cursor = marker + 13
            var start = 0
            while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]), start < 1 << 40 {
                start = start * 10 + Int(bytes[cursor] - 0x30)
                cursor += 1
            }
            guard let open = bytes[cursor...].firstIndex(of: UInt8(ascii: ">")),
                let end = [find("</p>", in: bytes, from: open), find("</h2>", in: bytes, from: open)].compactMap({ $0 }).min()
            else { break }
            blocks.append((start, decodedText(bytes[(open + 1)..<end])))
            index = end
        }
        return blocks
    }

    /// The first index of `needle` (ASCII) in `bytes` at or after `from`.
    static func find(_ needle: String, in bytes: [UInt8], from: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard pattern.count <= bytes.count else { return nil }
        var index = from
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Element content without its tags, entities decoded.
    static func decodedText(_ content: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        var inTag = false
        for byte in content {
            if byte == UInt8(ascii: "<") {
                inTag = true
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if !inTag {
                text.append(byte)
            }
        }
        return String(decoding: text, as: UTF8.self).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
