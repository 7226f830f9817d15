/// A page image's samples, 8 bits each, rows top to bottom without padding.
public struct PagePixels: Sendable, Equatable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// 1 for grey, 3 for RGB.
    public var channels: Int
    /// `width × height × channels` samples.
    public var samples: [UInt8]

    /// Pixels from their samples; `samples.count` must be `width × height × channels`.
    public init(width: Int, height: Int, channels: Int, samples: [UInt8]) {
        precondition(samples.count == width * height * channels)
        (self.width, self.height, self.channels, self.samples) = (width, height, channels, samples)
    }

    /// The same pixels as grey when every pixel's three samples are equal, as in a scan
    /// stored in colour: grey pixels take a third of the space and read the same.
    public func greyWhereNeutral() -> PagePixels {
        guard channels == 3 else { return self }
        var grey = [UInt8](repeating: 0, count: width * height)
        for index in grey.indices {
            let red = samples[index * 3]
            guard samples[index * 3 + 1] == red, samples[index * 3 + 2] == red else { return self }
            grey[index] = red
        }
        return PagePixels(width: width, height: height, channels: 1, samples: grey)
    }

    /// The pixels turned `quarterTurns` quarter turns clockwise, as a page's `/Rotate` shows them.
    public func rotated(quarterTurns: Int) -> PagePixels {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let (outWidth, outHeight) = turns == 2 ? (width, height) : (height, width)
        var out = [UInt8](repeating: 0, count: samples.count)
        for y in 0..<height {
            for x in 0..<width {
                let (tx, ty): (Int, Int)
                switch turns {
                case 1: (tx, ty) = (height - 1 - y, x)
                case 2: (tx, ty) = (width - 1 - x, height - 1 - y)
                default: (tx, ty) = (y, width - 1 - x)
                }
                let from = (y * width + x) * channels, to = (ty * outWidth + tx) * channels
                for channel in 0..<channels { out[to + channel] = samples[from + channel] }
            }
        }
        return PagePixels(width: outWidth, height: outHeight, channels: channels, samples: out)
    }
}
