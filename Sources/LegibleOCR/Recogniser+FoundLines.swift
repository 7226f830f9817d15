import Foundation
import LegibleImage
import LegibleLayout
import LegibleLines

extension Recogniser.Reference {
    /// The lines ``LineFinder`` finds in the reference ink, in the pixels of the standard
    /// reading's full-size (deskewed) image, each padded by a fifth of the writing's height so
    /// that Tesseract sees the whole of every letter; and that height, in the same pixels. A
    /// page of texture (``isTexture``) has none.
    func foundLines() -> (lines: [PixelBox], writingHeight: Double) {
        guard !isTexture else { return ([], 0) }
        let found = LineFinder.lines(in: Leptonica.components(ink), width: Double(ink.width), height: Double(ink.height))
        let height = found.writingHeight * 2
        let pad = height / 5
        let lines = found.lines.map { box in
            PixelBox(left: box.x * 2 - pad, top: box.y * 2 - pad, right: box.maxX * 2 + pad, bottom: box.maxY * 2 + pad)
                .clipped(toWidth: Double(ink.width * 2), height: Double(ink.height * 2))
        }
        return (lines, height)
    }
}

extension Recogniser {
    /// The reading by ``ReadingStrategy/foundLines``: each line found in the ink read as one
    /// raw line of text (PSM 13) from the standard reading's image (`prepared`), set on the
    /// engine once, all within one page deadline (`Docs/Recognition.md`, "Found lines"). `size` is the original image's.
    func readFoundLines(
        _ prepared: Preprocessor.Result, reference: Reference, size: (width: Int, height: Int), resolution: Int, path: String
    ) throws -> Reading {
        let (bands, writingHeight) = reference.foundLines()
        let raw = bands.isEmpty ? [] : try recognise(prepared.image, .foundLines, resolution: resolution, path: path, rectangles: bands)
        let mapping = RotationMapping(degrees: prepared.rotationDegrees, width: size.width, height: size.height)
        let lines = raw.compactMap { Self.recognisedLine($0, mapping: mapping, width: size.width, height: size.height) }
        let step = PreprocessingStep(
            .lineFinding, applied: true,
            detail: "\(bands.count) lines found in the ink, writing \(Int(writingHeight.rounded())) px high; each read as one line")
        return Self.reading(.foundLines, lines: lines, steps: prepared.steps + [step])
    }

    /// The reading by ``ReadingStrategy/detectedLines``: the lines the detector finds on the
    /// page in grey, each read as one raw line of text (PSM 13) from the original page, within
    /// the page deadline. The original page, not the prepared one: on a page photographed on a
    /// dark table the preparation can take the writing for background, while the detector and
    /// the handwriting reader see the page as it is (`Docs/Recognition.md`, "Detected lines").
    /// It is decoded once the detector has run, so that it is not held (4 bytes a pixel) beside
    /// the detector's tensors, the largest a page allocates. Not in grey: Tesseract finds the
    /// words of a colour photograph's lines otherwise, and the diary read worse
    /// (`Docs/Recognition.md`, "Speed and memory").
    /// On a photograph only the paper is searched, and the reading records where it was found.
    /// `line`, read from the detector's rectangles, with the outline of the rectangle it lies
    /// most in when that rectangle is slanted by a degree or more (`Docs/Recognition.md`,
    /// "Detected lines"): its box is upright, and a slanted line's box also covers the ends of
    /// its neighbours. The outline is cut to the line's box when the page is assembled.
    static func withOutline(_ line: RecognisedLine, detected: [DetectedLine]) -> RecognisedLine {
        func shared(_ other: PixelBox) -> Double { line.box.intersection(other).map { $0.width * $0.height } ?? 0 }
        guard let source = detected.max(by: { shared($0.box) < shared($1.box) }), shared(source.box) > 0,
            abs(source.slant) >= DetectedLine.outlinedSlant
        else { return line }
        var outlined = line
        outlined.polygon = source.corners
        return outlined
    }

    func readDetectedLines(_ first: FirstReading, data: Data, path: String) throws -> Reading {
        let step = { (count: Int) in
            PreprocessingStep(.lineFinding, applied: true, detail: "\(count) lines found by the text detector; each read as one line")
        }
        guard let detector = lineDetector else { return Self.reading(.detectedLines, lines: [], steps: [step(0)]) }
        let grey =
            try first.grey.map { GreyImage(width: first.width, height: first.height, pixels: $0) }
            ?? ImageFile.greyImage(data: data, path: path)
        // Only the paper is searched, at the detector's full resolution (`Docs/Recognition.md`,
        // "The paper"): a table's grain or a book's edge is not writing.
        let detected: [DetectedLine]
        do {
            detected = try detector.lines(on: grey, within: first.prepared.paper, until: pageEnd)
        } catch is LineReaderTimeout {
            throw OCRError.timedOut(path: path, seconds: options.timeoutSeconds)
        }
        // The second reader may load now, beside Tesseract, after the detector's tensors are
        // freed (``PendingLineReader``).
        if readsAgain { lineReader?.prepare() }
        let bands = detected.map(\.box)
        let raw: [RawLine]
        if bands.isEmpty {
            raw = []
        } else {
            let page = try ImageFile.decoded(data, path: path).1
            raw = try recognise(page, .detectedLines, resolution: first.resolution, path: path, rectangles: bands)
        }
        let mapping = RotationMapping(degrees: 0, width: first.width, height: first.height)
        let lines = raw.compactMap { Self.recognisedLine($0, mapping: mapping, width: first.width, height: first.height) }
            .map { Self.withOutline($0, detected: detected) }
        let paperStep = first.prepared.steps.filter { $0.step == .paper }
        return Self.reading(.detectedLines, lines: lines, steps: paperStep + [step(detected.count)])
    }
}
