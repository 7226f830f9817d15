import LegibleLayout

/// Reads ALTO v2, v3 and v4 (`TextBlock` → paragraph, `TextLine` → line, `String` → word,
/// `Glyph` → glyph, `HYP` → a hyphen that splits a word across lines). Coordinates must be in
/// pixels (`MeasurementUnit` pixel, the default in practice); other units are refused.
enum ALTOImporter {
    /// ALTO namespaces we read; a root `alto` element in any other namespace is refused.
    static let namespaces: Set<String> = [
        "http://www.loc.gov/standards/alto/ns-v2#", "http://www.loc.gov/standards/alto/ns-v3#",
        "http://www.loc.gov/standards/alto/ns-v4#", "http://schema.ccs-gmbh.com/ALTO",
    ]

    static func read(_ root: XMLElement, file: String) throws -> ImportedPage {
        guard let namespace = root.namespace, namespaces.contains(namespace) else {
            throw ImportError(
                file: file, line: root.line, column: root.column,
                reason: "alto element in namespace \"\(root.namespace ?? "none")\", not an ALTO v2–v4 namespace")
        }
        if let unit = root.descendants(where: { $0.name == "MeasurementUnit" }).first?.text.trimmingCharacters(in: .whitespacesAndNewlines),
            !unit.isEmpty, unit != "pixel"
        {
            throw ImportError(file: file, reason: "MeasurementUnit \"\(unit)\" is not supported; only pixel coordinates are")
        }
        let page = root.descendants(where: { $0.name == "Page" }).first
        var result = ImportedPage(
            format: "alto \(namespace.hasSuffix("v4#") ? "4" : namespace.hasSuffix("v3#") ? "3" : "2")",
            width: ImportNumber.pageSide(try page.flatMap { try number($0, "WIDTH", file: file) }),
            height: ImportNumber.pageSide(try page.flatMap { try number($0, "HEIGHT", file: file) }), paragraphs: [])
        let blocks = root.descendants(where: { $0.name == "TextBlock" })
        for block in blocks {
            var lines: [ImportedLine] = []
            for textLine in block.descendants(where: { $0.name == "TextLine" }) {
                var words: [ImportedWord] = []
                for child in textLine.children {
                    switch child.name {
                    case "String":
                        let glyphs = try child.children(named: "Glyph").map { glyph -> RecognisedGlyph in
                            guard let box = try box(glyph, file: file) else {
                                throw ImportError(
                                    file: file, line: glyph.line, column: glyph.column, reason: "Glyph without HPOS/VPOS/WIDTH/HEIGHT")
                            }
                            return RecognisedGlyph(text: glyph.attributes["CONTENT"] ?? "", box: box)
                        }
                        words.append(
                            ImportedWord(
                                text: child.attributes["CONTENT"] ?? "", box: try box(child, file: file),
                                confidence: try ImportNumber.confidence(child.attributes["WC"], "WC", scale: 1, of: child, file: file),
                                glyphs: glyphs.isEmpty ? nil : glyphs))
                    case "HYP":
                        if !words.isEmpty { words[words.count - 1].hyphenated = true }
                    default:
                        continue
                    }
                }
                // The line's outline is its own Shape's; a word's Shape is not the line's. A line
                // with no box of its own still takes the bounds of the first polygon inside it.
                let outline = try textLine.children(named: "Shape").first?.children(named: "Polygon").first.map {
                    try points($0, file: file)
                }
                let inside = try outline ?? textLine.descendants(where: { $0.name == "Polygon" }).first.map { try points($0, file: file) }
                lines.append(
                    ImportedLine(
                        words: words, box: try box(textLine, file: file) ?? inside.flatMap { PixelBox.enclosing(points: $0) },
                        baseline: try baseline(textLine, file: file), polygon: outline, confidence: nil, line: textLine.line,
                        column: textLine.column))
            }
            if !lines.isEmpty { result.paragraphs.append(lines) }
        }
        return result
    }

    static func number(_ element: XMLElement, _ name: String, file: String) throws -> Double? {
        guard let text = element.attributes[name] else { return nil }
        return try ImportNumber.coordinate(Substring(text), name, of: element, file: file)
    }

    static func box(_ element: XMLElement, file: String) throws -> PixelBox? {
        guard let x = try number(element, "HPOS", file: file), let y = try number(element, "VPOS", file: file),
            let width = try number(element, "WIDTH", file: file), let height = try number(element, "HEIGHT", file: file)
        else { return nil }
        guard width >= 0, height >= 0 else {
            throw ImportError(
                file: file, line: element.line, column: element.column, reason: "\(element.name) has a negative size (\(width)×\(height))")
        }
        return PixelBox(x: x, y: y, width: width, height: height)
    }

    /// ALTO 4.2 baselines are point lists "x1 y1 x2 y2 …"; older files give one y value.
    static func baseline(_ element: XMLElement, file: String) throws -> [PixelPoint]? {
        guard let text = element.attributes["BASELINE"] else { return nil }
        let values = try ImportNumber.coordinates(text, "BASELINE", of: element, file: file)
        if values.count == 1, let box = try box(element, file: file) {
            return [PixelPoint(x: box.x, y: values[0]), PixelPoint(x: box.maxX, y: values[0])]
        }
        guard values.count >= 4, values.count % 2 == 0 else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "BASELINE \"\(text)\" is neither a y value nor a list of points")
        }
        let points = ImportNumber.points(values)
        return [points.first!, points.last!]
    }

    /// A `Polygon`'s `POINTS` ("x y x y …" or "x,y x,y …"), each number checked; an odd
    /// number leaves its last out.
    static func points(_ element: XMLElement, file: String) throws -> [PixelPoint] {
        let values = try ImportNumber.coordinates(element.attributes["POINTS"] ?? "", "POINTS", of: element, file: file)
        return ImportNumber.points(values)
    }
}
