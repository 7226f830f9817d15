import Foundation
import LegibleAlignment
import LegibleImage
import LegibleLayout
import LegibleOCR

/// The handwriting reader as a second reader of a page's lines (``LineReader``,
/// `Docs/Recognition.md`, "Handwriting"): each line Tesseract found is read again from its box,
/// and the reading becomes words and glyphs whose boxes come from the model's time steps: step
/// `t` of `T` covers `1/T` of the line's crop, from its left.
public final class HandwritingLineReader: LineReader {
    /// Its name in the page document.
    public let name = LineReaderName.handwriting
    let model: HandwritingModel
    let classes: ReadingClasses?
    let words: CTCDecoding.Vocabulary?
    let settings: CTCDecoding.BeamSettings

    /// A reader with `model`, reading only the classes of the Latin script when `latin`, and
    /// decoding over the page language's `words` when given (`Docs/Recognition.md`, "Decoding
    /// with words"), weighed by `settings`.
    public init(model: HandwritingModel, latin: Bool = true, words: WordList? = nil, settings: CTCDecoding.BeamSettings = .init()) {
        self.settings = settings
        self.model = model
        let classes = latin ? model.latinClasses() : nil
        self.classes = classes
        self.words = words.map { CTCDecoding.Vocabulary(alphabet: classes?.symbols ?? model.alphabet, words: $0) }
    }

    /// Each of `lines` read again under its ``readBox(_:)``, or from its slanted outline turned
    /// level, at the width that suits the page's hand
    /// (``HandwritingModel/readPage(_:boxes:outlines:padding:classes:words:settings:until:)``);
    /// nil where nothing was read. With a word list, each word's confidence is calibrated
    /// (``WordConfidence``); the line's stays its characters' mean probability, which the
    /// choice between readers compares. A line whose ink reads surer turned over is the other
    /// side's writing, seen through the paper (``LineReading/seenThrough``).
    public func read(_ lines: [RecognisedLine], page: GreyImage, until deadline: Date) throws
        -> [SecondReading]
    {
        let readings: [LineReading]
        do {
            readings = try model.readPage(
                page, boxes: lines.map { Self.readBox($0.box) }, outlines: lines.map(\.polygon), classes: classes, words: words,
                settings: settings, until: deadline)
        } catch {
            throw error.pastDeadline ? LineReaderTimeout() : error
        }
        return zip(lines, readings).map { line, reading in
            guard !reading.seenThrough else { return .seenThrough }
            var words = Self.words(reading, within: line.box)
            guard !words.isEmpty else { return .unread }
            for index in words.indices {
                var confidence = words[index].confidence ?? 0
                if let list = self.words?.words {
                    confidence = WordConfidence.calibrated(
                        confidence, listed: list.contains(String(WordConfidence.core(words[index].text))), frenchHand: model.readsWithHand)
                }
                // In whole percent, as Tesseract gives it and hOCR's x_wconf carries it.
                words[index].confidence = (confidence * 100).rounded() / 100
            }
            // The line as it came, read again: its geometry (box, baseline, outline) stays.
            var read = line
            (read.words, read.confidence, read.reader) = (words, Double(reading.confidence), name)
            return .read(read)
        }
    }

    /// The share of a line's box height left out at its top and at its bottom when the line is
    /// read (`Docs/Recognition.md`, "Handwriting"): Tesseract's boxes of handwritten lines reach
    /// into the lines above and below, whose loops the reader then reads too.
    public static let verticalTrim = 0.15

    /// The part of a line's `box` (image pixels) that is read: its full width, its height less
    /// ``verticalTrim`` at each end.
    public static func readBox(_ box: PixelBox) -> PixelBox {
        let trim = box.height * verticalTrim
        return PixelBox(x: box.x, y: box.y + trim, width: box.width, height: box.height - 2 * trim)
    }

    /// The lines this reader read, their words cut at the gaps of their ink where the time
    /// steps put them, as `align --image` places corrected words (`Docs/Editing.md`, "Fitting
    /// words to their ink"); Tesseract's lines as they are.
    public func finish(_ layout: PageLayout, ink: () throws -> InkMask) throws -> PageLayout {
        let read = Set(layout.lines.indices.filter { layout.lines[$0].reader == name })
        guard !read.isEmpty else { return layout }
        var fitted = InkFit.fitted(layout, lines: read, ink: try ink(), splittingRows: false) { _ in true }
        for index in read where index < fitted.lines.count {
            fitted.lines[index].words = fitted.lines[index].words?.map(Self.inWholePixels)
        }
        return fitted
    }

    /// `word` with its box and its glyphs' boxes grown to whole pixels, as Tesseract gives
    /// them: time steps and a word's shares for its glyphs fall between pixels, which hOCR
    /// cannot carry, so an exported page would not import as it was read.
    static func inWholePixels(_ word: Word) -> Word {
        var word = word
        word.box = word.box.wholePixels
        word.glyphs = word.glyphs?.map { glyph in
            var glyph = glyph
            glyph.box = glyph.box.wholePixels
            return glyph
        }
        return word
    }

    /// The reading's words: runs of characters between spaces, each character a glyph whose box
    /// spans its time steps up to the next character's, across the line's height, kept inside
    /// `box` (image pixels).
    public static func words(_ reading: LineReading, within box: PixelBox) -> [RecognisedWord] {
        guard reading.steps > 0 else { return [] }
        let stepWidth = reading.crop.width / Double(reading.steps)
        func span(_ steps: ClosedRange<Int>) -> PixelBox {
            let left = min(max(reading.crop.x + Double(steps.lowerBound) * stepWidth, box.x), box.x + box.width - 1)
            let right = min(max(reading.crop.x + Double(steps.upperBound + 1) * stepWidth, left + 1), box.x + box.width)
            return PixelBox(x: left, y: box.y, width: right - left, height: box.height)
        }
        var words: [RecognisedWord] = []
        var current: [CTCDecoding.Character] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            // A glyph runs from its first step to the next glyph's, so a word's glyphs tile it and
            // a point anywhere on the word falls on one of its characters.
            let glyphs = current.indices.map { index in
                let steps = current[index].steps
                let end = index + 1 < current.count ? max(steps.lowerBound, current[index + 1].steps.lowerBound - 1) : steps.upperBound
                return RecognisedGlyph(text: current[index].symbol, box: span(steps.lowerBound...end))
            }
            let confidence = Double(current.map(\.confidence).reduce(0, +)) / Double(current.count)
            words.append(
                RecognisedWord(
                    text: current.map(\.symbol).joined(), box: span(first.steps.lowerBound...last.steps.upperBound), confidence: confidence,
                    glyphs: glyphs))
            current = []
        }
        for character in reading.characters {
            if character.symbol.allSatisfy(\.isWhitespace) { close() } else { current.append(character) }
        }
        close()
        return words
    }
}
