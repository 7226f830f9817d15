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
/// The preprocessing steps, one vocabulary for the names recorded in page documents and the
/// names `--preprocess` takes. Declared in the order documents list them when preprocessing is
/// off; ``Preprocessor/run(_:)`` runs them as colour drop-out, deskew, background, rules.
public enum PreprocessingStepKind: String, CaseIterable, Sendable {
    /// Reads the red channel of a coloured page (`--preprocess colour`).
    case colourDropout = "colour-dropout"
    /// Background normalisation and Otsu thresholding (`--preprocess background`).
    case backgroundNormalisation = "background-normalisation"
    /// Morphological removal of straight rulings (`--preprocess rules`).
    case ruleRemoval = "rule-removal"
    /// Rotates the page level (`--preprocess deskew`).
    case deskew

    /// The name `--preprocess` takes.
    public var optionName: String {
        switch self {
        case .colourDropout: return "colour"
        case .backgroundNormalisation: return "background"
        case .ruleRemoval: return "rules"
        case .deskew: return "deskew"
        }
    }

    /// The step as recorded in a page document.
    func record(applied: Bool, detail: String) -> PreprocessingStep {
        PreprocessingStep(name: rawValue, applied: applied, detail: detail)
    }
}

struct Preprocessor {
    var options: PreprocessingOptions

    struct Result {
        var image: PixImage
        var steps: [PreprocessingStep]
        /// Clockwise rotation (degrees) applied to the image; boxes are rotated back by it.
        var rotationDegrees: Double
    }

    /// Runs the enabled steps in order: colour drop-out, deskew, background normalisation,
    /// rule removal. Every step is recorded, applied or not.
    func run(_ original: PixImage) throws -> Result {
        guard options.backgroundNormalisation || options.colourDropout || options.ruleRemoval || options.deskew else {
            let steps = PreprocessingStepKind.allCases.map { $0.record(applied: false, detail: "off (--no-preprocess)") }
            return Result(image: original, steps: steps, rotationDegrees: 0)
        }
        guard let rgb = Leptonica.rgb(original) else { throw OCRError.engine(function: "pixConvertTo32", detail: "conversion failed") }
        let (grey, colourStep) = try dropColour(rgb)
        let (level, rotation, deskewStep) = deskew(grey)
        let (binary, backgroundStep) = try binarise(level)
        let (cleaned, rulesStep) = removeRules(binary)
        return Result(image: cleaned, steps: [colourStep, deskewStep, backgroundStep, rulesStep], rotationDegrees: rotation)
    }

    /// 1. Colour drop-out: the red channel of a page with coloured pixels, else luminance.
    func dropColour(_ rgb: PixImage) throws -> (PixImage, PreprocessingStep) {
        let colour = Leptonica.colourFraction(rgb)
        var step = PreprocessingStepKind.colourDropout.record(
            applied: false, detail: options.colourDropout ? "page has no colour (\(percent(colour)))" : "off")
        var grey: PixImage?
        if options.colourDropout, colour >= 0.02 {
            grey = Leptonica.redChannel(rgb)
            step = PreprocessingStepKind.colourDropout.record(
                applied: grey != nil, detail: "red channel; coloured share \(percent(colour))")
        }
        guard let grey = grey ?? Leptonica.luminance(rgb) else {
            throw OCRError.engine(function: "pixConvertRGBToLuminance", detail: "conversion failed")
        }
        return (grey, step)
    }

    /// Deskew, measured on a quick binarisation but applied to the grey image: rotating the
    /// 1-bit page instead made recognition worse (Scans/ CER 0.247 → 0.318, jagged strokes),
    /// while area-mapped rotation of grey keeps strokes smooth.
    func deskew(_ grey: PixImage) -> (PixImage, Double, PreprocessingStep) {
        guard options.deskew else { return (grey, 0, PreprocessingStepKind.deskew.record(applied: false, detail: "off")) }
        guard let probe = Leptonica.binarise(grey), let (angle, confidence) = Leptonica.skew(probe), confidence >= 2.5,
            abs(angle) >= 0.1, abs(angle) <= 10, let level = Leptonica.rotate(grey, degrees: angle)
        else {
            return (grey, 0, PreprocessingStepKind.deskew.record(applied: false, detail: "no confident skew above 0.1°"))
        }
        let detail = "rotated \(String(format: "%.2f", angle))° (confidence \(String(format: "%.1f", confidence)))"
        return (level, angle, PreprocessingStepKind.deskew.record(applied: true, detail: detail))
    }

