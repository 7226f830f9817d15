import LegibleLayout

/// One way of reading a page, tried in order until a reading is good enough
/// (`Docs/Recognition.md`, "Check and retry").
enum ReadingStrategy: String, CaseIterable, Sendable {
    /// The configured preprocessing (by default colour drop-out, background, deskew).
    case standard = "the standard preprocessing"
    /// The same, with morphological removal of the rulings it finds.
    case ruleRemoval = "rule removal"
    /// The original page, as plain Tesseract reads it.
    case original = "the original page"
    /// The standard preprocessing read as one column of text (PSM 4), for layouts that the
    /// automatic segmentation breaks up.
    case singleColumn = "one column (PSM 4)"
    /// The standard preprocessing read at half size, for writing so large that Tesseract's
    /// layout analysis takes it for drawing (letters 60–80 px high at 250 dpi came back as
    /// no lines at all).
    case halfSize = "half size"
    /// The lines ``LineFinder`` finds in the ink, each read as one raw line of text (PSM 13),
    /// for pages whose lines Tesseract's layout analysis does not find. PSM 7 (one line) gave
    /// no words at all for 7 of 18 such lines of a cursive letter; PSM 13 gave words for each.
    case foundLines = "lines found in the ink"

    /// The page segmentation mode this strategy reads with, given the configured one.
    func pageSegmentationMode(configured: Int) -> Int {
        switch self {
        case .singleColumn: return 4
        case .foundLines: return 13
        default: return configured
        }
    }
}

/// A finished reading with the measures that judge it.
struct Reading {
    var strategy: ReadingStrategy
    var lines: [RecognisedLine]
    var steps: [PreprocessingStep]
    /// The share of the page's ink inside the recognised lines, 0…1.
    var coverage: Double
    /// The mean word confidence, 0…1 (0 with no words).
    var confidence: Double

    /// The documented score: coverage × confidence. A reading that misses ink, or reads it
    /// with little confidence, scores low.
    var score: Double { coverage * confidence }

    /// Good enough to keep without trying another way: at least 90 % of the ink inside lines.
    /// Confidence alone starts no retry (`Docs/Recognition.md`, "Check and retry"): retrying the
    /// tuning pages read below 0.70 did not lower their CER, and where first readings below
    /// 0.40 were read again, the other reading read worse or was not kept.
    var isGood: Bool { coverage >= 0.90 }

    var summary: String {
        "\(strategy.rawValue): \(Int((coverage * 100).rounded()))% of ink in \(lines.count) lines, confidence \(String(format: "%.2f", confidence))"
    }
}

extension Recogniser {
    /// The strategies to try after a first reading that is not good, in order. The original
    /// page comes first: on the tuning split it was the reading most often better.
    ///
    /// When less than half the ink was read, Tesseract's layout analysis has failed on the
    /// page (large writing, looping cursive), so the lines found in the ink come first, then
    /// half size.
    static func alternatives(after first: Reading, options: PreprocessingOptions) -> [ReadingStrategy] {
        let others: [ReadingStrategy] = [.original] + (options.ruleRemoval ? [] : [.ruleRemoval]) + [.singleColumn]
        return first.coverage < 0.5 ? [.foundLines, .halfSize] + others : others + [.halfSize, .foundLines]
    }

    /// The ink a reading is measured against (`Docs/Recognition.md`, "Check and retry"): the
    /// standard reading's 1-bit page, at half size, without rulings, margins and specks.
    struct Reference {
        /// Ink = 1, in the standard reading's (deskewed) frame at half size.
        var ink: PixImage
        /// Ink pixels of ``ink``; 0 when there are fewer than ``leastInk``.
        var total: Int
        /// Maps original pixels into the deskewed frame.
        var toDeskewed: RotationMapping
        /// Whether binarisation first took more than ``LineFinder/maximumInkShare`` of the page
        /// for ink (``Preprocessor/Result/textured``): noise or grain, not writing. Cleaning can
        /// leave such a page with specks enough to look like rows of small writing.
        var isTexture: Bool

        /// Less ink than this (px at half size, a blot 16 px across at full size) is what
        /// cleaning left of specks: no writing that a reading could miss, so it starts no retry.
        static let leastInk = 64

