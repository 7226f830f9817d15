import LegibleImage
import LegibleLayout
import LegibleLines

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
    /// The lines the text detector found on the page in grey (``LineDetector``), each read as
    /// one raw line of text (PSM 13): for handwriting whose lines Tesseract's layout analysis
    /// and the ink's rows both miss, such as a page photographed on a dark table
    /// (`Docs/Recognition.md`, "Detected lines").
    case detectedLines = "lines the text detector found"

    /// The page segmentation mode this strategy reads with, given the configured one.
    func pageSegmentationMode(configured: Int) -> Int {
        switch self {
        case .singleColumn: return 4
        case .foundLines, .detectedLines: return 13
        default: return configured
        }
    }
}

/// What the recognition check measured and chose, as values; the `recognition-check` step
/// records the same in words (`Docs/Recognition.md`, "Check and retry").
struct RecognitionCheck: Equatable {
    /// One reading tried, with its measures.
    struct Tried: Equatable {
        var strategy: ReadingStrategy
        /// The share of the page's ink inside its lines, 0…1.
        var coverage: Double
        /// How many lines it read.
        var lines: Int
        /// Its mean word confidence, 0…1.
        var confidence: Double
    }

    /// Every reading tried, the first reading first.
    var readings: [Tried]
    /// The strategy of the reading kept.
    var kept: ReadingStrategy

    /// The check of `readings`, `kept` the one kept.
    init(_ readings: [Reading], kept: Reading) {
        self.readings = readings.map {
            Tried(strategy: $0.strategy, coverage: $0.coverage, lines: $0.lines.count, confidence: $0.confidence)
        }
        self.kept = kept.strategy
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

    /// Whether this reading, of the detector's lines, is kept before `layout`,
    /// the layout analysis's reading of the same page: it has lines, and holds at least as much
    /// of the ink, less ``coverageSlack``. Tesseract's confidence is not compared: on a raw
    /// line it is low whatever the line, and the handwriting reader reads the words.
    func preferred(over layout: Reading) -> Bool {
        !lines.isEmpty && coverage >= layout.coverage - Self.coverageSlack
    }

    /// How much less of the ink the detector's lines may hold and still be kept first.
    static let coverageSlack = 0.05

    /// Whether this reading, tried after `kept`, is kept instead of it: by score, except
    /// against the detector's lines, which are judged by the ink alone, as they were kept before
    /// the layout's. Those go only for a reading that holds more than ``coverageSlack`` more of
    /// the ink. By score, Tesseract's low confidence on their raw lines made a few lines of
    /// print or a half-size reading win over 100 lines of writing (`Docs/Recognition.md`,
    /// "Detected lines").
    func replaces(_ kept: Reading) -> Bool {
        kept.strategy == .detectedLines ? coverage > kept.coverage + Self.coverageSlack : score > kept.score
    }

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
    static func alternatives(after first: Reading, options: PreprocessingOptions, detecting: Bool = false) -> [ReadingStrategy] {
        let others: [ReadingStrategy] = [.original] + (options.ruleRemoval ? [] : [.ruleRemoval]) + [.singleColumn]
        let detected: [ReadingStrategy] = detecting ? [.detectedLines] : []
        return first.coverage < 0.5 ? detected + [.foundLines, .halfSize] + others : detected + others + [.halfSize, .foundLines]
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
        /// cleaning left of specks and dust: no writing that a reading could miss, so it starts
        /// no retry: a white page with five dots of dust was read six times over without it
        /// (`Docs/Recognition.md`, "Grain").
        static let leastInk = 64

        /// The reference of a page whose standard reading found `binary` (ink = 1); `textured`
        /// as ``Preprocessor/Result/textured``.
        init?(standard binary: PixImage, textured: Bool, rotationDegrees: Double, width: Int, height: Int) {
            guard let half = Leptonica.halved(binary) else { return nil }
            isTexture = textured
            ink = Self.cleaned(half)
            let count = Leptonica.inkCount(ink)
            total = count < Self.leastInk ? 0 : count
            toDeskewed = RotationMapping(degrees: -rotationDegrees, width: width, height: height)
        }

        /// The half-size `ink` without rulings, margins and specks. Rulings go in two passes:
        /// straight runs of 30 px (or a fortieth of the page) are opened out, which breaks a
        /// ruled grid into pieces; then every component more than 12 times longer than thick is
        /// dropped, which takes the tilted pieces an opening misses. Specks of 1–2 px go last.
        static func cleaned(_ ink: PixImage) -> PixImage {
            var ink = ink
            let across = max(30, ink.width / 20)
            let down = max(30, ink.height / 20)
            for sequence in ["o\(across).1 + d1.3", "o1.\(down) + d3.1"] {
                if let rules = Leptonica.morph(ink, sequence), let cleaned = Leptonica.subtract(ink, rules) { ink = cleaned }
            }
            if let thick = Leptonica.withoutThinLines(ink) { ink = thick }
            return Leptonica.morph(ink, "o2.2") ?? ink
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
        return PreprocessingStep(.recognitionCheck, applied: readings.count > 1, detail: detail)
    }
}
