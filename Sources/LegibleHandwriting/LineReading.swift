import LegibleLayout

/// A page image in grey, as the handwriting reader crops its lines from it: `width × height`
/// values, row-major, 0 black … 255 white.
public struct GreyImage: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The pixels, row-major.
    public var pixels: [UInt8]

    /// An image of `width × height` `pixels`.
    public init(width: Int, height: Int, pixels: [UInt8]) { (self.width, self.height, self.pixels) = (width, height, pixels) }

    /// The part under `box` (image pixels), grown by `padding` pixels on every side and kept
    /// inside the image, and its top-left corner in the image; one white pixel when nothing of
    /// it is inside.
    public func crop(_ box: PixelBox, padding: Int) -> (image: GreyImage, origin: (x: Int, y: Int)) {
        let blank = (GreyImage(width: 1, height: 1, pixels: [255]), (x: 0, y: 0))
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return blank }
        let x0 = max(0, Int(max(box.x, -1e9)) - padding), y0 = max(0, Int(max(box.y, -1e9)) - padding)
        let x1 = min(width, Int(min(box.x + box.width, 1e9)) + padding), y1 = min(height, Int(min(box.y + box.height, 1e9)) + padding)
        guard x1 > x0, y1 > y0 else { return blank }
        var cropped: [UInt8] = []
        cropped.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { cropped += pixels[(y * width + x0)..<(y * width + x1)] }
        return (GreyImage(width: x1 - x0, height: y1 - y0, pixels: cropped), (x0, y0))
    }
}

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
}

extension HandwritingModel {
    /// The widths a line is read at, as factors of its width at the model's height: a long line
    /// at its own width can have fewer time steps than characters (`Docs/Recognition.md`,
    /// "Handwriting").
    public static let widthScales = [1.0, 2.0]
    /// Time steps a character needs, below which a line is read again wider: CTC needs a blank
    /// between two equal characters, and handwriting's letters are wide.
    public static let crowding = 3.0
    /// The mean character probability at or above which a reading at the line's own width is
    /// kept without reading it wider.
    public static let sureEnough: Float = 0.9

    /// The line of `image` under `box`, padded `padding` pixels, read at its own width and, when
    /// that reading is unsure (below ``sureEnough``) or its characters crowd the time steps
    /// (fewer than ``crowding`` steps a character), at the wider ``widthScales`` too; the reading whose characters are on average more probable is
    /// kept. `classes` are the classes the page's script may read (``latinClasses()``), every
    /// class when nil. With `words` (over the same classes' symbols), each reading is the beam
    /// search's over the page language's words
    /// (``CTCDecoding/beamSearch(_:steps:vocabulary:allowed:settings:)``); without, the greedy one.
    public func read(
        _ image: GreyImage, box: PixelBox, padding: Int = 8, classes: ReadingClasses? = nil, words: CTCDecoding.Vocabulary? = nil,
        settings: CTCDecoding.BeamSettings = CTCDecoding.BeamSettings()
    ) throws(LoadFailure) -> LineReading {
        let (line, origin) = image.crop(box, padding: padding)
        let crop = PixelBox(x: Double(origin.x), y: Double(origin.y), width: Double(line.width), height: Double(line.height))
        var best = LineReading(text: "", confidence: -1, characters: [], crop: crop)
        for scale in Self.widthScales {
            // A line whose characters have room at its own width is read once.
            if scale != Self.widthScales[0], !Self.worthWidening(best) { break }
            let tensor = LineTensor(grey: line.pixels, width: line.width, height: line.height, widthScale: scale)
            let reading = decode(
                try probabilities(tensor, classes: classes), crop: crop, classes: classes, words: words, settings: settings)
            if reading.confidence > best.confidence { best = reading }
        }
        return best
    }

    /// Whether `reading`, at the line's own width, is unsure (below ``sureEnough``) or crowds
    /// its time steps (fewer than ``crowding`` steps a character), so the line is read wider.
    public static func worthWidening(_ reading: LineReading) -> Bool {
        reading.confidence < sureEnough || reading.steps < Int(crowding * Double(reading.characters.count))
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
    /// model's alphabet holds 18,383 symbols, most of them CJK, which it gives on hard lines of
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
