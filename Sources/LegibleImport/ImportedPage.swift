import LegibleLayout

/// What an importer read, before geometry is completed and the reading text is built. Boxes
/// are image pixels (origin top-left, y down); any of them may be missing in the file.
struct ImportedLine {
    var words: [ImportedWord]
    var box: PixelBox?
    var baseline: [PixelPoint]?
    /// The line's outline, when the file gives one (ALTO's `Shape`, PAGE's `Coords`, hOCR's
    /// `poly`); kept where it is not the box (``PixelBox/outline(clipping:)``).
    var polygon: [PixelPoint]? = nil
    var confidence: Double?
    /// Where the line is in the file (for error messages).
    var line: Int
    var column: Int
}

struct ImportedWord {
    /// The word's text; may contain spaces (eScriptorium writes one String per line).
    var text: String
    var box: PixelBox?
    var confidence: Double?
    var glyphs: [RecognisedGlyph]?
    /// The word ends in an ALTO `HYP` (a printed hyphen that splits the word across lines).
    var hyphenated = false
}

/// Numbers read from layout files: every one is checked here, at the attribute it came from,
/// before any arithmetic, so a huge or non-finite coordinate is refused with its location
/// instead of trapping a conversion later (`Docs/Import.md`, "Numbers").
enum ImportNumber {
    /// Parses `text` (the value of `attribute` on `element`) as a finite coordinate within
    /// ``PixelBox/coordinateLimit``.
    static func coordinate(_ text: Substring, _ attribute: String, of element: XMLElement, file: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ImportError(
                file: file, line: element.line, column: element.column, reason: "\(element.name) \(attribute) \"\(text)\" is not a number")
        }
        guard PixelBox.isPlausible(value) else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "\(element.name) \(attribute) \(text) is outside ±\(Int(PixelBox.coordinateLimit)) pixels")
        }
        return value
    }

    /// `values` taken two by two as points (x, then y); an odd last value is left out.
    static func points(_ values: [Double]) -> [PixelPoint] {
        stride(from: 0, to: values.count - 1, by: 2).map { PixelPoint(x: values[$0], y: values[$0 + 1]) }
    }

    /// Every whitespace- or comma-separated number of an attribute value, each checked.
    static func coordinates(_ text: String, _ attribute: String, of element: XMLElement, file: String) throws -> [Double] {
        try text.split(whereSeparator: { $0 == " " || $0 == "," }).map { try coordinate($0, attribute, of: element, file: file) }
    }

    /// A confidence given on `scale` (1 for ALTO's `WC`, 100 for hOCR's `x_wconf`), as 0...1,
    /// to six decimals: a percentage divided leaves a last-digit error (96.4 / 100 is not
    /// 0.964), and a page exported and imported again must have the confidences it had.
    static func confidence(_ text: String?, _ attribute: String, scale: Double, of element: XMLElement, file: String) throws -> Double? {
        guard let text else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, (0...scale).contains(value) else {
            throw ImportError(
                file: file, line: element.line, column: element.column,
                reason: "\(element.name) \(attribute) \"\(text)\" is not a confidence in 0...\(Int(scale))")
        }
        return (value / scale * 1_000_000).rounded() / 1_000_000
    }

    /// A page size in whole pixels (1 ... coordinateLimit), from a checked coordinate.
    static func pageSide(_ value: Double?) -> Int? {
        guard let value, value >= 1 else { return nil }
        return Int(value.rounded())
    }
}

struct ImportedPage {
    var format: String
    var width: Int?
    var height: Int?
    var paragraphs: [[ImportedLine]]
}

/// Completes the geometry of imported lines: a line without a box takes the bounds of its
/// words; words without boxes (or one String holding a whole line) are split by character
/// share along the line's baseline when it has one, else along its box, and take the line's
/// height. A file with only line geometry still gives every word a box this way; glyph-level
/// geometry then follows from the word boxes in ``LegiblePages``.
enum GeometryCompletion {
    static func recognisedLine(_ line: ImportedLine) -> RecognisedLine? {
        guard let box = line.box ?? PixelBox.enclosing(line.words.compactMap(\.box)) else { return nil }

        // Split every word on spaces; remember which pieces still need a box.
        struct Piece {
            var text: String
            var box: PixelBox?
            var confidence: Double?
            var glyphs: [RecognisedGlyph]?
        }
        var pieces: [Piece] = []
        for word in line.words {
            var text = word.text
            if word.hyphenated && !text.hasSuffix("-") { text += "-" }
            let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard !parts.isEmpty else { continue }
            if parts.count == 1 {
                pieces.append(Piece(text: parts[0], box: word.box, confidence: word.confidence, glyphs: word.glyphs))
            } else {
                // A multi-word String: its box (or the line) is shared by character count.
                let span = word.box ?? box
                let (left, right) = horizontalSpan(of: span, baseline: word.box == nil ? line.baseline : nil)
                for (part, slice) in zip(parts, share(parts, from: left, to: right)) {
                    pieces.append(
                        Piece(
                            text: part, box: PixelBox(x: slice.0, y: span.y, width: slice.1 - slice.0, height: span.height),
                            confidence: word.confidence))
                }
            }
        }
        guard !pieces.isEmpty else { return nil }
        if pieces.contains(where: { $0.box == nil }) {
            // Words without geometry: lay the whole line out by character share.
            let (left, right) = horizontalSpan(of: box, baseline: line.baseline)
            for (index, slice) in share(pieces.map(\.text), from: left, to: right).enumerated() where pieces[index].box == nil {
                pieces[index].box = PixelBox(x: slice.0, y: box.y, width: slice.1 - slice.0, height: box.height)
            }
        }
        let words = pieces.map {
            RecognisedWord(text: $0.text, box: $0.box ?? box, confidence: $0.confidence, glyphs: $0.glyphs)
        }
        // An outline of more points than a document may hold is left out; its bounds stay.
        let polygon = line.polygon.flatMap { (3...Line.maximumPolygonPoints).contains($0.count) ? $0 : nil }
        return RecognisedLine(words: words, box: box, baseline: line.baseline, polygon: polygon, confidence: line.confidence)
    }

    /// The x-range text runs along: the baseline's span when present (clamped to the box),
    /// else the box's.
    static func horizontalSpan(of box: PixelBox, baseline: [PixelPoint]?) -> (Double, Double) {
        guard let baseline, baseline.count >= 2 else { return (box.x, box.maxX) }
        let xs = baseline.map(\.x)
        let left = max(box.x, xs.min()!), right = min(box.maxX, xs.max()!)
        return right > left ? (left, right) : (box.x, box.maxX)
    }

    /// Cuts `[left, right]` into one slice per text, proportional to its character count, with
    /// one character's share as the gap between texts.
    static func share(_ texts: [String], from left: Double, to right: Double) -> [(Double, Double)] {
        let counts = texts.map { Double(max(1, $0.count)) }
        let total = counts.reduce(0, +) + Double(texts.count - 1)
        let unit = (right - left) / max(1, total)
        var x = left
        return counts.map { count in
            defer { x += (count + 1) * unit }
            return (x.rounded(), (x + count * unit).rounded())
        }
    }
}
