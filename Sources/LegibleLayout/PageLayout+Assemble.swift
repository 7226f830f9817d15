extension PageLayout {
    /// U+00AD SOFT HYPHEN: stands for a printed hyphen that splits a word across lines, so the
    /// word stays one unit for word segmentation (UAX #29 ignores format characters) and speech.
    public static let softHyphen: Character = "\u{AD}"

    /// Builds the reading text exactly as `Docs/PageDocument.md`, "Reading text", specifies and records every span:
    /// words of a line joined by one space; lines of a paragraph joined by one space (a soft
    /// wrap) — or by nothing when a line ends in a hyphen that splits a word, which then becomes
    /// U+00AD; paragraphs joined by `"\n"`. Empty words and lines without text are dropped.
    public static func assemble(
        _ paragraphs: [RecognisedParagraph], image: PageImage, engine: EngineInfo? = nil,
        preprocessing: [PreprocessingStep]? = nil
    ) -> PageLayout {
        var text = ""
        var offset = 0
        var outParagraphs: [Paragraph] = []
        var outLines: [Line] = []
        func append(_ piece: String) {
            text += piece
            offset += piece.utf16.count
        }
        let cleaned = paragraphs.map { paragraph in
            paragraph.lines.compactMap { line -> RecognisedLine? in
                var line = line
                line.words = line.words.filter { !$0.text.isEmpty }
                return line.words.isEmpty ? nil : line
            }
        }.filter { !$0.isEmpty }

        for (paragraphIndex, lines) in cleaned.enumerated() {
            if paragraphIndex > 0 { append("\n") }
            let paragraphStart = offset
            var joinWithoutSpace = false
            for (lineIndex, line) in lines.enumerated() {
                if lineIndex > 0 && !joinWithoutSpace { append(" ") }
                let nextLine = lineIndex + 1 < lines.count ? lines[lineIndex + 1] : nil
                let hyphenated = nextLine.map { endsWithSplitWord(line, continuedBy: $0) } ?? false
                let lineStart = offset
                var words: [Word] = []
                for (wordIndex, recognised) in line.words.enumerated() {
                    if wordIndex > 0 { append(" ") }
                    var wordText = recognised.text
                    if hyphenated && wordIndex == line.words.count - 1 && wordText.last != softHyphen {
                        wordText = String(wordText.dropLast()) + String(softHyphen)
                    }
                    let wordStart = offset
                    append(wordText)
                    guard recognised.isWord else { continue }
                    words.append(
                        Word(
                            range: UTF16Span(wordStart, offset), box: recognised.box,
                            confidence: recognised.confidence,
                            glyphs: glyphSpans(recognised.glyphs, wordText: wordText, wordStart: wordStart)))
                }
                outLines.append(
                    Line(
                        range: UTF16Span(lineStart, offset), box: line.box, baseline: line.baseline,
                        polygon: line.polygon.flatMap { line.box.outline(clipping: $0) },
                        confidence: line.confidence, words: words.isEmpty ? nil : words, reader: line.reader))
                joinWithoutSpace = hyphenated
            }
            outParagraphs.append(Paragraph(range: UTF16Span(paragraphStart, offset)))
        }
        return PageLayout(
            image: image, engine: engine, preprocessing: preprocessing, text: text,
            paragraphs: outParagraphs, lines: outLines)
    }

    /// A line ends in a word split across lines when its last word is letters followed by an
    /// ASCII hyphen and the next line starts with a lower-case letter ("note-" / "book").
    /// "river-" / "Front" or "- " alone are kept as printed.
    static func endsWithSplitWord(_ line: RecognisedLine, continuedBy next: RecognisedLine) -> Bool {
        // Already a soft hyphen (an imported hOCR or page document): the split was decided.
        if line.words.last?.text.last == softHyphen { return true }
        guard let last = line.words.last?.text, last.count >= 2, last.last == "-",
            let beforeHyphen = last.dropLast().last, beforeHyphen.isLetter,
            let first = next.words.first?.text.first, first.isLowercase
        else { return false }
        return true
    }

    /// Glyph spans laid end to end inside the word; dropped unless they add up to the word.
    static func glyphSpans(_ glyphs: [RecognisedGlyph]?, wordText: String, wordStart: Int) -> [Glyph]? {
        guard let glyphs, !glyphs.isEmpty else { return nil }
        let total = glyphs.reduce(0) { $0 + $1.text.utf16.count }
        guard total == wordText.utf16.count else { return nil }
        var start = wordStart
        return glyphs.map { glyph in
            defer { start += glyph.text.utf16.count }
            return Glyph(range: UTF16Span(start, start + glyph.text.utf16.count), box: glyph.box)
        }
    }
}
