import Foundation
import LegibleImage
import LegibleLayout

/// What the handwriting reader read on one line.
public struct LineReading: Sendable, Equatable {
    /// The text, without spaces at its ends.
    public var text: String
    /// The mean probability of its characters, 0…1 (0 for an empty reading). Not yet calibrated.
    public var confidence: Float
    /// Each character with its time steps.
    public var characters: [CTCDecoding.Character]
    /// The model's time steps for the line; step `t` covers `crop.width / steps` pixels from
    /// `crop.x + t · crop.width / steps`.
    public var steps: Int = 0
    /// The part of the page that was read, image pixels.
    public var crop = PixelBox(x: 0, y: 0, width: 0, height: 0)
    /// Whether the line's ink is the writing on the sheet's other side, seen through the
    /// paper: it reads surer turned over (``HandwritingModel/seenThrough(_:asRead:scale:classes:)``).
    public var seenThrough = false
}

extension HandwritingModel {
    /// The widths a page's lines may be read at, as factors of a line's width at the model's
    /// height. A hand of narrow letters needs its lines widened, or the model reads it badly
    /// (`Docs/Recognition.md`, "Handwriting").
    public static let widthScales = [1.0, 1.25, 2.0]
    /// How many of a page's lines, from its first, are read at every width to choose the width
    /// the whole page is read at.
    public static let sampleLines = 6

    /// The lines of `image` under `boxes`, each padded `padding` pixels (a line with a slanted
    /// rectangle in `outlines`, one per box where given, read from it turned level:
    /// ``cropped(_:box:outline:padding:)``), read at the one width
    /// of ``widthScales`` that suits the page's hand: its first ``sampleLines`` lines are read
    /// at the narrowest, then wider while their greedy readings get surer (``pageWidth(_:)``),
    /// and every line is read at the width so chosen. The width is the writer's, not the
    /// line's: chosen line by line, the surest width is as often wrong as right. `classes` are
    /// the classes the page's script may read (``latinClasses()``), every class when nil. With
    /// `words` (over the same classes' symbols), each reading is the beam search's over the
    /// page language's words (``CTCDecoding/beamSearch(_:steps:vocabulary:allowed:settings:)``);
    /// without, the greedy one. One reading for each box, in order, each saying whether its line
    /// is the other side's writing seen through the paper (``probedLines(_:)``,
    /// ``seenThrough(_:asRead:scale:classes:)``).
    public func readPage(
        _ image: GreyImage, boxes: [PixelBox], outlines: [[PixelPoint]?] = [], padding: Int = 8, classes: ReadingClasses? = nil,
        words: CTCDecoding.Vocabulary? = nil, settings: CTCDecoding.BeamSettings = CTCDecoding.BeamSettings(),
        until deadline: Date = .distantFuture
    ) throws(LoadFailure) -> [LineReading] {
        let lines = boxes.indices.map { index in
            Self.cropped(image, box: boxes[index], outline: index < outlines.count ? outlines[index] : nil, padding: padding)
        }
        // A writer's head was learnt at its hand's width, which every page is then read at.
        let (width, sampled) =
            if let head, head.classes == classes?.indices {
                (Self.widthScales.firstIndex(of: head.widthScale) ?? 0, [[(steps: Int, values: [Float])]]())
            } else {
                try sampledWidth(lines.prefix(Self.sampleLines).map(\.image), classes: classes)
            }
        let scale = Self.widthScales[width]
        func output(_ index: Int) throws(LoadFailure) -> (steps: Int, values: [Float]) {
            // The page deadline is looked at before each line: a line's reading is short.
            guard Date() < deadline else { throw LoadFailure(description: "the page deadline passed", pastDeadline: true) }
            return index < sampled.count ? sampled[index][width] : try self.output(lines[index].image, scale, classes: classes)
        }
        // A few lines across the page are looked at turned over, and every line only on a page
        // where one of them was seen through (`Docs/Recognition.md`, "Writing seen through the paper").
        var probed: [Int: (output: (steps: Int, values: [Float]), seen: Bool)] = [:]
        for index in Self.probedLines(lines.count) {
            let kept = try output(index)
            probed[index] = (kept, try seenThrough(lines[index].image, asRead: kept, scale: scale, classes: classes))
        }
        let showsThrough = probed.values.contains { $0.seen }
        var readings: [LineReading] = []
        for index in lines.indices {
            let kept = if let probe = probed[index] { probe.output } else { try output(index) }
            var reading = decode(kept, crop: lines[index].crop, classes: classes, words: words, settings: settings)
            if let probe = probed[index] {
                reading.seenThrough = probe.seen
            } else if showsThrough {
                reading.seenThrough = try seenThrough(lines[index].image, asRead: kept, scale: scale, classes: classes)
            }
            readings.append(reading)
        }
        return readings
    }

