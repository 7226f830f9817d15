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
        try fourNumbers(element, "bbox", file: file)
    }

    /// A `left top right bottom` property (`bbox`, `x_bboxes`), each number checked, or `nil`.
    static func fourNumbers(_ element: XMLElement, _ property: String, file: String) throws -> PixelBox? {
        guard let values = properties(element)[property] else { return nil }
        let numbers = try values.map { try ImportNumber.coordinate(Substring($0), property, of: element, file: file) }
        guard numbers.count == 4 else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "\(property) \"\(values.joined(separator: " "))\" needs four numbers")
        }
        guard numbers[2] >= numbers[0], numbers[3] >= numbers[1] else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "\(property) \"\(values.joined(separator: " "))\" has a negative size")
        }
        return PixelBox(left: numbers[0], top: numbers[1], right: numbers[2], bottom: numbers[3])
    }

    static func text(_ element: XMLElement) -> String { element.text + element.children.map(text).joined() }

    /// The page's lines grouped by their nearest enclosing `ocr_par` (else `ocr_carea`), in
    /// document order. Each line belongs to exactly one group, so nested paragraphs never import
    /// a line twice; lines outside any container form groups of their own.
    static func lineGroups(_ page: XMLElement) -> [[XMLElement]] {
        let hasParagraphs = !page.descendants(where: { classes($0).contains("ocr_par") }).isEmpty
        let containerClass = hasParagraphs ? "ocr_par" : "ocr_carea"
        var groups: [[XMLElement]] = [[]]
        // Returns the group that lines after `element` continue in.
        @discardableResult
        func walk(_ element: XMLElement, group: Int) -> Int {
            var current = group
            for child in element.children {
                let childClasses = classes(child)
                if !childClasses.isDisjoint(with: lineClasses) {
                    groups[current].append(child)
                } else if childClasses.contains(containerClass) {
                    groups.append([])
                    walk(child, group: groups.count - 1)
                    // Lines after a nested container start a new group, keeping document order.
                    groups.append([])
                    current = groups.count - 1
                } else {
                    current = walk(child, group: current)
                }
            }
            return current
        }
        walk(page, group: 0)
        return groups.filter { !$0.isEmpty }
    }

    static func read(_ root: XMLElement, file: String) throws -> ImportedPage {
        if let namespace = root.namespace, namespace != xhtml {
            throw ImportError(
                file: file, line: root.line, column: root.column, reason: "html element in namespace \"\(namespace)\", not XHTML")
        }
        guard let page = root.descendants(where: { classes($0).contains("ocr_page") }).first else {
            throw ImportError(file: file, line: root.line, column: root.column, reason: "no ocr_page element: not an hOCR document")
        }
        let pageBox = try bbox(page, file: file)
        var paragraphs: [[ImportedLine]] = []
        for group in lineGroups(page) {
            var lines: [ImportedLine] = []
            for line in group {
                let lineBox = try bbox(line, file: file)
                var baseline: [PixelPoint]?
                if let lineBox, let text = properties(line)["baseline"]?.joined(separator: " "),
                    case let values = try ImportNumber.coordinates(text, "baseline", of: line, file: file), values.count == 2
                {
                    // hOCR baseline: slope and offset from the bbox's bottom-left corner.
                    let y0 = lineBox.maxY + values[1]
                    baseline = [PixelPoint(x: lineBox.x, y: y0), PixelPoint(x: lineBox.maxX, y: y0 + values[0] * lineBox.width)]
                }
                var words: [ImportedWord] = []
                let wordElements = line.descendants(where: { classes($0).contains("ocrx_word") })
                for word in wordElements {
                    let confidence = try ImportNumber.confidence(
                        properties(word)["x_wconf"]?.first, "x_wconf", scale: 100, of: word, file: file)
                    let glyphs = try word.descendants(where: { classes($0).contains("ocrx_cinfo") }).compactMap {
                        glyph -> RecognisedGlyph? in
                        guard let box = try fourNumbers(glyph, "x_bboxes", file: file) else { return nil }
                        return RecognisedGlyph(text: text(glyph), box: box)
                    }
                    words.append(
                        ImportedWord(
                            text: text(word).trimmingCharacters(in: .whitespacesAndNewlines), box: try bbox(word, file: file),
                            confidence: confidence, glyphs: glyphs.isEmpty ? nil : glyphs))
                }
                if wordElements.isEmpty {
                    words = [ImportedWord(text: text(line).trimmingCharacters(in: .whitespacesAndNewlines), box: nil)]
                }
                // hOCR's `poly`: the line's outline as x y pairs.
                let polygon = try properties(line)["poly"].map {
                    ImportNumber.points(try ImportNumber.coordinates($0.joined(separator: " "), "poly", of: line, file: file))
                }
                lines.append(
                    ImportedLine(
                        words: words, box: lineBox, baseline: baseline, polygon: polygon, confidence: nil, line: line.line,
                        column: line.column))
            }
            if !lines.isEmpty { paragraphs.append(lines) }
        }
        return ImportedPage(
            format: "hocr", width: ImportNumber.pageSide(pageBox?.maxX), height: ImportNumber.pageSide(pageBox?.maxY),
            paragraphs: paragraphs)
    }
}
