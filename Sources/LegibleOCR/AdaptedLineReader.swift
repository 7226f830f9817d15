import Foundation
import LegibleImage
import LegibleLayout

/// A model `legible adapt` fine-tuned on the writer's corrected lines, as a line reader
/// (`Docs/Recognition.md`, "Learning the writer's hand"): each line Tesseract found is read
/// again from its box, as one raw line (`--psm 13`), by a second Tesseract engine loaded with
/// the adapted model. Beside the handwriting reader (`alongside`), a line keeps the surer of the
/// two readings (``choose(_:_:)``). One per recogniser, on its thread.
public final class AdaptedLineReader: LineReader {
    /// Its name in the page document.
    public let name = LineReaderName.adapted
    private let api: TesseractAPI
    private let alongside: (any LineReader)?
    private let deadline: Double

    /// A reader of `model`, beside `alongside` when given, reading a page's lines within
    /// `deadline` seconds.
    /// - Throws: ``OCRError/engine(function:detail:)`` when Tesseract cannot load the model.
    public init(model: AdaptedModel, alongside: (any LineReader)?, deadline: Double) throws {
        api = try TesseractAPI(model: model.model)
        self.alongside = alongside
        self.deadline = deadline
    }

    /// The share of a line's box height left out at its top and at its bottom when it is read
    /// and when it is cut for training: Tesseract's boxes of handwritten lines reach into the
    /// lines above and below (as the handwriting reader found, `Docs/Recognition.md`,
    /// "Handwriting").
    public static let verticalTrim = 0.15

    /// Pixels added at each end of a line, so that its first and last strokes are whole.
    public static let endMargin = 8.0

    /// The box a line is read from, and cut from its page for training: `box` (image pixels)
    /// less ``verticalTrim`` of its height at top and bottom, ``endMargin`` wider at each end,
    /// kept inside the `width × height` page.
    public static func readBox(_ box: PixelBox, width: Int, height: Int) -> PixelBox {
        let trim = (box.height * verticalTrim).rounded()
        return PixelBox(
            left: max(0, box.x - endMargin), top: max(0, box.y + trim), right: min(Double(width), box.x + box.width + endMargin),
            bottom: min(Double(height), max(box.y + trim + 1, box.y + box.height - trim)))
    }

    /// Each of `lines` read by the adapted model, or by the reader beside it where the adapted
    /// model read nothing; unread where neither read anything; seen through the paper where
    /// the reader beside it found so, whatever the adapted model read.
    public func read(_ lines: [RecognisedLine], page: GreyImage, until end: Date) throws
        -> [SecondReading]
    {
        guard let image = Leptonica.greyImage(width: page.width, height: page.height, pixels: page.pixels) else {
            throw OCRError.engine(function: "pixCreate", detail: "could not make the page in grey")
        }
        let boxes = lines.map { Self.readBox($0.box, width: page.width, height: page.height) }
        let raw: [[RawLine]]
        do {
            raw = try api.recogniseEach(
                image, resolution: 300, deadline: max(0.001, min(deadline, end.timeIntervalSinceNow)), rectangles: boxes)
        } catch is RecogniseTimeout {
            throw LineReaderTimeout()
        }
        let others = try alongside?.read(lines, page: page, until: end) ?? Array(repeating: .unread, count: lines.count)
        let mapping = RotationMapping(degrees: 0, width: page.width, height: page.height)
        return zip(lines, zip(raw, others)).map { line, readings in
            let words = readings.0.compactMap { Recogniser.recognisedLine($0, mapping: mapping, width: page.width, height: page.height) }
            guard !words.isEmpty, readings.1 != .seenThrough else { return readings.1 }
            let confidence = RecognisedConfidence.rounded(words.map { $0.confidence ?? 0 }.reduce(0, +) / Double(words.count))
            // The line as it came, read again: its geometry (box, baseline, outline) stays.
            var adapted = line
            (adapted.words, adapted.confidence, adapted.reader) = (words.flatMap(\.words), confidence, name)
            return .read(Self.choose(adapted, readings.1.line))
        }
    }

    /// The reading kept of the adapted model's and the other reader's: the adapted one where
    /// the other read nothing or is less sure of its line (`Docs/Recognition.md`, "Learning the
    /// writer's hand").
    static func choose(_ adapted: RecognisedLine, _ other: RecognisedLine?) -> RecognisedLine {
        guard let other, !other.words.isEmpty else { return adapted }
        return (adapted.confidence ?? 0) >= (other.confidence ?? 0) ? adapted : other
    }

    /// Prepares the reader beside it, which may load late.
    public func prepare() { alongside?.prepare() }

    /// Waits for the reader beside it, which may be loading.
    public func finishLoading() { alongside?.finishLoading() }

    /// The page, finished by the reader beside it for the lines that reader read.
    public func finish(_ layout: PageLayout, ink: () throws -> InkMask) throws -> PageLayout {
        try alongside?.finish(layout, ink: ink) ?? layout
    }
}
