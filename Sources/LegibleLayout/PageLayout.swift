/// A recognised page: its reading text plus the geometry of every paragraph, line, word and
/// glyph. Pure values; `Codable` as the page document (JSON, format `legible-page`, version 1,
/// `Docs/PageDocument.md`).
///
/// All `range`s are UTF-16 spans of ``text``; all `box`es are in the ORIGINAL image's pixels
/// (origin top-left, y down), whatever preprocessing the recogniser applied.
public struct PageLayout: Hashable, Sendable, Codable {
    /// The document format tag; always ``PageLayout/formatName``.
    public var format: String
    /// The document format version; ``PageLayout/currentVersion`` for documents we write.
    public var version: Int
    /// The scanned image the page was read from.
    public var image: PageImage
    /// The recogniser that produced the page, when known.
    public var engine: EngineInfo?
    /// The preprocessing steps considered, in order, with whether each was applied.
    public var preprocessing: [PreprocessingStep]?
    /// Reading text: words joined by one space, soft-wrapped lines joined by one space,
    /// paragraphs by `"\n"`, words hyphenated across lines joined by U+00AD.
    public var text: String
    /// Paragraphs in reading order; their spans exclude the joining `"\n"`.
    public var paragraphs: [Paragraph]
    /// Text lines in reading order.
    public var lines: [Line]

    /// The `format` value of every page document.
    public static let formatName = "legible-page"
    /// The page-document version this build writes. Version 2 added ``Word/corrected``; a
    /// version 1 document is read as version 2 with no corrections (`Docs/PageDocument.md`,
    /// "Versions"). A build that reads only version 1 refuses a corrected document rather
    /// than dropping its corrections when it writes the page again.
    public static let currentVersion = 2
    /// The oldest page-document version this build reads.
    public static let oldestReadableVersion = 1

    /// Creates a page layout (not validated; see ``validate()``).
    public init(
        image: PageImage, engine: EngineInfo? = nil, preprocessing: [PreprocessingStep]? = nil,
        text: String, paragraphs: [Paragraph], lines: [Line]
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.image = image
        self.engine = engine
        self.preprocessing = preprocessing
        self.text = text
        self.paragraphs = paragraphs
        self.lines = lines
    }
}

/// The image a page was recognised from. Sizes are in pixels.
public struct PageImage: Hashable, Sendable, Codable {
    /// The image's file name (no folder), when known.
    public var file: String?
    /// Width in pixels of the image as displayed (after ``orientation`` is applied).
    public var width: Int
    /// Height in pixels of the image as displayed (after ``orientation`` is applied).
    public var height: Int
    /// Lower-case hex SHA-256 of the image file's bytes, when known.
    public var sha256: String?
    /// Resolution in dots per inch used for recognition, when known.
    public var dpi: Int?
    /// The EXIF/TIFF orientation (2...8) that was applied to the stored pixels to display the
    /// image; every box of the document is in that displayed frame. Absent when the file is
    /// stored as shown (orientation 1).
    public var orientation: Int?
    /// When the image is a page of a PDF: which page, and where its pixels lie on that page.
    public var pdfPage: PDFPageOrigin?

    /// Creates image metadata; `width` and `height` in displayed pixels.
    public init(file: String? = nil, width: Int, height: Int, sha256: String? = nil, dpi: Int? = nil, orientation: Int? = nil) {
        self.file = file
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.dpi = dpi
        self.orientation = orientation
    }
}

/// Where a page image came from in a PDF (`Docs/PDF.md`, "Reading scanned PDFs").
public struct PDFPageOrigin: Hashable, Sendable, Codable {
    /// The PDF's file name (no folder).
    public var file: String
    /// The page number, from 1.
    public var page: Int
    /// How the page became the image.
    public var method: Method
    /// The affine map `[a b c d e f]` from the image's displayed pixels (x right, y down, from
    /// the top left) to the PDF's user space (points, y up): `(x, y) → (a·x + c·y + e, b·x + d·y + f)`.
    public var toUserSpace: [Double]