    /// The pixels a line is read from, and the upright part of the page they stand for, which
    /// places its words (image pixels): under `box` grown by `padding`; or, for a line slanted
    /// in its `outline` that climbs across `box` by ``leastDrift`` of the thickness read or more,
    /// its rectangle turned level (``GreyImage/straightened(_:across:trim:padding:leastDrift:)``),
    /// less ``straightTrim`` of its thickness at each side, still placed in `box`'s crop
    /// (`Docs/Recognition.md`, "Slanted lines").
    public static func cropped(_ image: GreyImage, box: PixelBox, outline: [PixelPoint]?, padding: Int) -> (
        image: GreyImage, crop: PixelBox
    ) {
        if let outline,
            let straight = image.straightened(outline, across: box, trim: straightTrim, padding: padding, leastDrift: leastDrift)
        {
            // Only the upright crop's place is needed: its pixels are not copied.
            let bounds = image.cropBounds(box, padding: padding)
            return (straight, bounds.width > 0 ? bounds : PixelBox(x: 0, y: 0, width: 1, height: 1))
        }
        let (upright, origin) = image.crop(box, padding: padding)
        return (upright, PixelBox(x: Double(origin.x), y: Double(origin.y), width: Double(upright.width), height: Double(upright.height)))
    }

    /// The least a slanted line climbs or falls across its box, as a share of the thickness read,
    /// for it to be read turned level: an upright box trims 15 % of its height at the top and at
    /// the bottom, which takes off the ends of the neighbours a smaller climb brings in, while
    /// turning resamples every pixel. Under it, the bundled pages' lines of about a degree read
    /// upright as before (`Experiments/2026-12-06-slanted-lines.md`).
    public static let leastDrift = 0.25

    /// The share of a slanted line's rectangle left out at its top and at its bottom when it is
    /// read turned level: as much as an upright box loses (``HandwritingLineReader/verticalTrim``).
    /// The detector's rectangle reaches past the ink on every side (DB's unclip), and read
    /// whole, the three real sets read worse (`Experiments/2026-12-06-slanted-lines.md`).
    public static let straightTrim = HandwritingLineReader.verticalTrim

    /// The index into ``widthScales`` a page whose first lines are `sample` (crops in grey) is
    /// read at, and the model's output for each sampled line at each width read so far: the
    /// sample is read at the narrowest width, then one wider at a time while ``pageWidth(_:)``
    /// takes the wider one.
    public func sampledWidth(
        _ sample: [GreyImage], classes: ReadingClasses? = nil
    ) throws(LoadFailure) -> (width: Int, sampled: [[(steps: Int, values: [Float])]]) {
        var sampled = [[(steps: Int, values: [Float])]](repeating: [], count: sample.count)
        var confidences = sample.map { _ in [Float]() }
        var width = 0
        for scale in Self.widthScales {
            let index = sampled.first?.count ?? 0
            for line in sample.indices {
                sampled[line].append(try output(sample[line], scale, classes: classes))
                confidences[line].append(
                    decode(sampled[line][index], crop: PixelBox(x: 0, y: 0, width: 0, height: 0), classes: classes).confidence)
            }
            width = Self.pageWidth(confidences)
            guard width == index, !sample.isEmpty else { break }
        }
        return (width, sampled)
    }

