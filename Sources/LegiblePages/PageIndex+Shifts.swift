import LegibleLayout
import LegibleTextInput

/// A line moved with its text: its range, its words' and its glyphs' (``Line/shifted(by:)``),
/// as the page's index keeps its lines behind a pending move (``PendingMove``).
enum LineShift: TextShift {
    static func shifted(_ line: Line, by delta: Int) -> Line { line.shifted(by: delta) }
}

/// A paragraph moved with its text: its range.
enum ParagraphShift: TextShift {
    static func shifted(_ paragraph: Paragraph, by delta: Int) -> Paragraph { Paragraph(range: paragraph.range.shifted(by: delta)) }
}
