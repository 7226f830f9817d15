import Foundation
import LegibleLayout
import LegibleRaster
import LegibleTestSupport

/// A page drawn in Swift for recognition tests: paper of one colour with a Gaussian grain from
/// a fixed seed, handwriting cut from a bundled scan and laid on it in a chosen ink, and specks
/// of dust. Every page is the same from run to run.
struct DrawnPage {
    var bitmap: Bitmap
    /// Where each laid piece of handwriting went, in the page's pixels.
    var inked: [PixelBox] = []

    /// A5 at 200 dpi (1166 × 1654) of `paper` with a grain of `spread` grey levels (the same
    /// offset on all three channels, as a scanner's noise is).
    init(paper: Bitmap.Colour, spread: Double, width: Int = 1166, height: Int = 1654, seed: UInt64 = 3) {
        bitmap = Bitmap(width: width, height: height, fill: paper)
        var random = SplitMix(seed: seed)
        for index in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let offset = spread * Self.normal(&random)
            for channel in 0..<3 {
                bitmap.pixels[index + channel] = Self.clamp(Double(bitmap.pixels[index + channel]) + offset)
            }
        }
    }

    /// A standard normal sample (Box–Muller).
    static func normal(_ random: inout SplitMix) -> Double {
        let u = max(Double.leastNonzeroMagnitude, Double(random.next() >> 11) / Double(1 << 53))
        let v = Double(random.next() >> 11) / Double(1 << 53)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }

    /// Lays the first `words` words of the first line of `Scans/<stem>.png`, scaled to
    /// `height` pixels, with its top-left corner at (`x`, `y`), in `ink`: each pixel of the
    /// crop is ink in proportion to how much darker than the scan's paper it is.
    mutating func write(from stem: String, words: Int, x: Int, y: Int, height: Int, ink: Bitmap.Colour) throws {
        let scan = try PNGCodec.read(Repository.scans.appendingPathComponent("\(stem).png"))
        let line = try groundTruthLayout(stem: stem).lines[0]
        let boxes = (line.words ?? []).prefix(words).map(\.box)
        let box = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
        let scale = Double(height) / box.height
        let width = Int((box.width * scale).rounded())
        let paper = Self.level(scan, box, percentile: 0.9)
        let darkest = Self.level(scan, box, percentile: 0.01)
        for row in 0..<height {
            for column in 0..<width {
                let source = scan.colour(x: Int(box.x + Double(column) / scale), y: Int(box.y + Double(row) / scale))
                let amount = (paper - Self.luminance(source)) / max(1, paper - darkest)
                guard amount > 0 else { continue }
                blend(x: x + column, y: y + row, ink, amount: min(1, amount))
            }
        }
        inked.append(PixelBox(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
    }

    /// `count` square specks of dust, 6 pixels across, spread down the page.
    mutating func dust(_ count: Int) {
        for index in 0..<count {
            bitmap.fill(x: Double(150 + 190 * index), y: Double(200 + 280 * index), width: 6, height: 6, Bitmap.Colour(40, 40, 40))
        }
    }

    /// The page as PNG bytes.
    func png() throws -> Data { try PNGCodec.encode(bitmap) }

    private mutating func blend(x: Int, y: Int, _ ink: Bitmap.Colour, amount: Double) {
        guard x >= 0, y >= 0, x < bitmap.width, y < bitmap.height else { return }
        let index = (y * bitmap.width + x) * 4
        let target = [ink.red, ink.green, ink.blue]
        for channel in 0..<3 {
            let paper = Double(bitmap.pixels[index + channel])
            bitmap.pixels[index + channel] = Self.clamp(paper + (Double(target[channel]) - paper) * amount)
        }
    }

    static func luminance(_ colour: Bitmap.Colour) -> Double {
        0.299 * Double(colour.red) + 0.587 * Double(colour.green) + 0.114 * Double(colour.blue)
    }

    /// The luminance below which `percentile` of the pixels in `box` of `scan` lie.
    static func level(_ scan: Bitmap, _ box: PixelBox, percentile: Double) -> Double {
        var levels: [Double] = []
        for row in Int(box.y)..<Int(box.maxY) {
            for column in Int(box.x)..<Int(box.maxX) { levels.append(luminance(scan.colour(x: column, y: row))) }
        }
        levels.sort()
        return levels[min(levels.count - 1, Int(Double(levels.count) * percentile))]
    }
}
