import LegibleLayout

/// Reads hOCR (XHTML): `ocr_par` (else `ocr_carea`) → paragraph; `ocr_line`, `ocr_header`,
/// `ocr_caption`, `ocr_textfloat` → line; `ocrx_word` → word; `ocrx_cinfo` with `x_bboxes`
/// → glyph. Properties come from `title`: `bbox`, `baseline`, `x_wconf`.
enum HOCRImporter {
    static let lineClasses: Set<String> = ["ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat"]
    static let xhtml = "http://www.w3.org/1999/xhtml"

    static func classes(_ element: XMLElement) -> Set<String> {
        Set((element.attributes["class"] ?? "").split(separator: " ").map(String.init))
    }

    /// The `title` properties, `name value value …` separated by `;`.
    static func properties(_ element: XMLElement) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for property in (element.attributes["title"] ?? "").split(separator: ";") {
            let parts = property.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if let name = parts.first { result[name] = Array(parts.dropFirst()) }
        }
        return result
    }

    static func bbox(_ element: XMLElement, file: String) throws -> PixelBox? {
        guard let values = properties(element)["bbox"] else { return nil }
        let numbers = values.compactMap(Double.init)
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "bbox \"\(values.joined(separator: " "))\" needs four numbers")
        }
        guard numbers[2] >= numbers[0], numbers[3] >= numbers[1] else {
            throw ImportError(
                file: file, line: element.line, column: element.column, reason: "bbox \(numbers.map { Int($0) }) has a negative size")
        }
        return PixelBox(left: numbers[0], top: numbers[1], right: numbers[2], bottom: numbers[3])
    }

    static func text(_ element: XMLElement) -> String { element.text + element.children.map(text).joined() }

    static func read(_ root: XMLElement, file: String) throws -> ImportedPage {
        if let namespace = root.namespace, namespace != xhtml {
            throw ImportError(
                file: file, line: root.line, column: root.column, reason: "html element in namespace \"\(namespace)\", not XHTML")
        }
        guard let page = root.descendants(where: { classes($0).contains("ocr_page") }).first else {
            throw ImportError(file: file, line: root.line, column: root.column, reason: "no ocr_page element: not an hOCR document")
        }
        let pageBox = try bbox(page, file: file)
        var containers = page.descendants(where: { classes($0).contains("ocr_par") })
        if containers.isEmpty { containers = page.descendants(where: { classes($0).contains("ocr_carea") }) }
        if containers.isEmpty { containers = [page] }
        var paragraphs: [[ImportedLine]] = []
        for container in containers {
            var lines: [ImportedLine] = []
            for line in container.descendants(where: { !classes($0).isDisjoint(with: lineClasses) }) {
                let lineBox = try bbox(line, file: file)
                var baseline: [PixelPoint]?
                if let lineBox, let values = properties(line)["baseline"]?.compactMap(Double.init), values.count == 2 {
                    // hOCR baseline: slope and offset from the bbox's bottom-left corner.
                    let y0 = lineBox.maxY + values[1]
                    baseline = [PixelPoint(x: lineBox.x, y: y0), PixelPoint(x: lineBox.maxX, y: y0 + values[0] * lineBox.width)]
                }
                var words: [ImportedWord] = []
                let wordElements = line.descendants(where: { classes($0).contains("ocrx_word") })
                for word in wordElements {
                    let confidence = properties(word)["x_wconf"]?.first.flatMap(Double.init).map { $0 / 100 }
                    let glyphs = try word.descendants(where: { classes($0).contains("ocrx_cinfo") }).compactMap {
                        glyph -> RecognisedGlyph? in
                        guard let values = properties(glyph)["x_bboxes"]?.compactMap(Double.init), values.count == 4 else { return nil }
                        guard values[2] >= values[0], values[3] >= values[1] else {
                            throw ImportError(file: file, line: glyph.line, column: glyph.column, reason: "x_bboxes has a negative size")
                        }
                        return RecognisedGlyph(
                            text: text(glyph), box: PixelBox(left: values[0], top: values[1], right: values[2], bottom: values[3]))
                    }
                    words.append(
                        ImportedWord(
                            text: text(word).trimmingCharacters(in: .whitespacesAndNewlines), box: try bbox(word, file: file),
                            confidence: confidence, glyphs: glyphs.isEmpty ? nil : glyphs))
                }
                if wordElements.isEmpty {
                    words = [ImportedWord(text: text(line).trimmingCharacters(in: .whitespacesAndNewlines), box: nil)]
                }
                lines.append(
                    ImportedLine(words: words, box: lineBox, baseline: baseline, confidence: nil, line: line.line, column: line.column))
            }
            if !lines.isEmpty { paragraphs.append(lines) }
        }
        return ImportedPage(
            format: "hocr", width: pageBox.map { Int($0.maxX) }, height: pageBox.map { Int($0.maxY) }, paragraphs: paragraphs)
    }
}
