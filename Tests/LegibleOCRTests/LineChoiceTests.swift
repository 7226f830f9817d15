import LegibleLayout
import LegibleOCR
import Testing

/// How a line's reading is chosen between Tesseract's and the handwriting reader's, and when
/// it is dropped as noise (`Docs/Recognition.md`, "Handwriting").
@Suite("choosing a line's reading")
struct LineChoiceTests {
    static let box = PixelBox(x: 0, y: 0, width: 100, height: 20)

    static func read(_ words: [String], confidence: Double) -> SecondReading {
        .read(line(words, confidence: confidence, reader: .handwriting))
    }

    static func line(_ words: [String], confidence: Double, reader: LineReaderName) -> RecognisedLine {
        RecognisedLine(
            words: words.map { RecognisedWord(text: $0, box: box, confidence: confidence) }, box: box, confidence: confidence,
            reader: reader)
    }

    @Test(
        "auto keeps Tesseract's line only when it is trusted and surer; handwriting takes the other's; tesseract keeps its own",
        arguments: [
            (LineChoice.auto, 0.9, 0.6, LineReaderName.tesseract), (.auto, 0.9, 0.95, .handwriting), (.auto, 0.7, 0.3, .handwriting),
            (.handwriting, 0.99, 0.3, .handwriting), (.tesseract, 0.1, 0.99, .tesseract),
        ])
    func choice(_ choice: LineChoice, tesseract: Double, handwriting: Double, kept: LineReaderName) {
        let first = Self.line(["Dear"], confidence: tesseract, reader: .tesseract)
        let second = Self.read(["Dear"], confidence: handwriting)
        #expect(choice.choose(first, second)?.reader == kept)
    }

    @Test(
        "a line read as marks only, with both readers unsure, is dropped; one with a letter or a digit, or one either is sure of, is kept")
    func noise() {
        let unsureTesseract = Self.line(["Ce", "fea"], confidence: 0.2, reader: .tesseract)
        #expect(LineChoice.auto.choose(unsureTesseract, Self.read(["——"], confidence: 0.17)) == nil)
        #expect(LineChoice.handwriting.choose(unsureTesseract, Self.read(["—", "."], confidence: 0.3)) == nil)
        #expect(LineChoice.auto.choose(unsureTesseract, Self.read(["—", "a"], confidence: 0.2)) != nil)
        #expect(LineChoice.auto.choose(unsureTesseract, Self.read(["1905"], confidence: 0.2)) != nil)
        #expect(LineChoice.auto.choose(unsureTesseract, Self.read(["—"], confidence: 0.8)) != nil)
        let sureTesseract = Self.line(["Dear"], confidence: 0.7, reader: .tesseract)
        #expect(LineChoice.auto.choose(sureTesseract, Self.read(["—"], confidence: 0.1)) != nil)
        // Nothing read by the handwriting reader: Tesseract's reading stays, however unsure.
        #expect(LineChoice.auto.choose(unsureTesseract, .unread)?.reader == .tesseract)
        #expect(LineChoice.tesseract.choose(unsureTesseract, Self.read(["—"], confidence: 0.1)) != nil)
    }

    @Test("a line the handwriting reader saw through the paper is dropped, however sure Tesseract is, unless Tesseract alone reads")
    func seenThrough() {
        let sureTesseract = Self.line(["Century", "Club"], confidence: 0.95, reader: .tesseract)
        #expect(LineChoice.auto.choose(sureTesseract, .seenThrough) == nil)
        #expect(LineChoice.handwriting.choose(sureTesseract, .seenThrough) == nil)
        #expect(LineChoice.tesseract.choose(sureTesseract, .seenThrough) == sureTesseract)
        #expect(LineChoice.auto.choose(sureTesseract, .unread) == sureTesseract)
    }
}
