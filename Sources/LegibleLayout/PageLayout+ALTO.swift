extension PageLayout {
    /// The page as ALTO v4: `TextBlock` per paragraph, `TextLine` per line (with `BASELINE` as
    /// a point list, ALTO 4.2, and a slanted line's outline as its `Shape`'s `Polygon`),
    /// `String` per word with `WC` confidence, `SP` between words,
    /// `Glyph` per glyph, and `HYP` where a word is split across lines (our U+00AD). Pixel
    /// coordinates (`MeasurementUnit` pixel). ALTO has no line confidence, so that is not kept.
    public func altoDocument(softwareName: String) -> String {
        let number = format3
        let position = altoPosition
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/standards/alto/v4/alto-4-2.xsd">
              <Description>
                <MeasurementUnit>pixel</MeasurementUnit>
                <sourceImageInformation><fileName>\(escapeXML(image.file ?? ""))</fileName></sourceImageInformation>
                <Processing ID="legible"><processingSoftware><softwareName>\(escapeXML(softwareName))</softwareName></processingSoftware></Processing>
              </Description>
              <Layout>
                <Page ID="page_1" PHYSICAL_IMG_NR="1" WIDTH="\(image.width)" HEIGHT="\(image.height)">
                  <PrintSpace HPOS="0" VPOS="0" WIDTH="\(image.width)" HEIGHT="\(image.height)">

            """
        var lineNumber = 0
        var wordNumber = 0
        for (paragraphIndex, paragraph) in paragraphs.enumerated() {
            let members = lines(of: paragraph)
            guard let box = PageLayout.bounds(of: members) else { continue }
            out += "        <TextBlock ID=\"block_\(paragraphIndex + 1)\" \(position(box))>\n"
            for line in members {
                lineNumber += 1
                var baseline = ""
                if let points = line.baseline, !points.isEmpty {
                    baseline = " BASELINE=\"\(points.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: " "))\""
                }
                out += "          <TextLine ID=\"line_\(lineNumber)\" \(position(line.box))\(baseline)>\n"
                if let polygon = line.polygon {
                    let points = polygon.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: " ")
                    out += "            <Shape><Polygon POINTS=\"\(points)\"/></Shape>\n"
                }
                let words = line.wordsOrWhole
                for (index, word) in words.enumerated() {
                    wordNumber += 1
                    if index > 0 { out += "            <SP/>\n" }
                    out += altoString(word, id: wordNumber)
                }
                out += "          </TextLine>\n"
            }
            out += "        </TextBlock>\n"
        }
        out += "      </PrintSpace>\n    </Page>\n  </Layout>\n</alto>\n"
        return out
    }

    /// `HPOS`, `VPOS`, `WIDTH` and `HEIGHT` of `box`, in pixels.
    func altoPosition(_ box: PixelBox) -> String {
        "HPOS=\"\(format3(box.x))\" VPOS=\"\(format3(box.y))\" WIDTH=\"\(format3(box.width))\" HEIGHT=\"\(format3(box.height))\""
    }

    /// One word as an ALTO `String` with the ID `word_<id>`, its glyphs, and `HYP` after it
    /// when it is hyphenated across lines.
    func altoString(_ word: Word, id: Int) -> String {
        var content = text(of: word.range)
        let hyphenated = content.hasSuffix("\u{AD}")
        if hyphenated { content.removeLast() }
        // A word a person corrected is certain, each of its characters too (CC counts
        // from 0, sure, to 9), and ALTO's correction status says so (`Docs/Editing.md`,
        // "Provenance").
        let certain = " WC=\"1\" CC=\"\(Array(repeating: "0", count: content.count).joined(separator: " "))\" CS=\"true\""
        let confidence = word.corrected == true ? certain : word.confidence.map { " WC=\"\(format3($0))\"" } ?? ""
        let glyphs = word.glyphs ?? []
        var out = "            <String ID=\"word_\(id)\" CONTENT=\"\(escapeXML(content))\" \(altoPosition(word.box))\(confidence)"
        if glyphs.isEmpty {
            out += "/>\n"
        } else {
            out += ">\n"
            for glyph in glyphs {
                let character = text(of: glyph.range) == "\u{AD}" ? "-" : text(of: glyph.range)
                out += "              <Glyph CONTENT=\"\(escapeXML(character))\" \(altoPosition(glyph.box))/>\n"
            }
            out += "            </String>\n"
        }
        if hyphenated { out += "            <HYP CONTENT=\"-\"/>\n" }
        return out
    }
}
