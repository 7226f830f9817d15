import Foundation
import LegibleImage
import LegibleLayout

/// Notebook-paper preprocessing on Leptonica, producing the 1-bit image Tesseract reads and a
/// record of every step (kept in the page document). Geometry stays mappable to the ORIGINAL
/// image: the only step that moves pixels is deskew, whose angle is returned so boxes can be
/// rotated back (``RotationMapping``).
///
/// The steps and why (figures: the table on ``PreprocessingOptions`` and `Docs/Recognition.md`):
/// 1. Colour drop-out — on a page with coloured pixels, read the red channel: blue and red
///    rulings become near-white while blue, black, green and purple inks stay dark, so the
///    rulings vanish without erasing blue-ink handwriting. On a photograph showing more than
///    the page, what lies outside the paper is then set to the paper's grey (``PaperRegion``).
/// 2. Background normalisation + Otsu — evens out uneven lighting before thresholding
///    (Sauvola was measured worse: it brings faint rulings back as speckle).
/// 3. Rulings and their removal — the rulings left after steps 1–2 are found and recorded
///    (``Rulings``: rules, their period, a margin or grid, the paper's colour). Removal, when
///    on, subtracts only what was found and repairs the strokes that crossed it.
/// 4. Deskew — measures skew on a binarised copy and rotates the grey page level (before
///    thresholding) when the measurement is confident and the angle is above 0.1°.
/// 5. Ink mask — Tesseract reads the grey page, white beyond 3 px of the ink found by 1–3 and
///    of the faint strokes joined to that ink.
/// The preprocessing steps, one vocabulary for the names recorded in page documents and the
/// names `--preprocess` takes. Declared in the order documents list them when preprocessing is
/// off; ``Preprocessor/run(_:)`` runs them as colour drop-out, paper, deskew, background, rules.
public enum PreprocessingStepKind: String, CaseIterable, Sendable {
    /// Reads the red channel of a coloured page (`--preprocess colour`).
    case colourDropout = "colour-dropout"
    /// Finds the paper in a photograph and leaves out what lies outside it (`--preprocess
    /// paper`).
    case paper
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
        case .paper: return "paper"
        case .backgroundNormalisation: return "background"
        case .ruleRemoval: return "rules"
        case .deskew: return "deskew"
        }
    }

    /// The step's name in a page document.
    public var recorded: RecognitionStep {
        switch self {
        case .colourDropout: return .colourDropout
        case .paper: return .paper
        case .backgroundNormalisation: return .backgroundNormalisation
        case .ruleRemoval: return .ruleRemoval
        case .deskew: return .deskew
        }
    }

    /// The step as recorded in a page document.
    func record(applied: Bool, detail: String) -> PreprocessingStep {
        PreprocessingStep(recorded, applied: applied, detail: detail)
    }
}

struct Preprocessor {
    var options: PreprocessingOptions
    /// Whether ``Result/pageInk`` is kept: the ink as ``PageInk`` gives it, for a second line
    /// reader's words, made from this run's steps rather than by preparing the page again.
    var keepsPageInk = false

    struct Result {
        /// The page Tesseract reads: the grey page masked to the ink (step 5), or the original
        /// when preprocessing is off.
        var image: PixImage
        /// The ink after every step, 1-bit (ink = 1), in `image`'s frame; `nil` when
        /// preprocessing is off. The check and the line finder measure against it.
        var binary: PixImage?
        var steps: [PreprocessingStep]
        /// Clockwise rotation (degrees) applied to the image; boxes are rotated back by it.
        var rotationDegrees: Double
        /// The ink with rulings removed, as `Preprocessor(options: .all)` makes it (``PageInk``),
        /// when ``Preprocessor/keepsPageInk`` asked for it and the options prepare the page as
        /// `.all` does in every other step; nil otherwise.
        var pageInk: PixImage?
        /// Whether binarisation's first split took over a fifth of the page for ink
        /// (``Preprocessor/isTexture(_:)``): grain, noise or a photograph, in whose ink lines
        /// are not looked for.
        var textured = false
        /// What the run measured, as values; the steps record the same in words. Nil when
        /// preprocessing is off.
        var measures: Measures?
        /// The paper's bounds in the original image's pixels, when a photograph showed more
        /// than the paper (``PaperRegion``); nil when the paper fills the image or the step is off.
        var paper: PixelBox?
    }

