import Foundation
import LegibleLayout

/// Notebook-paper preprocessing on Leptonica, producing the 1-bit image Tesseract reads and a
/// record of every step (kept in the page document). Geometry stays mappable to the ORIGINAL
/// image: the only step that moves pixels is deskew, whose angle is returned so boxes can be
/// rotated back (``RotationMapping``).
///
/// The steps and why (figures: the table on ``PreprocessingOptions`` and `Docs/Recognition.md`):
/// 1. Colour drop-out — on a page with coloured pixels, read the red channel: blue and red
///    rulings become near-white while blue, black, green and purple inks stay dark, so the
///    rulings vanish without erasing blue-ink handwriting.
/// 2. Background normalisation + Otsu — evens out uneven lighting before thresholding
///    (Sauvola was measured worse: it brings faint rulings back as speckle).
/// 3. Rule removal by morphology — for rulings that are not coloured (grey grid or lines):
///    an opening with a long horizontal (and vertical) element finds straight strokes far
///    longer than any handwriting stroke; they are subtracted only when found. Off by default:
///    after steps 1–2 it measured worse (it cuts ink where strokes cross rules).
/// 4. Deskew — measures skew on a binarised copy and rotates the grey page level (before
///    thresholding) when the measurement is confident and the angle is above 0.1°.
struct Preprocessor {
    var options: PreprocessingOptions

    struct Result {
        var image: PixImage
        var steps: [PreprocessingStep]
        /// Clockwise rotation (degrees) applied to the image; boxes are rotated back by it.
        var rotationDegrees: Double
    }

    func run(_ original: PixImage) throws -> Result {
        var steps: [PreprocessingStep] = []
        guard options.backgroundNormalisation || options.colourDropout || options.ruleRemoval || options.deskew else {
            let detail = "off (--no-preprocess)"
            return Result(
                image: original,
                steps: ["colour-dropout", "background-normalisation", "rule-removal", "deskew"].map {
                    PreprocessingStep(name: $0, applied: false, detail: detail)
                }, rotationDegrees: 0)
        }
        guard let rgb = Leptonica.rgb(original) else { throw OCRError.engine(function: "pixConvertTo32", detail: "conversion failed") }

        // 1. Colour drop-out.
        var grey: PixImage?
        let colour = Leptonica.colourFraction(rgb)
        if options.colourDropout, colour >= 0.02 {
            grey = Leptonica.redChannel(rgb)
            steps.append(
                PreprocessingStep(name: "colour-dropout", applied: grey != nil, detail: "red channel; coloured share \(percent(colour))"))
        } else {
            steps.append(
                PreprocessingStep(
                    name: "colour-dropout", applied: false,
                    detail: options.colourDropout ? "page has no colour (\(percent(colour)))" : "off"))
        }
        if grey == nil { grey = Leptonica.luminance(rgb) }
        guard var grey else { throw OCRError.engine(function: "pixConvertRGBToLuminance", detail: "conversion failed") }

        // Deskew, measured on a quick binarisation but applied to the grey image: rotating the
        // 1-bit page instead made recognition worse (Scans/ CER 0.247 → 0.318, jagged strokes),
        // while area-mapped rotation of grey keeps strokes smooth.
        var rotation = 0.0
        if options.deskew {
            if let probe = Leptonica.binarise(grey), let (angle, confidence) = Leptonica.skew(probe), confidence >= 2.5,
                abs(angle) >= 0.1, abs(angle) <= 10, let level = Leptonica.rotate(grey, degrees: angle)
            {
                grey = level
                rotation = angle
                steps.append(
                    PreprocessingStep(
                        name: "deskew", applied: true,
                        detail: "rotated \(String(format: "%.2f", angle))° (confidence \(String(format: "%.1f", confidence)))"))
            } else {
                steps.append(PreprocessingStep(name: "deskew", applied: false, detail: "no confident skew above 0.1°"))
            }
        } else {
            steps.append(PreprocessingStep(name: "deskew", applied: false, detail: "off"))
        }

        // 2. Background normalisation + Otsu.
        var binary: PixImage?
        if options.backgroundNormalisation {
            binary = Leptonica.binariseOnBackgroundNorm(grey)
            steps.append(
                PreprocessingStep(name: "background-normalisation", applied: binary != nil, detail: "Otsu on normalised background"))
        } else {
            steps.append(PreprocessingStep(name: "background-normalisation", applied: false, detail: "off; global threshold"))
        }
        if binary == nil { binary = Leptonica.binarise(grey) }
        guard var binary else { throw OCRError.engine(function: "pixConvertTo1", detail: "binarisation failed") }

        // 3. Rule removal.
        if options.ruleRemoval {
            let horizontalLength = max(120, binary.width / 6)
            let verticalLength = max(120, binary.height / 6)
            let rules = [("horizontal", "o\(horizontalLength).1 + d1.3"), ("vertical", "o1.\(verticalLength) + d3.1")]
            var removed: [String] = []
            for (name, sequence) in rules {
                guard let mask = Leptonica.morph(binary, sequence) else { continue }
                let count = Leptonica.inkCount(mask)
                // Only subtract when the mask holds real rulings (at least one page-wide line's worth).
                if count > binary.width, let cleaned = Leptonica.subtract(binary, mask) {
                    binary = cleaned
                    removed.append("\(name) \(count) px")
                }
            }
            steps.append(
                PreprocessingStep(
                    name: "rule-removal", applied: !removed.isEmpty,
                    detail: removed.isEmpty ? "no rulings found" : removed.joined(separator: ", ")))
        } else {
            steps.append(PreprocessingStep(name: "rule-removal", applied: false, detail: "off"))
        }

        return Result(image: binary, steps: steps, rotationDegrees: rotation)
    }

    private func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }
}

/// Maps points of the deskewed image back to the ORIGINAL image. Leptonica's `pixRotate`
/// turns clockwise (on screen, y down) by the angle about the image centre, keeping the size;
/// the inverse is the same rotation by the negated angle.
struct RotationMapping {
    let degrees: Double
    let centreX: Double
    let centreY: Double

    init(degrees: Double, width: Int, height: Int) {
        self.degrees = degrees
        centreX = Double(width) / 2
        centreY = Double(height) / 2
    }

    func toOriginal(_ point: PixelPoint) -> PixelPoint {
        guard degrees != 0 else { return point }
        let radians = -degrees * .pi / 180
        let dx = point.x - centreX
        let dy = point.y - centreY
        return PixelPoint(x: centreX + dx * cos(radians) - dy * sin(radians), y: centreY + dx * sin(radians) + dy * cos(radians))
    }

    /// The axis-aligned bound of the box's four corners mapped back.
    func toOriginal(_ box: PixelBox) -> PixelBox {
        guard degrees != 0 else { return box }
        let corners = [
            PixelPoint(x: box.x, y: box.y), PixelPoint(x: box.maxX, y: box.y),
            PixelPoint(x: box.x, y: box.maxY), PixelPoint(x: box.maxX, y: box.maxY),
        ].map(toOriginal)
        return PixelBox(
            left: corners.map(\.x).min()!.rounded(.down), top: corners.map(\.y).min()!.rounded(.down),
            right: corners.map(\.x).max()!.rounded(.up), bottom: corners.map(\.y).max()!.rounded(.up))
    }
}