    /// An origin; `toUserSpace` holds six numbers.
    public init(file: String, page: Int, method: Method, toUserSpace: [Double]) {
        (self.file, self.page, self.method, self.toUserSpace) = (file, page, method, toUserSpace)
    }

    /// How a PDF page became an image.
    public enum Method: String, Hashable, Sendable, Codable {
        /// The page's one image, its stored bytes unchanged (a JPEG, or PNG rows re-wrapped).
        case stored
        /// The page's one image, decoded at its own size and turned as the page shows it.
        case decoded
        /// The page drawn at the requested resolution.
        case rendered
    }
}

/// What produced a page: engine name, version and options.
public struct EngineInfo: Hashable, Sendable, Codable {
    /// Engine name, e.g. `"tesseract"` or `"import"`.
    public var name: String
    /// Engine version string, e.g. `"5.3.0"`.
    public var version: String
    /// Languages as given to the engine, e.g. `"eng"` or `"eng+deu"`.
    public var languages: String?
    /// Page segmentation mode (Tesseract `--psm`).
    public var pageSegmentationMode: Int?
    /// SHA-256 of the first language model file, so goldens can tell models apart.
    public var modelSHA256: String?
    /// A digest of every option that changes the output; equal digests mean re-running with
    /// the same image would give the same document.
    public var optionsDigest: String?

    /// Creates engine metadata.
    public init(
        name: String, version: String, languages: String? = nil, pageSegmentationMode: Int? = nil,
        modelSHA256: String? = nil, optionsDigest: String? = nil
    ) {
        self.name = name
        self.version = version
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        self.modelSHA256 = modelSHA256
        self.optionsDigest = optionsDigest
    }
}

/// One preprocessing step the recogniser considered.
public struct PreprocessingStep: Hashable, Sendable, Codable {
    /// Step name, e.g. `"background-normalisation"`, `"colour-dropout"`, `"deskew"`.
    public var name: String
    /// Whether the step changed the image given to the engine.
    public var applied: Bool
    /// A short human-readable detail (a measured angle, the channel used, why it was skipped).
    public var detail: String?

    /// Creates a step record.
    public init(name: String, applied: Bool, detail: String? = nil) {
        self.name = name
        self.applied = applied
        self.detail = detail
    }

    /// A record of `step`: what recognition writes, by its typed name.
    public init(_ step: RecognitionStep, applied: Bool, detail: String? = nil) {
        self.init(name: step.rawValue, applied: applied, detail: detail)
    }

    /// The step by its typed name; nil for a name this build does not know (a document from
    /// a later one), which is still read and kept.
    public var step: RecognitionStep? { RecognitionStep(rawValue: name) }
}

/// The steps recognition records in a page document (`Docs/Recognition.md`), by name: code and
/// tests name a step by its case, never by its string.
public enum RecognitionStep: String, CaseIterable, Sendable {
    /// The red channel of a coloured page read instead of its luminance.
    case colourDropout = "colour-dropout"
    /// The paper found in a photograph, and everything outside it left out.
    case paper
    /// Background normalisation and Otsu thresholding.
    case backgroundNormalisation = "background-normalisation"
    /// Straight rulings removed from the ink.
    case ruleRemoval = "rule-removal"
    /// The page turned level.
    case deskew
    /// The rulings found on the page and the paper's colour (never applied: a measurement).
    case rulings
    /// A page with no ink but the paper's grain, not read.
    case grain
    /// The grey page read within a margin of the ink.
    case inkMask = "ink-mask"
    /// Lines the engine cut or swallowed put back together.
    case lineRepair = "line-repair"
    /// Lines found from the ink alone, each read as one line.
    case lineFinding = "line-finding"
    /// Lines the engine missed or ran together, found in the rows of the ink.
    case lineGaps = "line-gaps"
    /// Lines that read surer turned over left out: the writing on the sheet's other side,
    /// seen through the paper.
    case showThrough = "show-through"
    /// The page read at another scale (large writing at half size).
    case scale
    /// The first reading checked, and other readings tried when it was poor.
    case recognitionCheck = "recognition-check"
}