    /// What a run measured on the page (`Docs/Recognition.md`, "Rulings").
    struct Measures: Equatable {
        /// Horizontal rules found.
        var horizontalRules: Int
        /// Vertical lines found (a margin, or a grid).
        var verticalLines: Int
        /// The rules' spacing in pixels, when they are evenly spaced (``Rulings/period``).
        var rulePeriod: Int?
        /// The paper's colour, named.
        var paper: Paper
        /// Ink pixels given back to strokes that crossed removed rules.
        var restoredRulePixels: Int
        /// Whether binarisation's first split fell in the paper's grain (and was made again
        /// below it).
        var fellInGrain: Bool
        /// Whether faint strokes joined to the ink were traced into what Tesseract reads.
        var faintStrokesTraced: Bool
    }

    /// The paper's colour, as the page document names it.
    enum Paper: String, Equatable {
        case yellow, white, grey, tinted

        /// The name of `colour` (the paper's median RGB): yellow, near-white, grey or tinted.
        init(_ colour: (red: Int, green: Int, blue: Int)) {
            let (red, green, blue) = colour
            let spread = max(red, green, blue) - min(red, green, blue)
            if red > 170, green > 150, blue < red - 40 {
                self = .yellow
            } else if spread < 24 {
                self = min(red, green, blue) >= 200 ? .white : .grey
            } else {
                self = .tinted
            }
        }
    }

    /// What binarisation (step 2) gives.
    struct Binarised {
        /// Ink = 1.
        var ink: PixImage
        /// The pixels a little lighter than the threshold, from which faint strokes are traced;
        /// nil when they are not.
        var faint: PixImage?
        /// Whether the first split took over a fifth of the page for ink (it is then made again
        /// below the paper's grain when the page was normalised).
        var textured = false
        /// Whether below the grain there was nothing but grain (``isGrainOnly(_:)``): ``ink`` is
        /// then empty.
        var grainOnly = false
        var step: PreprocessingStep
    }

    /// Runs the enabled steps in order: colour drop-out, the paper, deskew, background
    /// normalisation, rule removal. Every step is recorded, applied or not.
    func run(_ original: PixImage) throws -> Result {
        guard options.backgroundNormalisation || options.colourDropout || options.ruleRemoval || options.deskew || options.paper else {
            let steps = PreprocessingStepKind.allCases.map { $0.record(applied: false, detail: "off: the original page is read") }
            return Result(image: original, binary: nil, steps: steps, rotationDegrees: 0)
        }
        let (photographed, colourStep, paper) = try greyAndPaper(original)
        let (grey, paperStep, paperBox) = onPaper(photographed)
        let (level, rotation, deskewStep) = deskew(grey)
        let binarised = try binarise(level)
        let rulings = Rulings.find(in: binarised.ink)
        let (cleaned, rulesStep, restored) = removeRules(binarised.ink, rulings)
        let found = PreprocessingStep(.rulings, applied: false, detail: "\(rulings.summary); paper \(Self.paperName(paper))")
        let strokes = binarised.faint.flatMap { traced(cleaned, into: $0, without: options.ruleRemoval ? rulings.mask : nil) }
        let measures = Measures(
            horizontalRules: rulings.horizontal.count, verticalLines: rulings.vertical.count, rulePeriod: rulings.period,
            paper: Paper(paper), restoredRulePixels: restored, fellInGrain: binarised.textured, faintStrokesTraced: strokes != nil)
        let (read, maskStep) = maskedToInk(level, strokes ?? cleaned, faintStrokes: strokes != nil)
        let grain = PreprocessingStep(.grain, applied: true, detail: "no ink but the paper's grain: nothing to read")
        var asAll = options
        asAll.ruleRemoval = true
        // With rule removal on, `cleaned` is that ink already; otherwise the rules are removed
        // from this run's ink, rather than the page prepared again.
        let pageInk =
            keepsPageInk && asAll == .all
            ? (options.ruleRemoval ? cleaned : Preprocessor(options: .all).removeRules(binarised.ink, rulings).0) : nil
        return Result(
            image: read, binary: cleaned,
            steps: [colourStep, paperStep, deskewStep, binarised.step, found, rulesStep, maskStep] + (binarised.grainOnly ? [grain] : []),
            rotationDegrees: rotation, pageInk: pageInk, textured: binarised.textured, measures: measures, paper: paperBox)
    }

