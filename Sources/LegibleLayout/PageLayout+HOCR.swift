extension PageLayout {
    /// The page as hOCR 1.2 (XHTML) using only properties the spec defines, so it passes
    /// `hocr-spec -p standard` (stock Tesseract hOCR does not: it adds `x_size`,
    /// `x_descenders`, `x_ascenders` and undeclared `ocrp_lang`). Boxes are image pixels as
    /// `bbox left top right bottom`, rounded to whole pixels.
    /// - Parameter systemName: the `ocr-system` value, e.g. `"legible 0.1 (tesseract 5.3.0)"`.
    public func hOCRDocument(systemName: String) -> String {
        func bbox(_ box: PixelBox) -> String {
            "bbox \(Int(box.x.rounded())) \(Int(box.y.rounded())) \(Int(box.maxX.rounded())) \(Int(box.maxY.rounded()))"
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
             <head>
              <title>\(escapeXML(image.file ?? "page"))</title>
              <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
              <meta name="ocr-system" content="\(escapeXML(systemName))"/>
              <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf\(lines.contains { $0.polygon != nil } ? " ocrp_poly" : "")"/>
             </head>
             <body>

            """
        let pageBox = PixelBox(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        let imageName = escapeXML(image.file ?? "page").replacingOccurrences(of: "&quot;", with: "")
        out += "  <div class=\"ocr_page\" id=\"page_1\" title=\"image &quot;\(imageName)&quot;; \(bbox(pageBox)); ppageno 0\">\n"
        var wordNumber = 0
        var lineNumber = 0
        for (paragraphIndex, paragraph) in paragraphs.enumerated() {
            let members = lines(of: paragraph)
            guard let box = PageLayout.bounds(of: members) else { continue }
            out += "   <div class=\"ocr_carea\" id=\"block_\(paragraphIndex + 1)\" title=\"\(bbox(box))\">\n"
            out += "    <p class=\"ocr_par\" id=\"par_\(paragraphIndex + 1)\" title=\"\(bbox(box))\">\n"
            for line in members {
                lineNumber += 1
                var title = bbox(line.box)
                if let baseline = line.baseline, baseline.count == 2, baseline[1].x != baseline[0].x {
                    let slope = (baseline[1].y - baseline[0].y) / (baseline[1].x - baseline[0].x)
                    let yAtLeft = baseline[0].y + slope * (line.box.x - baseline[0].x)
                    let offset = (yAtLeft - line.box.maxY).rounded()
                    title += "; baseline \(String(format3(slope))) \(Int(offset))"
                }
                if let polygon = line.polygon {
                    // hOCR's `poly`: the outline's points in whole pixels, as `bbox` gives the box.
                    title += "; poly " + polygon.map { "\(Int($0.x.rounded())) \(Int($0.y.rounded()))" }.joined(separator: " ")
                }
                out += "     <span class=\"ocr_line\" id=\"line_\(lineNumber)\" title=\"\(title)\">"
                let words = line.wordsOrWhole
                for (index, word) in words.enumerated() {
                    wordNumber += 1
                    var wordTitle = bbox(word.box)
                    // A word a person corrected is certain (`Docs/Editing.md`, "Provenance").
                    if let confidence = word.corrected == true ? 1 : word.confidence {
                        wordTitle += "; x_wconf \(percent(confidence))"
                    }
                    if index > 0 { out += " " }
                    out +=
                        "<span class=\"ocrx_word\" id=\"word_\(wordNumber)\" title=\"\(wordTitle)\">\(wordContent(word, bbox: bbox))</span>"
                }
                out += "</span>\n"
            }
            out += "    </p>\n   </div>\n"
        }
        out += "  </div>\n </body>\n</html>\n"
        return out
    }

    /// A word's content: one `ocrx_cinfo` span with `x_bboxes` per glyph when the glyphs tile
    /// the word (Tesseract's own `hocr_char_boxes` form, accepted by `hocr-spec`), else text.
    func wordContent(_ word: Word, bbox: (PixelBox) -> String) -> String {
        guard let glyphs = word.glyphs, !glyphs.isEmpty, glyphs.first?.range.start == word.range.start,
            glyphs.last?.range.end == word.range.end,
            zip(glyphs, glyphs.dropFirst()).allSatisfy({ $0.range.end == $1.range.start })
        else { return escapeXML(text(of: word.range)) }
        return glyphs.map { glyph in
            "<span class=\"ocrx_cinfo\" title=\"x_bboxes\(bbox(glyph.box).dropFirst(4))\">\(escapeXML(text(of: glyph.range)))</span>"
        }.joined()
    }

    /// The reading text followed by one newline (the `.txt` output).
    public func plainTextDocument() -> String { text + "\n" }
}

/// Three decimals, no trailing zeros, no locale: the numbers of hOCR, ALTO and PDF. Within
/// the coordinate limit (``PixelBox/coordinateLimit``) it never uses an exponent.
/// A 0…1 confidence as hOCR's `x_wconf` percentage: whole, as Tesseract writes it, unless the
/// confidence has a finer digit (Tesseract's own are kept to three decimals of 0…1), which is
/// written as a tenth of a percent so the page imports with the confidence it had.
func percent(_ confidence: Double) -> String {
    let tenths = (min(1, max(0, confidence)) * 1000).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : String(format: "%.1f", tenths / 10)
}

public func format3(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    var string = "\(scaled)"
    if string.hasSuffix(".0") { string.removeLast(2) }
    return string == "-0" ? "0" : string
}

/// Escapes the five XML special characters.
public func escapeXML(_ string: String) -> String {
    var out = ""
    out.reserveCapacity(string.utf8.count)
    for character in string {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        default: out.append(character)
        }
    }
    return out
}
