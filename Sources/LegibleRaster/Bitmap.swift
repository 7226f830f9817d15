/// An 8-bit RGBA image in memory: `width × height` pixels, rows top to bottom, 4 bytes per
/// pixel. Coordinates are pixels, origin top-left, y down.
public struct Bitmap: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, RGBA, row-major.
    public var pixels: [UInt8]

    /// An RGBA colour, 8 bits per channel.
    public struct Colour: Equatable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        /// Creates a colour; `alpha` 255 is opaque.
        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
        public static let white = Colour(255, 255, 255)
    }

    /// A bitmap filled with one colour.
    public init(width: Int, height: Int, fill: Colour = .white) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = fill.red
            pixels[index + 1] = fill.green
            pixels[index + 2] = fill.blue
            pixels[index + 3] = fill.alpha
        }
    }

    /// A bitmap over existing RGBA bytes (`pixels.count` must be `width * height * 4`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at `(x, y)`; pixels outside the bitmap read as transparent black.
    public func colour(x: Int, y: Int) -> Colour {
        guard x >= 0, y >= 0, x < width, y < height else { return Colour(0, 0, 0, 0) }
        let index = (y * width + x) * 4
        return Colour(pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }

    /// Blends `colour` over the pixel at `(x, y)` by its alpha (no antialiasing anywhere).
    public mutating func blend(x: Int, y: Int, _ colour: Colour) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 4
        let alpha = Int(colour.alpha)
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 { UInt8((Int(new) * alpha + Int(old) * (255 - alpha)) / 255) }
        pixels[index] = mix(pixels[index], colour.red)
        pixels[index + 1] = mix(pixels[index + 1], colour.green)
        pixels[index + 2] = mix(pixels[index + 2], colour.blue)
        pixels[index + 3] = 255
    }

    /// Fills the pixel rectangle `[x, x+width) × [y, y+height)` (rounded to whole pixels,
    /// clipped to the bitmap) with `colour`, blended by its alpha.
    public mutating func fill(x: Double, y: Double, width: Double, height: Double, _ colour: Colour) {
        let left = max(0, Int(x.rounded())), top = max(0, Int(y.rounded()))
        let right = min(self.width, Int((x + width).rounded())), bottom = min(self.height, Int((y + height).rounded()))
        guard right > left, bottom > top else { return }
        for row in top..<bottom {
            for column in left..<right { blend(x: column, y: row, colour) }
        }
    }

    /// Draws the outline of a rectangle, `thickness` pixels wide inside its edges.
    public mutating func stroke(x: Double, y: Double, width: Double, height: Double, thickness: Int = 2, _ colour: Colour) {
        let t = Double(thickness)
        fill(x: x, y: y, width: width, height: min(t, height), colour)
        fill(x: x, y: y + height - min(t, height), width: width, height: min(t, height), colour)
        fill(x: x, y: y + t, width: min(t, width), height: max(0, height - 2 * t), colour)
        fill(x: x + width - min(t, width), y: y + t, width: min(t, width), height: max(0, height - 2 * t), colour)
    }

    /// Scales the bitmap down by an integer factor (nearest pixel), for small references.
    public func downsampled(by factor: Int) -> Bitmap {
        guard factor > 1 else { return self }
        let newWidth = max(1, width / factor), newHeight = max(1, height / factor)
        var out = Bitmap(width: newWidth, height: newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                let source = ((y * factor) * width + x * factor) * 4
                let target = (y * newWidth + x) * 4
                for channel in 0..<4 { out.pixels[target + channel] = pixels[source + channel] }
            }
        }
        return out
    }
}
