/// A stretch of a line band drawn as one text node: its characters share one advance, set in
/// CSS as `letter-spacing` over a monospace font, so the browser splits its width evenly among
/// its grapheme clusters exactly as `legible rects` does (`Docs/Web.md`, "Text on the ink").
/// A word and the spaces after it form one run, so that the accessibility tree never holds a
/// space apart from its word; the spaces then get their own advance through `word-spacing`.
struct TextRun: Sendable, Equatable {
    /// The run's characters.
    var text: String
    /// Room before the run along the band, from the previous run's end, page pixels (negative
    /// where a word box overlaps the one before it).
    var lead: Double
    /// The advance of each grapheme cluster that is not a trailing space, page pixels.
    var advance: Double
    /// The advance of each trailing space, page pixels, when it differs from ``advance``.
    var spaceAdvance: Double?
    /// What the run's word is marked as (`Docs/Web.md`, "Corrected words" and "Uncertain
    /// words").
    var mark = WordMark.plain

    /// A piece of the band with one source of geometry: a word, or the text between words.
    struct Segment {
        /// The piece's characters.
        var text: String
        /// Its leading end along the band, page pixels.
        var from: Double
        /// Its trailing end along the band, page pixels (never before `from`).
        var to: Double
        /// What its word is marked as.
        var mark = WordMark.plain
    }

    /// Runs for consecutive segments: a segment of word characters absorbs the all-space
    /// segment after it; any other segment is a run of its own.
    static func runs(from segments: [Segment]) -> [TextRun] {
        var runs: [TextRun] = []
        var cursor = 0.0
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            var run = TextRun(
                text: segment.text, lead: segment.from - cursor, advance: (segment.to - segment.from) / Double(max(1, segment.text.count)),
                spaceAdvance: nil, mark: segment.mark)
            cursor = segment.to
            if index + 1 < segments.count, !segment.text.contains(" "), isSpaces(segments[index + 1].text),
                segments[index + 1].from == segment.to
            {
                let spaces = segments[index + 1]
                run.text += spaces.text
                run.spaceAdvance = (spaces.to - spaces.from) / Double(spaces.text.count)
                cursor = spaces.to
                index += 1
            }
            runs.append(run)
            index += 1
        }
        return runs
    }

    /// Whether `text` is one or more U+0020 spaces (the only character `word-spacing` widens).
    static func isSpaces(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { $0 == 0x20 } }
}

/// How a word of the text layer is marked: a person's correction, or an uncertain reading.
/// Never both: a corrected word is not uncertain.
enum WordMark: Sendable, Equatable {
    /// The recogniser's reading, not in doubt (or with no confidence).
    case plain
    /// A person wrote or corrected it.
    case corrected
    /// Its calibrated confidence is below the threshold (`Word.isUncertain`).
    case uncertain
}
