import LegibleLayout

/// A page reduced to what scoring needs: text lines with their boxes and word boxes, all in
/// image pixels (origin top-left, y down). Ground truth, our page documents and plain
/// Tesseract's hOCR all become this, so every side is scored by the same code.
public struct ScoredPage: Sendable {
    /// One text line: its text and box (image pixels).
    public struct TextLine: Sendable {
        /// The line's text.
        public var text: String
        /// The line's box, image pixels.
        public var box: PixelBox
        /// Creates a line.
        public init(text: String, box: PixelBox) {
            self.text = text
            self.box = box
        }
    }

    /// Lines in reading order.
    public var lines: [TextLine]
    /// Word boxes (image pixels); empty when the source has no word geometry.
    public var wordBoxes: [PixelBox]

    /// Creates a page.
    public init(lines: [TextLine], wordBoxes: [PixelBox]) {
        self.lines = lines
        self.wordBoxes = wordBoxes
    }

    /// The lines' texts joined by newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// A page document as a scored page.
    public init(_ layout: PageLayout) {
        lines = layout.lines.map { TextLine(text: layout.text(of: $0.range), box: $0.box) }
        wordBoxes = layout.lines.flatMap { ($0.words ?? []).map(\.box) }
    }
}
