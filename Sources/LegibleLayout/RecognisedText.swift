/// Recogniser output before the reading text is built: nested paragraphs → lines → words, each
/// with its own text and its box in ORIGINAL image pixels (origin top-left, y down).
/// ``PageLayout/assemble(_:image:engine:preprocessing:)`` turns it into a ``PageLayout``.
public struct RecognisedParagraph: Hashable, Sendable {
    /// Lines in reading order.
    public var lines: [RecognisedLine]
    /// Creates a paragraph of lines.
    public init(lines: [RecognisedLine]) { self.lines = lines }
}

/// A recognised line: its words and geometry (image pixels).
public struct RecognisedLine: Hashable, Sendable {
    /// Words in reading order; a line with no words carries its text in one pseudo-word.
    public var words: [RecognisedWord]
    /// Bounding box, image pixels.
    public var box: PixelBox
    /// Baseline from left end to right end, image pixels.
    public var baseline: [PixelPoint]?
    /// The outline of a slanted or curved line, image pixels (``Line/polygon``); nil where the
    /// box is its outline.
    public var polygon: [PixelPoint]?
    /// Confidence in `0...1`.
    public var confidence: Double?
    /// The reader whose reading this is, when the page was read by more than one.
    public var reader: LineReaderName?

    /// Creates a line.
    public init(
        words: [RecognisedWord], box: PixelBox, baseline: [PixelPoint]? = nil, polygon: [PixelPoint]? = nil, confidence: Double? = nil,
        reader: LineReaderName? = nil
    ) {
        self.words = words
        self.box = box
        self.baseline = baseline
        self.polygon = polygon
        self.confidence = confidence
        self.reader = reader
    }
}

/// A recognised word with optional glyphs (image pixels).
public struct RecognisedWord: Hashable, Sendable {
    /// The word's text, no spaces.
    public var text: String
    /// Bounding box, image pixels.
    public var box: PixelBox
    /// Confidence in `0...1`.
    public var confidence: Double?
    /// Glyphs in order; their texts concatenated must equal ``text`` or they are dropped.
    public var glyphs: [RecognisedGlyph]?
    /// `false` for a line-level pseudo-word whose box is the line's (layouts without words).
    public var isWord: Bool

    /// Creates a word.
    public init(text: String, box: PixelBox, confidence: Double? = nil, glyphs: [RecognisedGlyph]? = nil, isWord: Bool = true) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.glyphs = glyphs
        self.isWord = isWord
    }
}

/// A recognised glyph: text of one or more characters and its box (image pixels).
public struct RecognisedGlyph: Hashable, Sendable {
    /// The characters the glyph draws.
    public var text: String
    /// Bounding box, image pixels.
    public var box: PixelBox
    /// Creates a glyph.
    public init(text: String, box: PixelBox) {
        self.text = text
        self.box = box
    }
}

/// A recognised confidence as page documents keep it.
package enum RecognisedConfidence {
    /// `value` (0…1) clamped and rounded to three decimals. Tesseract's confidences are
    /// single-precision percentages (95.97003936767579 after widening); three decimals keep all
    /// their real precision and survive an ALTO round trip (its `WC` is written with three
    /// decimals) exactly.
    package static func rounded(_ value: Double) -> Double {
        (min(1, max(0, value)) * 1000).rounded() / 1000
    }
}
