import LegibleLayout

/// Reads PAGE XML (PRImA's `PcGts`, 2010 to 2019 schemas), as Transkribus and eScriptorium
/// export it: `TextRegion` → paragraph, `TextLine` → line (its `Coords` polygon's bounds as its
/// box, its `Baseline`), `Word` → word, and each element's first `TextEquiv/Unicode` as its text.
/// A line without words becomes one word holding the line's text (`Docs/Import.md`, "PAGE XML").
enum PAGEImporter {
    /// The namespace every PAGE schema version starts with, followed by its date.
    static let namespacePrefix = "http://schema.primaresearch.org/PAGE/gts/pagecontent/"

    static func read(_ root: XMLElement, file: String) throws -> ImportedPage {
        guard let namespace = root.namespace, namespace.hasPrefix(namespacePrefix) else {
            throw ImportError(
                file: file, line: root.line, column: root.column,
                reason: "PcGts element in namespace \"\(root.namespace ?? "none")\", not a PAGE XML namespace")
        }
        let page = root.children(named: "Page").first
        var result = ImportedPage(
            format: "page " + namespace.dropFirst(namespacePrefix.count),
            width: ImportNumber.pageSide(try page.flatMap { try ALTOImporter.number($0, "imageWidth", file: file) }),
            height: ImportNumber.pageSide(try page.flatMap { try ALTOImporter.number($0, "imageHeight", file: file) }), paragraphs: [])
        for region in root.descendants(where: { $0.name == "TextRegion" }) {
            let lines = try region.children(named: "TextLine").map { try line($0, file: file) }
            if !lines.isEmpty { result.paragraphs.append(lines) }
        }
        return result
    }

    static func line(_ element: XMLElement, file: String) throws -> ImportedLine {
        var words = try element.children(named: "Word").map { word in
            ImportedWord(text: text(of: word), box: try bounds(word, file: file), confidence: nil, glyphs: nil)
        }
        if words.isEmpty { words = [ImportedWord(text: text(of: element), box: nil, confidence: nil, glyphs: nil)] }
        let baseline = try element.children(named: "Baseline").first.map { try points($0, file: file) }
        return ImportedLine(
            words: words, box: try bounds(element, file: file),
            baseline: baseline.flatMap { $0.count >= 2 ? $0 : nil },
            polygon: try element.children(named: "Coords").first.map { try points($0, file: file) }, confidence: nil,
            line: element.line, column: element.column)
    }

    /// The element's first `TextEquiv/Unicode` text, white space collapsed.
    static func text(of element: XMLElement) -> String {
        let unicode = element.children(named: "TextEquiv").first?.children(named: "Unicode").first?.text ?? ""
        return unicode.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The bounds of the element's `Coords` polygon.
    static func bounds(_ element: XMLElement, file: String) throws -> PixelBox? {
        guard let coords = element.children(named: "Coords").first else { return nil }
        return PixelBox.enclosing(points: try points(coords, file: file))
    }

    /// A point list: the `points` attribute ("x,y x,y …", PAGE 2013 on) or `Point` children
    /// (PAGE 2010), each number checked.
    static func points(_ element: XMLElement, file: String) throws -> [PixelPoint] {
        if let list = element.attributes["points"] {
            let values = try ImportNumber.coordinates(list, "points", of: element, file: file)
            guard values.count % 2 == 0 else {
                throw ImportError(
                    file: file, line: element.line, column: element.column, reason: "\(element.name) points has an odd count of numbers")
            }
            return stride(from: 0, to: values.count, by: 2).map { PixelPoint(x: values[$0], y: values[$0 + 1]) }
        }
        return try element.children(named: "Point").compactMap { point in
            guard let x = try ALTOImporter.number(point, "x", file: file), let y = try ALTOImporter.number(point, "y", file: file) else {
                return nil
            }
            return PixelPoint(x: x, y: y)
        }
    }
}
