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
    /// inside the image; one white pixel when nothing of it is inside.
    public func crop(_ box: PixelBox, padding: Int) -> GreyImage {
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else {
            return GreyImage(width: 1, height: 1, pixels: [255])
        }
        let x0 = max(0, Int(max(box.x, -1e9)) - padding), y0 = max(0, Int(max(box.y, -1e9)) - padding)
        let x1 = min(width, Int(min(box.x + box.width, 1e9)) + padding), y1 = min(height, Int(min(box.y + box.height, 1e9)) + padding)
        guard x1 > x0, y1 > y0 else { return GreyImage(width: 1, height: 1, pixels: [255]) }
        var cropped: [UInt8] = []
        cropped.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { cropped += pixels[(y * width + x0)..<(y * width + x1)] }
        return GreyImage(width: x1 - x0, height: y1 - y0, pixels: cropped)
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
}

extension HandwritingModel {
    /// The widths a line is read at, as factors of its width at the model's height: a long line
    /// at its own width can have fewer time steps than characters (`Docs/Recognition.md`,
    /// "Handwriting").
    public static let widthScales = [1.0, 2.0]

    /// The line of `image` under `box`, padded `padding` pixels, read at each of
    /// ``widthScales``; the reading whose characters are on average more probable is kept.
    public func read(_ image: GreyImage, box: PixelBox, padding: Int = 8) throws(LoadFailure) -> LineReading {
        let line = image.crop(box, padding: padding)
        var best = LineReading(text: "", confidence: -1, characters: [])
        for scale in Self.widthScales {
            let output = try probabilities(LineTensor(grey: line.pixels, width: line.width, height: line.height, widthScale: scale))
            let characters = CTCDecoding.greedy(output.values, steps: output.steps, alphabet: alphabet)
            let confidence = characters.isEmpty ? 0 : characters.map(\.confidence).reduce(0, +) / Float(characters.count)
            if confidence > best.confidence {
                let text = characters.map(\.symbol).joined().trimmingCharacters(in: .whitespaces)
                best = LineReading(text: text, confidence: confidence, characters: characters)
            }
        }
        return best
    }
}