    /// The grey page (1.) and the paper's colour, from an RGB view of `original` that is freed
    /// before the next step: it is the largest image of the run, and keeping it to the end set
    /// the peak memory of a whole ingest (`Docs/Recognition.md`, "Speed and memory").
    func greyAndPaper(_ original: PixImage) throws -> (PixImage, PreprocessingStep, (red: Int, green: Int, blue: Int)) {
        guard let rgb = Leptonica.rgb(original) else { throw OCRError.engine(function: "pixConvertTo32", detail: "conversion failed") }
        let (grey, step) = try dropColour(rgb)
        return (grey, step, Leptonica.paperColour(rgb))
    }

    /// "yellow (252, 243, 160)": a name for the paper's colour, with its RGB.
    static func paperName(_ colour: (red: Int, green: Int, blue: Int)) -> String {
        "\(Paper(colour).rawValue) (\(colour.red), \(colour.green), \(colour.blue))"
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

    /// 1b. The paper (``PaperRegion``, `Docs/Recognition.md`, "The paper"): on a photograph
    /// that shows more than the page, everything outside the paper is set to the paper's grey,
    /// so that a dark table, a binding or a thumb is neither ink nor background to normalise
    /// against. Also returns the paper's bounds, in `grey`'s pixels, when it was found.
    func onPaper(_ grey: PixImage) -> (PixImage, PreprocessingStep, PixelBox?) {
        let kind = PreprocessingStepKind.paper
        guard options.paper else { return (grey, kind.record(applied: false, detail: "off"), nil) }
        guard let reduced = Leptonica.reducedGreyPixels(grey, longerSide: PaperRegion.workingSide),
            let region = PaperRegion.find(width: reduced.width, height: reduced.height, pixels: reduced.pixels)
        else { return (grey, kind.record(applied: false, detail: "the paper fills the image"), nil) }
        guard
            let filled = Leptonica.filledOutside(grey, mask: region.mask, width: region.width, height: region.height, value: region.level)
        else { return (grey, kind.record(applied: false, detail: "the paper was found but could not be masked"), nil) }
        let box = region.bounds(inImageOf: grey.width, grey.height)
        let detail =
            "the paper is \(Int((region.share * 100).rounded())) % of the image, x \(Int(box.x))–\(Int(box.maxX)), y \(Int(box.y))–\(Int(box.maxY)); outside it is left out"
        return (filled, kind.record(applied: true, detail: detail), box)
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

    /// 2. Background normalisation + Otsu, else a global threshold. A split that fell in the
    /// paper's grain is made again below it (``belowGrain(_:otsu:)``). With normalisation, also
    /// the pixels a little lighter than the threshold (``faintThreshold(otsu:)``), from which
    /// ``traced(_:into:without:)`` takes the faint strokes joined to the ink.
    func binarise(_ grey: PixImage) throws -> Binarised {
        let kind = PreprocessingStepKind.backgroundNormalisation
        if options.backgroundNormalisation, let (normalised, binary, otsu) = Leptonica.otsuOnBackgroundNorm(grey) {
            // Faint strokes are not traced through grain: on such a page they would join it all.
            guard Self.isTexture(binary) else {
                let faint = Leptonica.darker(normalised, than: Self.faintThreshold(otsu: otsu))
                return Binarised(ink: binary, faint: faint, step: kind.record(applied: true, detail: "Otsu on normalised background"))
            }
            guard let (ink, threshold) = Self.belowGrain(normalised, otsu: otsu) else {
                return Binarised(ink: binary, textured: true, step: kind.record(applied: true, detail: "Otsu on normalised background"))
            }
            let detail = "Otsu on normalised background fell in the paper's grain at \(otsu); ink below \(threshold)"
            let step = kind.record(applied: true, detail: detail)
            guard Self.isGrainOnly(ink), let none = Leptonica.blank(like: ink) else {
                return Binarised(ink: ink, textured: true, step: step)
            }
            return Binarised(ink: none, textured: true, grainOnly: true, step: step)
        }
        guard let binary = Leptonica.binarise(grey) else {
            throw OCRError.engine(function: "pixConvertTo1", detail: "binarisation failed")
        }
        let detail = options.backgroundNormalisation ? "normalisation failed; global threshold" : "off; global threshold"
        return Binarised(ink: binary, textured: Self.isTexture(binary), step: kind.record(applied: false, detail: detail))
    }

    /// The grey level (of the normalised page, paper at 255) below which a pixel may be a
    /// faint stroke: 0.45 of the way from the Otsu threshold to the paper, so it never reaches
    /// the paper itself. Chosen on the tuning split (`Docs/Recognition.md`, "What Tesseract
    /// reads", "Faint strokes").
    static func faintThreshold(otsu: Int) -> Int { otsu + Int((Double(255 - otsu) * 0.45).rounded()) }

    /// The ink grown into the faint pixels 8-connected to it: hairlines of a pen and the thin
    /// joins of cursive, which Otsu leaves out, are kept for Tesseract to read, while faint
    /// marks that touch no ink (paper grain, light rulings) are not. Removed rulings stay out.
    func traced(_ ink: PixImage, into faint: PixImage, without rulings: PixImage?) -> PixImage? {
        var within = faint
        if let rulings, let outside = Leptonica.subtract(faint, rulings), let kept = Leptonica.union(outside, ink) { within = kept }
        return Leptonica.seedFilled(ink, within: within)
    }

    /// 3. Rule removal: subtracts the rulings found (``Rulings``), then repairs the strokes
    /// that crossed them: a vertical closing of 7 px bridges the gap a removed rule leaves in a
    /// stroke, and only pixels inside the removed mask are given back, so the rule itself stays
    /// gone.
    /// Also returns how many ink pixels were given back to crossing strokes.
    func removeRules(_ binary: PixImage, _ rulings: Rulings) -> (PixImage, PreprocessingStep, restored: Int) {
        guard options.ruleRemoval else { return (binary, PreprocessingStepKind.ruleRemoval.record(applied: false, detail: "off"), 0) }
        guard let mask = rulings.mask, let removed = Leptonica.subtract(binary, mask) else {
            return (binary, PreprocessingStepKind.ruleRemoval.record(applied: false, detail: "no rulings found"), 0)
        }
        var cleaned = removed
        var restored = 0
        if let closed = Leptonica.morph(removed, "c1.7"), let bridges = Leptonica.intersection(closed, mask),
            let repaired = Leptonica.union(removed, bridges)
        {
            restored = Leptonica.inkCount(bridges)
            cleaned = repaired
        }
        let detail = "removed \(Leptonica.inkCount(mask)) px of rulings; restored \(restored) px where strokes crossed them"
        return (cleaned, PreprocessingStepKind.ruleRemoval.record(applied: true, detail: detail), restored)
    }

    /// 5. The grey page with everything more than 3 px from the ink set to white: Tesseract's
    /// LSTM reads the grey of the strokes' edges, which thresholding threw away, while the
    /// rulings, shading and specks the earlier steps removed stay removed. Chosen on the tuning
    /// split (`Docs/Recognition.md`, "What Tesseract reads"): CER 0.093 as with the 1-bit page,
    /// line precision 0.963 → 0.978; grown by 0, 1, 5 or 8 px, CER was 0.094–0.102. `ink`
    /// includes the faint strokes joined to the ink when `faintStrokes` says so.
    func maskedToInk(_ grey: PixImage, _ ink: PixImage, faintStrokes: Bool) -> (PixImage, PreprocessingStep) {
        guard let masked = Leptonica.masked(grey, by: ink, grow: 3) else {
            return (ink, PreprocessingStep(.inkMask, applied: false, detail: "the 1-bit page is read"))
        }
        let traced = faintStrokes ? " and of the faint strokes joined to it" : ""
        return (masked, PreprocessingStep(.inkMask, applied: true, detail: "the grey page is read within 3 px of the ink\(traced)"))
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
