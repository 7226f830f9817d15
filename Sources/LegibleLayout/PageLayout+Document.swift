import Foundation

extension PageLayout {
    /// The largest page document read, in bytes. A document is held at 10 to 25 times its size
    /// while it is parsed, checked and kept (the more, the shorter its numbers), so this bounds
    /// one document's memory at about 1.6 GB, where the 1 GiB input limit allowed 10 to 25 GB.
    /// A page of 60,000 lines with words is about 22 MB (`Docs/PageDocument.md`, "Limits").
    public static let maximumDocumentBytes = 64 << 20

    /// Reads and validates a page document (JSON). Only the minimum fields of `Docs/PageDocument.md` are
    /// required; words, glyphs, baselines, confidences and engine data are optional.
    /// - Throws: ``PageDocumentError`` with a one-line description naming the offending field.
    public static func decodeDocument(_ data: Data) throws -> PageLayout {
        guard data.count <= maximumDocumentBytes else { throw PageDocumentError.tooLarge(bytes: data.count) }
        var layout: PageLayout
        do {
            // Checked as JSON once, then read where it lies (`Docs/PageDocument.md`, "Limits").
            layout = try StrictJSONDecoder.withDocument(data) { root in
                try checkTag(root)
                return try PageLayout(from: root)
            }
        } catch let error as JSONSyntaxError {
            throw PageDocumentError.notJSON(data.isEmpty ? "the file is empty" : error.description)
        } catch let error as DecodingError {
            throw PageDocumentError.describing(error)
        }
        try layout.validate()
        // Version 1 differs only in lacking corrections, which decode as absent.
        layout.version = currentVersion
        return layout
    }

    /// Checks the format and version first, so a foreign JSON file gets "not a page document",
    /// not a field error.
    private static func checkTag(_ root: JSONValueDecoder) throws {
        struct Tag: Decodable {
            var format: String?
            var version: Int?
        }
        let tag: Tag
        do {
            tag = try Tag(from: root)
        } catch DecodingError.typeMismatch {
            throw PageDocumentError.foreignDocument(format: nil)
        }
        guard let format = tag.format, format == formatName else {
            throw PageDocumentError.foreignDocument(format: tag.format)
        }
        guard let version = tag.version else {
            throw PageDocumentError.malformed(path: "version", reason: "missing or not an integer")
        }
        guard (oldestReadableVersion...currentVersion).contains(version) else { throw PageDocumentError.unsupportedVersion(version) }
    }

    /// The page document as pretty-printed JSON with sorted keys (stable across runs).
    public func encodeDocument() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        // No write makes a document that every reader would then refuse (`Docs/Hardening.md`,
        // "Edits that make a document unreadable").
        guard data.count <= Self.maximumDocumentBytes else { throw PageDocumentError.tooLarge(bytes: data.count) }
        return data
    }

    /// Checks that every range lies inside the text and in order, and every box is a real box
    /// inside the image (1 px slack for rounding): the image, then the paragraphs, then each
    /// line with its words and glyphs, then the separators between them.
    /// - Throws: ``PageDocumentError/inconsistent(path:reason:)`` naming the first problem.
    public func validate() throws {
        let checker = try DocumentChecker(self)
        try checker.checkParagraphs()
        try checker.checkLines()
        // Last: it relies on the ranges checked above being inside the text and in order.
        try checkSeparators()
    }
}

extension PageLayout {
    /// Every UTF-16 unit outside the lines, and inside a line that has words but outside its
    /// words, must be a separator the reading-text rules put there (space, newline, soft
    /// hyphen): text outside every line or word has no geometry of its own, so carets, selection
    /// rects and hit tests would disagree about it (`Docs/PageDocument.md`, "Reading text").
    func checkSeparators() throws { try Self.checkSeparators(Array(text.utf16)[...], lines: lines) }

    /// ``checkSeparators()`` of a page whose text is `units` and whose lines are `lines`.
    static func checkSeparators(_ units: ArraySlice<UInt16>, lines: [Line]) throws {
        try checkGaps(units, between: lines.map(\.range), within: UTF16Span(units.startIndex, units.endIndex), path: "lines")
        for (index, line) in lines.enumerated() {
            guard let words = line.words, !words.isEmpty else { continue }
            try checkGaps(units, between: words.map(\.range), within: line.range, path: "lines[\(index)].words")
        }
    }

    /// A space, a line feed or a soft hyphen: what the reading-text rules put between spans.
    static func isSeparator(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0xAD }

    /// Throws when `units` within `outer` but outside every span of `spans` (in order) holds
    /// anything but separators.
    static func checkGaps(_ units: ArraySlice<UInt16>, between spans: [UTF16Span], within outer: UTF16Span, path: String) throws {
        var gapStart = outer.start
        for (index, start) in (spans.map(\.start) + [outer.end]).enumerated() {
            let gapEnd = min(max(gapStart, start), outer.end, units.endIndex)
            if let offset = (min(gapStart, gapEnd)..<gapEnd).first(where: { !isSeparator(units[$0]) }) {
                throw PageDocumentError.inconsistent(
                    path: index < spans.count ? "\(path)[\(index)].range" : path,
                    reason: "text at UTF-16 offset \(offset) lies outside every span (only spaces, newlines and soft hyphens may)")
            }
            if index < spans.count { gapStart = max(gapStart, spans[index].end) }
        }
    }
}

extension PageDocumentError {
    /// Turns a `DecodingError` into a one-line message with a JSON path such as `lines[2].box`.
    static func describing(_ error: DecodingError) -> PageDocumentError {
        func path(_ keys: [CodingKey]) -> String {
            var result = ""
            for key in keys {
                if let index = key.intValue {
                    result += "[\(index)]"
                } else {
                    result += (result.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return result.isEmpty ? "(top level)" : result
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .malformed(path: path(context.codingPath + [key]), reason: "required field is missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .malformed(path: path(context.codingPath), reason: "wrong type (\(context.debugDescription))")
        case .dataCorrupted(let context):
            return .malformed(path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .malformed(path: "(unknown)", reason: "\(error)")
        }
    }
}
