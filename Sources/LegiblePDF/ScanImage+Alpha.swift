import Foundation

/// A PNG with an alpha channel, made into an image a PDF can show without a soft mask
/// (`Docs/PDF.md`, "Images"): its rows are inflated and unfiltered, each pixel is laid over
/// white paper (a scan's alpha is opaque, or paper where it is not), 16-bit samples keep their
/// high byte, and the grey or RGB rows are compressed again.
struct PNGPixels {
    var width: Int
    var height: Int
    /// Bits per sample: 8 or 16.
    var depth: Int
    /// Samples per pixel, the last one alpha: 2 (grey) or 4 (RGB).
    var channels: Int

    /// The image without its alpha channel.
    func withoutAlpha(_ compressed: Data) throws(ScanImage.Unsupported) -> ScanImage {
        guard depth == 8 || depth == 16 else {
            throw ScanImage.Unsupported(description: "the PNG's bit depth \(depth) is not one PNG allows with alpha")
        }
        let bytesPerPixel = channels * depth / 8
        let rowBytes = width * bytesPerPixel
        let inflated: Data
        do {
            inflated = try Deflate.decompress(compressed, expected: height * (rowBytes + 1))
        } catch {
            throw ScanImage.Unsupported(description: "the PNG's \(error)")
        }
        let rows = try unfiltered([UInt8](inflated), rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
        let colours = channels - 1
        var output = [UInt8]()
        output.reserveCapacity(width * height * colours)
        let step = depth / 8
        for pixel in stride(from: 0, to: rows.count, by: bytesPerPixel) {
            let alpha = Int(rows[pixel + colours * step])
            for channel in 0..<colours {
                let value = Int(rows[pixel + channel * step])
                output.append(UInt8((value * alpha + 255 * (255 - alpha)) / 255))
            }
        }
        let space = colours == 1 ? "/DeviceGray" : "/DeviceRGB"
        return ScanImage(
            width: width, height: height,
            dictionary: "/Width \(width) /Height \(height) /ColorSpace \(space) /BitsPerComponent 8 /Filter /FlateDecode",
            data: Deflate.compress(Data(output)))
    }

    /// The rows with PNG's per-row filters undone (None, Sub, Up, Average, Paeth), joined.
    func unfiltered(_ data: [UInt8], rowBytes: Int, bytesPerPixel: Int) throws(ScanImage.Unsupported) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let filter = data[row * (rowBytes + 1)]
            let source = row * (rowBytes + 1) + 1
            let target = row * rowBytes
            for column in 0..<rowBytes {
                let left = column >= bytesPerPixel ? Int(output[target + column - bytesPerPixel]) : 0
                let up = row > 0 ? Int(output[target - rowBytes + column]) : 0
                let corner = row > 0 && column >= bytesPerPixel ? Int(output[target - rowBytes + column - bytesPerPixel]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4: predicted = Self.paeth(left, up, corner)
                default: throw ScanImage.Unsupported(description: "a PNG row has the unknown filter \(filter)")
                }
                output[target + column] = UInt8(truncatingIfNeeded: Int(data[source + column]) + predicted)
            }
        }
        return output
    }

    /// PNG's Paeth predictor: whichever of left, up and corner is nearest their gradient.
    static func paeth(_ left: Int, _ up: Int, _ corner: Int) -> Int {
        let estimate = left + up - corner
        let (toLeft, toUp, toCorner) = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
        if toLeft <= toUp, toLeft <= toCorner { return left }
        return toUp <= toCorner ? up : corner
    }
}