    /// 2. Background normalisation + Otsu, else a global threshold.
    func binarise(_ grey: PixImage) throws -> (PixImage, PreprocessingStep) {
        var step = PreprocessingStepKind.backgroundNormalisation.record(applied: false, detail: "off; global threshold")
        var binary: PixImage?
        if options.backgroundNormalisation {
            binary = Leptonica.binariseOnBackgroundNorm(grey)
            step = PreprocessingStepKind.backgroundNormalisation.record(applied: binary != nil, detail: "Otsu on normalised background")
        }
        guard let binary = binary ?? Leptonica.binarise(grey) else {
            throw OCRError.engine(function: "pixConvertTo1", detail: "binarisation failed")
        }
        return (binary, step)
    }

    /// 3. Rule removal: subtracts long horizontal and vertical strokes, only where the mask
    /// holds real rulings (at least one page-wide line's worth of ink).
    func removeRules(_ binary: PixImage) -> (PixImage, PreprocessingStep) {
        guard options.ruleRemoval else { return (binary, PreprocessingStepKind.ruleRemoval.record(applied: false, detail: "off")) }
        let horizontalLength = max(120, binary.width / 6)
        let verticalLength = max(120, binary.height / 6)
        let rules = [("horizontal", "o\(horizontalLength).1 + d1.3"), ("vertical", "o1.\(verticalLength) + d3.1")]
        var cleaned = binary
        var removed: [String] = []
        for (name, sequence) in rules {
            guard let mask = Leptonica.morph(cleaned, sequence) else { continue }
            let count = Leptonica.inkCount(mask)
            if count > cleaned.width, let subtracted = Leptonica.subtract(cleaned, mask) {
                cleaned = subtracted
                removed.append("\(name) \(count) px")
            }
        }
        let detail = removed.isEmpty ? "no rulings found" : removed.joined(separator: ", ")
        return (cleaned, PreprocessingStepKind.ruleRemoval.record(applied: !removed.isEmpty, detail: detail))
    }

    private func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }
}

/// Maps points of the deskewed image back to the ORIGINAL image. Leptonica's `pixRotate`
/// turns clockwise (on screen, y down) by the angle about the image centre, keeping the size;
/// the inverse is the same rotation by the negated angle.
///
/// `scale` first multiplies a point of an image read at reduced size (2 for half size), so
/// the rotation applies to full-size pixels.
struct RotationMapping {
    let degrees: Double
    let centreX: Double
    let centreY: Double
    let scale: Double

    init(degrees: Double, width: Int, height: Int, scale: Double = 1) {
        self.degrees = degrees
        centreX = Double(width) / 2
        centreY = Double(height) / 2
        self.scale = scale
    }

    func toOriginal(_ scaled: PixelPoint) -> PixelPoint {
        let point = scale == 1 ? scaled : PixelPoint(x: scaled.x * scale, y: scaled.y * scale)
        guard degrees != 0 else { return point }
        let radians = -degrees * .pi / 180
        let dx = point.x - centreX
        let dy = point.y - centreY
        return PixelPoint(x: centreX + dx * cos(radians) - dy * sin(radians), y: centreY + dx * sin(radians) + dy * cos(radians))
    }

    /// The axis-aligned bound of the box's four corners mapped back.
    func toOriginal(_ box: PixelBox) -> PixelBox {
        guard degrees != 0 || scale != 1 else { return box }
        let corners = [
            PixelPoint(x: box.x, y: box.y), PixelPoint(x: box.maxX, y: box.y),
            PixelPoint(x: box.x, y: box.maxY), PixelPoint(x: box.maxX, y: box.maxY),
        ].map(toOriginal)
        return PixelBox(
            left: corners.map(\.x).min()!.rounded(.down), top: corners.map(\.y).min()!.rounded(.down),
            right: corners.map(\.x).max()!.rounded(.up), bottom: corners.map(\.y).max()!.rounded(.up))
    }
}
