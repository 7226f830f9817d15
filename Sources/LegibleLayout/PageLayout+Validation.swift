import LegibleSystem

/// The checks of ``PageLayout/validate()``, one level at a time (`Docs/PageDocument.md`,
/// "Limits"): the image's numbers, ranges inside their containers and never between the halves
/// of a surrogate pair, boxes inside the image, paragraphs and lines in order, a line inside
/// one paragraph. Each throws ``PageDocumentError/inconsistent(path:reason:)`` naming the
/// first problem, with the document's JSON path. Paths are built only for a problem: a page of
/// thousands of words is validated after every edit (`Docs/Editing.md`, "Measured").
struct DocumentChecker {
    let layout: PageLayout
    /// The text; a slice keeps its offsets, so a piece of a page is checked in place.
    let units: ArraySlice<UInt16>
    let width: Double
    let height: Double

    /// A checker of `layout`, after its image's size and dpi are checked.
    init(_ layout: PageLayout) throws {
        try self.init(layout, units: Array(layout.text.utf16)[...])
    }

    /// A checker of `layout` whose text is `units` (the layout's own `text` is not read): a
    /// slice of a text checks what lies in it.
    init(_ layout: PageLayout, units: ArraySlice<UInt16>) throws {
        let side = 1...Int(PixelBox.coordinateLimit)
        guard side.contains(layout.image.width), side.contains(layout.image.height) else {
            throw PageDocumentError.inconsistent(
                path: "image", reason: "width and height must be whole pixels in \(side.lowerBound)...\(side.upperBound)")
        }
        if let dpi = layout.image.dpi, !(1...100_000).contains(dpi) {
            throw PageDocumentError.inconsistent(path: "image.dpi", reason: "must be in 1...100000")
        }
        // A name read from a document is joined to a folder the user chose: it must name a
        // file there and nothing else (`Docs/Hardening.md`, "Names read from files").
        for (path, name) in [("image.file", layout.image.file), ("image.pdfPage.file", layout.image.pdfPage?.file)] {
            if let name, !PlainFileName.isPlain(name) {
                throw PageDocumentError.inconsistent(path: path, reason: "is not a plain file name (no folder, `..` or NUL)")
            }
        }
        self.layout = layout
        self.units = units
        width = Double(layout.image.width)
        height = Double(layout.image.height)
    }

    var whole: UTF16Span { UTF16Span(units.startIndex, units.endIndex) }

    /// An offset between the two halves of a surrogate pair names half a character: no text
    /// can start or end there (`Docs/PageDocument.md`, "Reading text").
    func splitsPair(_ offset: Int) -> Bool {
        offset > units.startIndex && offset < units.endIndex && UTF16.isLeadSurrogate(units[offset - 1])
            && UTF16.isTrailSurrogate(units[offset])
    }

    func check(_ span: UTF16Span, within outer: UTF16Span, _ path: @autoclosure () -> String) throws {
        guard span.start >= outer.start, span.end <= outer.end, span.start <= span.end else {
            throw PageDocumentError.inconsistent(
                path: path(), reason: "range [\(span.start), \(span.end)) is outside [\(outer.start), \(outer.end))")
        }
        guard !splitsPair(span.start), !splitsPair(span.end) else {
            throw PageDocumentError.inconsistent(path: path(), reason: "range [\(span.start), \(span.end)) splits a surrogate pair")
        }
    }

    func check(_ box: PixelBox, _ path: @autoclosure () -> String) throws {
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite, box.width >= 0, box.height >= 0 else {
            throw PageDocumentError.inconsistent(path: path(), reason: "a box needs finite values and a non-negative size")
        }
        guard box.x >= -1, box.y >= -1, box.maxX <= width + 1, box.maxY <= height + 1 else {
            throw PageDocumentError.inconsistent(
                path: path(),
                reason:
                    "box [\(box.x), \(box.y), \(box.width), \(box.height)] leaves the \(layout.image.width)×\(layout.image.height) image")
        }
    }

    func check(confidence: Double?, _ path: @autoclosure () -> String) throws {
        if let confidence, !(0...1).contains(confidence) {
            throw PageDocumentError.inconsistent(path: path(), reason: "must be in 0...1")
        }
    }