        /// On a textured page, pieces of ink smaller than this (px at half size) are clusters of
        /// the grain that the split below it left: a uniform grain left 1,949 px in such
        /// pieces, while a word on a grainy page keeps 307 of its 362 px without them.
        static let grainCluster = 16

        /// The reference of a page whose standard reading found `binary` (ink = 1); `textured`
        /// as ``Preprocessor/Result/textured``.
        init?(standard binary: PixImage, textured: Bool, rotationDegrees: Double, width: Int, height: Int) {
            guard let half = Leptonica.halved(binary, rank: textured ? 2 : 1) else { return nil }
            isTexture = textured
            ink = Self.cleaned(half, textured: textured)
            let count = Leptonica.inkCount(ink)
            total = count < Self.leastInk ? 0 : count
            toDeskewed = RotationMapping(degrees: -rotationDegrees, width: width, height: height)
        }

        /// Whether a textured page's ink, `binary` (ink = 1, full size), is nothing but its
        /// paper's grain: less than ``leastInk`` is left of it without the pieces smaller than
        /// ``grainPiece``. Such a page is blank, and Tesseract would read its specks as text.
        /// It is judged at full size, because the reference's cleaning at half size takes the
        /// thin strokes of a pencil too.
        static func isGrainOnly(_ binary: PixImage) -> Bool {
            guard let pieces = Leptonica.withoutSpecks(binary, smallerThan: grainPiece) else { return false }
            return Leptonica.inkCount(pieces) < leastInk
        }

        /// Pieces of a textured page's ink smaller than this (px, full size) are grain.
        static let grainPiece = 24

        /// The half-size `ink` without rulings, margins and specks. Rulings go in two passes:
        /// straight runs of 30 px (or a fortieth of the page) are opened out, which breaks a
        /// ruled grid into pieces; then every component more than 12 times longer than thick is
        /// dropped, which takes the tilted pieces an opening misses. Specks of 1–2 px go last,
        /// and on a textured page the clusters of its grain (``grainCluster``).
        ///
        /// A textured page was halved keeping a pixel where two of its four were ink, not one:
        /// one in four turned the specks left below the paper's grain into a field dense enough
        /// to survive this cleaning.
        static func cleaned(_ ink: PixImage, textured: Bool) -> PixImage {
            var ink = ink
            let across = max(30, ink.width / 20)
            let down = max(30, ink.height / 20)
            for sequence in ["o\(across).1 + d1.3", "o1.\(down) + d3.1"] {
                if let rules = Leptonica.morph(ink, sequence), let cleaned = Leptonica.subtract(ink, rules) { ink = cleaned }
            }
            if let thick = Leptonica.withoutThinLines(ink) { ink = thick }
            ink = Leptonica.morph(ink, "o2.2") ?? ink
            if textured, let kept = Leptonica.withoutSpecks(ink, smallerThan: grainCluster) { ink = kept }
            return ink
        }

        /// The share of the ink inside `lines` (each padded by 4 px), 1 on a page without ink.
        func coverage(of lines: [RecognisedLine]) -> Double {
            guard total > 0 else { return 1 }
            let boxes = lines.map { line -> PixelBox in
                let box = toDeskewed.toOriginal(line.box)
                return PixelBox(left: box.x / 2 - 2, top: box.y / 2 - 2, right: box.maxX / 2 + 2, bottom: box.maxY / 2 + 2)
            }
            return 1 - Double(Leptonica.inkOutside(ink, boxes: boxes)) / Double(total)
        }
    }

    /// The mean word confidence of `lines`, 0 without words.
    static func meanConfidence(_ lines: [RecognisedLine]) -> Double {
        let confidences = lines.flatMap { $0.words.compactMap(\.confidence) }
        return confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
    }

    /// The step recorded for the check: what the first reading measured, what else was
    /// tried, and which reading was kept.
    static func checkStep(_ readings: [Reading], kept: Reading) -> PreprocessingStep {
        let tried = readings.map(\.summary).joined(separator: "; ")
        let detail = readings.count == 1 ? "\(tried); kept" : "\(tried); kept \(kept.strategy.rawValue)"
        return PreprocessingStep(name: "recognition-check", applied: readings.count > 1, detail: detail)
    }
}
