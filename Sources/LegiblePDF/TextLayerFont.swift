import Foundation

/// The font of the invisible text layer (`Docs/PDF.md`, "Text layer"): Tesseract's
/// GlyphLessFont (`pdf.ttf`, installed with Tesseract's data), one blank glyph 500 units wide,
/// embedded as a CID font. Each distinct grapheme cluster of the notebook gets its own
/// character code, and the `ToUnicode` map gives each code its whole cluster, so an emoji, a
/// letter with combining marks or a surrogate pair is extracted as written.
struct TextLayerFont {
    /// The codes given so far: the cluster of code `n` is `clusters[n - 1]` (code 0 is unused).
    private(set) var clusters: [String] = []
    private var codes: [String: Int] = [:]

    /// The most clusters one document can hold: two-byte codes, 0 left unused.
    static let maximumCodes = 65_535

    /// The hex string of two-byte codes for `text`, one per grapheme cluster.
    mutating func encode(_ text: String) -> String {
        var hex = ""
        for cluster in text {
            let key = String(cluster)
            let code: Int
            if let known = codes[key] {
                code = known
            } else if clusters.count < Self.maximumCodes {
                clusters.append(key)
                code = clusters.count
                codes[key] = code
            } else {
                code = 0
            }
            hex += String(format: "%04X", code)
        }
        return "<" + hex + ">"
    }

    /// Adds the font's objects to `objects`, the Type 0 font itself as object `number` (reserved
    /// before the pages that use it were written).
    func add(to objects: inout PDFObjects, program: Data, as number: Int) {
        let file = objects.add(compressed: "/Length1 \(program.count)", program)
        let descriptor = objects.add(
            "<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 -1 500 1000] /ItalicAngle 0 /Ascent 1000 /Descent -1 /CapHeight 1000 /StemV 80 /FontFile2 \(file) 0 R >>"
        )
        var map = Data([0, 0])
        for _ in clusters { map.append(contentsOf: [0, 1]) }
        let glyphs = objects.add(compressed: "", map)
        let descendant = objects.add(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor) 0 R /DW 500 /CIDToGIDMap \(glyphs) 0 R >>"
        )
        let unicode = objects.add(compressed: "", Data(toUnicode().utf8))
        objects.set(
            number,
            "<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [\(descendant) 0 R] /ToUnicode \(unicode) 0 R >>"
        )
    }

    /// The `ToUnicode` CMap: each code to its cluster in UTF-16BE, at most 100 entries a block.
    func toUnicode() -> String {
        var text = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let entries = clusters.enumerated().map { index, cluster in
            String(format: "<%04X> <", index + 1) + cluster.utf16.map { String(format: "%04X", $0) }.joined() + ">"
        }
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(entries.count, start + 100)]
            text += "\(block.count) beginbfchar\n" + block.joined(separator: "\n") + "\nendbfchar\n"
        }
        return text + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }
}