    /// Paragraphs inside the text, in order, not overlapping.
    func checkParagraphs() throws {
        var previousEnd = 0
        for (index, paragraph) in layout.paragraphs.enumerated() {
            try check(paragraph.range, within: whole, "paragraphs[\(index)].range")
            guard paragraph.range.start >= previousEnd else {
                throw PageDocumentError.inconsistent(path: "paragraphs[\(index)].range", reason: "paragraphs overlap or are out of order")
            }
            previousEnd = paragraph.range.end
        }
    }

    /// Every line in reading order, each inside one paragraph, then its own fields.
    func checkLines() throws {
        var previousEnd = 0
        var holder = 0  // the last paragraph starting at or before the line (lines are in order)
        let paragraphs = layout.paragraphs
        for (index, line) in layout.lines.enumerated() {
            let path = { "lines[\(index)]" }
            try check(line.range, within: whole, path() + ".range")
            guard line.range.start >= previousEnd else {
                throw PageDocumentError.inconsistent(path: path() + ".range", reason: "lines overlap or are out of reading order")
            }
            previousEnd = line.range.end
            while holder + 1 < paragraphs.count, paragraphs[holder + 1].range.start <= line.range.start { holder += 1 }
            // A line crossing a paragraph's end would belong to two regions and be read twice
            // (`Docs/PageDocument.md`, "Reading text").
            if !paragraphs.isEmpty, line.range.end > line.range.start,
                paragraphs[holder].range.start > line.range.start || line.range.end > paragraphs[holder].range.end
            {
                throw PageDocumentError.inconsistent(path: path() + ".range", reason: "the line is not inside one paragraph")
            }
            try check(line: line, path)
        }
    }

    /// A line's box, baseline, confidence, words and glyphs. Of the words outside `fully`
    /// (all of them when nil) only the ranges are checked: an edit moved them with their text
    /// and left their ink as it was checked before.
    func check(line: Line, fully: Range<Int>? = nil, _ path: @escaping () -> String) throws {
        try check(line.box, path() + ".box")
        // A line with text on a box of no width or height has no room for its characters:
        // every caret, rect and hit test on it would fall on one point.
        guard line.range.isEmpty || (line.box.width > 0 && line.box.height > 0) else {
            throw PageDocumentError.inconsistent(path: path() + ".box", reason: "a line with text needs a box of positive width and height")
        }
        for (name, points) in [("baseline", line.baseline ?? []), ("polygon", line.polygon ?? [])] {
            for (pointIndex, point) in points.enumerated() where !PixelBox.isPlausible(point.x) || !PixelBox.isPlausible(point.y) {
                throw PageDocumentError.inconsistent(
                    path: "\(path()).\(name)[\(pointIndex)]", reason: "needs finite values within ±\(Int(PixelBox.coordinateLimit)) pixels")
            }
        }
        // An outline of fewer than three points encloses nothing; one of thousands is not a
        // line's (each point is parsed and kept, so this also bounds a hostile document).
        if let polygon = line.polygon, !(3...Line.maximumPolygonPoints).contains(polygon.count) {
            throw PageDocumentError.inconsistent(
                path: path() + ".polygon", reason: "needs 3 to \(Line.maximumPolygonPoints) points, has \(polygon.count)")
        }
        try check(confidence: line.confidence, path() + ".confidence")
        for (wordIndex, word) in (line.words ?? []).enumerated() {
            // A local function, not a closure: nothing is allocated for a word that is right.
            func wordPath() -> String { "\(path()).words[\(wordIndex)]" }
            try check(word.range, within: line.range, wordPath() + ".range")
            if let fully, !fully.contains(wordIndex) { continue }
            try check(word.box, wordPath() + ".box")
            try check(confidence: word.confidence, wordPath() + ".confidence")
            for (glyphIndex, glyph) in (word.glyphs ?? []).enumerated() {
                try check(glyph.range, within: word.range, "\(wordPath()).glyphs[\(glyphIndex)].range")
                try check(glyph.box, "\(wordPath()).glyphs[\(glyphIndex)].box")
            }
        }
    }
}