    /// The model's output for `line` (grey) at `scale` times its width at the model's height.
    func output(_ line: GreyImage, _ scale: Double, classes: ReadingClasses?) throws(LoadFailure) -> (steps: Int, values: [Float]) {
        try probabilities(LineTensor(grey: line.pixels, width: line.width, height: line.height, widthScale: scale), classes: classes)
    }

    /// The line of `image` under `box`, read as a page of one line (``readPage(_:boxes:outlines:padding:classes:words:settings:until:)``).
    public func read(
        _ image: GreyImage, box: PixelBox, padding: Int = 8, classes: ReadingClasses? = nil, words: CTCDecoding.Vocabulary? = nil,
        settings: CTCDecoding.BeamSettings = CTCDecoding.BeamSettings()
    ) throws(LoadFailure) -> LineReading {
        try readPage(image, boxes: [box], padding: padding, classes: classes, words: words, settings: settings)[0]
    }

    /// How much surer, on average, a wider reading of a page must be than a narrower one to be
    /// chosen: between near-equal widths the narrower reads better, as its letters keep the
    /// shapes the model learnt.
    public static let widerMargin: Float = 0.02

    /// The index into ``widthScales`` a page is read at: from the narrowest, each wider width
    /// whose readings are on average surer by ``widerMargin`` than the width before it, until
    /// one is not (the sureness of a page's readings rises to one width and falls after it, so
    /// the sample need not be read wider than that). `confidences` holds, for each sampled
    /// line, its greedy reading's mean character probability at each width read. The
    /// narrowest when nothing was sampled.
    public static func pageWidth(_ confidences: [[Float]]) -> Int {
        var best = (index: 0, mean: -Float.infinity)
        for index in widthScales.indices {
            let values = confidences.compactMap { index < $0.count ? $0[index] : nil }
            guard !values.isEmpty else { break }
            let mean = values.reduce(0, +) / Float(values.count)
            guard index == 0 || mean > best.mean + widerMargin else { break }
            best = (index, mean)
        }
        return best.index
    }

    /// The reading of the model's `output` (over `classes`, or every class) for the line
    /// cropped at `crop`: the beam search's over `words` when given, else the greedy one.
    public func decode(
        _ output: (steps: Int, values: [Float]), crop: PixelBox, classes: ReadingClasses? = nil, words: CTCDecoding.Vocabulary? = nil,
        settings: CTCDecoding.BeamSettings = CTCDecoding.BeamSettings()
    ) -> LineReading {
        let characters =
            if let words {
                CTCDecoding.beamSearch(output.values, steps: output.steps, vocabulary: words, settings: settings)
            } else {
                CTCDecoding.greedy(output.values, steps: output.steps, alphabet: classes?.symbols ?? alphabet)
            }
        let confidence = characters.isEmpty ? 0 : characters.map(\.confidence).reduce(0, +) / Float(characters.count)
        let text = characters.map(\.symbol).joined().trimmingCharacters(in: .whitespaces)
        return LineReading(text: text, confidence: confidence, characters: characters, steps: output.steps, crop: crop)
    }

    /// Which classes a page in Latin script may read: the blank, the space, and symbols made of
    /// Latin letters, digits, punctuation and the Latin-1 and Latin Extended-A blocks. The
    /// model's alphabet holds 18,708 symbols, most of them CJK, which it gives on hard lines of
    /// an English or French page.
    public func latinClasses() -> ReadingClasses {
        let kept = alphabet.indices.filter { index in
            index == 0
                || alphabet[index].unicodeScalars.allSatisfy { scalar in
                    (0x20...0x7E).contains(scalar.value) || (0xA0...0x17F).contains(scalar.value)
                        || (0x2018...0x201E).contains(scalar.value) || [0x2013, 0x2014, 0x2026].contains(scalar.value)
                }
        }
        return ReadingClasses(indices: kept, symbols: kept.map { alphabet[$0] })
    }
}

/// The classes of the model's alphabet that a reading keeps, in the model's order, the blank
/// (class 0) first: their indices into ``HandwritingModel/alphabet`` and their symbols.
public struct ReadingClasses: Sendable, Equatable {
    /// Indices into the model's alphabet, ascending, 0 first.
    public var indices: [Int]
    /// The symbol of each, "" for the blank.
    public var symbols: [String]
}
