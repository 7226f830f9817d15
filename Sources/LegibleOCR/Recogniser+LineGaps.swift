import Foundation
import LegibleImage
import LegibleLayout
import LegibleLines

extension Recogniser {
    /// `lines` with the lines Tesseract missed or ran together mended (``LineGaps``), for a
    /// second line reader to read (`Docs/Recognition.md`, "Lines missed and run together"),
    /// and the step that says what changed. An added line carries Tesseract's reading of its
    /// box as one raw line, or no words when it read none there. Boxes are in the original
    /// image's pixels; `reference` is the check's ink, `prepared` the standard reading's page.
    func mendingGaps(
        _ lines: [RecognisedLine], reference: Reference, prepared: Preprocessor.Result, size: (width: Int, height: Int),
        resolution: Int, path: String
    ) throws -> (lines: [RecognisedLine], step: PreprocessingStep) {
        let boxes = lines.map { line -> PixelBox in
            let box = reference.toDeskewed.toOriginal(line.box)
            return PixelBox(left: box.x / 2, top: box.y / 2, right: box.maxX / 2, bottom: box.maxY / 2)
        }
        // A textured page has no rows of writing to find; its pixels are not copied out.
        let mend =
            reference.isTexture
            ? LineGaps.Mend(dropped: [], added: [])
            : LineGaps.mend(
                boxes, ink: LineGaps.Ink(width: reference.ink.width, height: reference.ink.height, pixels: Leptonica.pixels(reference.ink)))
        let rectangles = mend.added.map { PixelBox(left: $0.x * 2, top: $0.y * 2, right: $0.maxX * 2, bottom: $0.maxY * 2) }
        let raw: [[RawLine]]
        do {
            raw =
                rectangles.isEmpty
                ? []
                : try api.recogniseEach(prepared.image, resolution: resolution, deadline: remainingSeconds, rectangles: rectangles)
        } catch is RecogniseTimeout {
            throw OCRError.timedOut(path: path, seconds: options.timeoutSeconds)
        }
        let mapping = RotationMapping(degrees: prepared.rotationDegrees, width: size.width, height: size.height)
        let added = zip(rectangles, raw).map { rectangle, read -> RecognisedLine in
            let box = mapping.toOriginal(rectangle).clipped(toWidth: Double(size.width), height: Double(size.height))
            let line = read.compactMap { Self.recognisedLine($0, mapping: mapping, width: size.width, height: size.height) }.first
            return RecognisedLine(words: line?.words ?? [], box: box, baseline: nil, confidence: line?.confidence ?? 0)
        }
        let kept = lines.indices.filter { !mend.dropped.contains($0) }.map { lines[$0] }
        let step = PreprocessingStep(
            .lineGaps, applied: !mend.added.isEmpty || !mend.dropped.isEmpty,
            detail: "\(mend.dropped.count) lines two lines high dropped; \(mend.added.count) lines found in the rows of the ink")
        return (added.reduce(kept) { Self.inserted($1, into: $0) }, step)
    }

    /// `lines` with `line` put in reading order: after the lowest line of its column above it,
    /// else before the first of its column, else last (``LineGaps/sameColumn(_:_:)``).
    static func inserted(_ line: RecognisedLine, into lines: [RecognisedLine]) -> [RecognisedLine] {
        let sameColumn = { (other: RecognisedLine) in LineGaps.sameColumn(other.box, line.box) }
        var lines = lines
        let above = lines.indices.filter { sameColumn(lines[$0]) && lines[$0].box.midY < line.box.midY }
        if let last = above.max(by: { lines[$0].box.midY < lines[$1].box.midY }) {
            lines.insert(line, at: last + 1)
        } else if let first = lines.firstIndex(where: sameColumn) {
            lines.insert(line, at: first)
        } else {
            lines.append(line)
        }
        return lines
    }
}