/// A paragraph: a run of lines joined by spaces (soft wraps), ended by `"\n"` or the text end.
public struct Paragraph: Hashable, Sendable, Codable {
    /// UTF-16 span of the paragraph's text, excluding the `"\n"` that ends it.
    public var range: UTF16Span

    /// Creates a paragraph over `range` (UTF-16).
    public init(range: UTF16Span) { self.range = range }
}

/// A text line as laid out on the page.
public struct Line: Hashable, Sendable, Codable {
    /// UTF-16 span of the line's own characters (not the separator after it).
    public var range: UTF16Span
    /// Bounding box in image pixels.
    public var box: PixelBox
    /// Baseline from its left end to its right end, image pixels; its slope is the line's skew.
    public var baseline: [PixelPoint]?
    /// The outline of the line's writing where it is not its box (a slanted or curved line), at
    /// least three points in order around it, image pixels; nil where the box is its outline
    /// (`Docs/PageDocument.md`, "Lines").
    public var polygon: [PixelPoint]?
    /// Recognition confidence in `0...1`.
    public var confidence: Double?
    /// Words in reading order, when the recogniser reports them.
    public var words: [Word]?
    /// Which line reader's reading was kept, when more than one read the page
    /// (`Docs/Recognition.md`, "Handwriting").
    public var reader: LineReaderName?

    /// Creates a line; `range` in UTF-16, geometry in image pixels.
    public init(
        range: UTF16Span, box: PixelBox, baseline: [PixelPoint]? = nil, polygon: [PixelPoint]? = nil, confidence: Double? = nil,
        words: [Word]? = nil, reader: LineReaderName? = nil
    ) {
        self.range = range
        self.box = box
        self.baseline = baseline
        self.polygon = polygon
        self.confidence = confidence
        self.words = words
        self.reader = reader
    }
}

extension Line {
    /// The most points a line's ``polygon`` may have: a detector's outline has four, an
    /// imported one a few dozen.
    public static let maximumPolygonPoints = 1_000
}

/// The line readers a page's lines can be read by (`Docs/Recognition.md`, "Handwriting").
public enum LineReaderName: String, Hashable, Sendable, Codable, CaseIterable {
    /// Tesseract's model, trained on print.
    case tesseract
    /// The handwriting line reader (PP-OCRv6 small).
    case handwriting
    /// A Tesseract model fine-tuned on the writer's corrected lines by `legible adapt`
    /// (`Docs/Recognition.md`, "Learning the writer's hand").
    case adapted
}

/// A recognised word.
public struct Word: Hashable, Sendable, Codable {
    /// UTF-16 span of the word's characters.
    public var range: UTF16Span
    /// Bounding box in image pixels.
    public var box: PixelBox
    /// Recognition confidence in `0...1`.
    public var confidence: Double?
    /// Glyph boxes, when the recogniser reports trustworthy ones.
    public var glyphs: [Glyph]?
    /// `true` when a person wrote or corrected the word's text (`Docs/Editing.md`,
    /// "Provenance"); absent when it is the recogniser's or importer's.
    public var corrected: Bool?

    /// Creates a word; `range` in UTF-16, `box` in image pixels.
    public init(range: UTF16Span, box: PixelBox, confidence: Double? = nil, glyphs: [Glyph]? = nil, corrected: Bool? = nil) {
        self.range = range
        self.box = box
        self.confidence = confidence
        self.glyphs = glyphs
        self.corrected = corrected
    }
}

/// One glyph: the box of one or more characters of a word.
public struct Glyph: Hashable, Sendable, Codable {
    /// UTF-16 span of the characters the glyph draws.
    public var range: UTF16Span
    /// Bounding box in image pixels.
    public var box: PixelBox

    /// Creates a glyph; `range` in UTF-16, `box` in image pixels.
    public init(range: UTF16Span, box: PixelBox) {
        self.range = range
        self.box = box
    }
}
