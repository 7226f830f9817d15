/// Compares two bitmaps pixel by pixel for golden-image tests: decoded pixels under a
/// tolerance, never PNG bytes (encoders may differ byte-wise for the same pixels).
public struct PixelDiff: Sendable {
    /// Share of pixels whose largest channel difference exceeds the per-pixel tolerance.
    public let differingShare: Double
    /// Number of such pixels.
    public let differingPixels: Int
    /// The largest channel difference seen (0–255).
    public let maximumDistance: Int
    /// An image of the differences: unchanged pixels faded, differing pixels in red.
    public let image: Bitmap

    /// Compares `actual` with `reference`; sizes that differ count every pixel as different.
    public init(actual: Bitmap, reference: Bitmap, perPixelTolerance: Int) {
        guard actual.width == reference.width, actual.height == reference.height else {
            differingShare = 1
            differingPixels = max(actual.width * actual.height, reference.width * reference.height)
            maximumDistance = 255
            image = actual
            return
        }
        var diff = Bitmap(width: actual.width, height: actual.height)
        var count = 0
        var maximum = 0
        for index in stride(from: 0, to: actual.pixels.count, by: 4) {
            var distance = 0
            for channel in 0..<4 {
                distance = max(distance, abs(Int(actual.pixels[index + channel]) - Int(reference.pixels[index + channel])))
            }
            maximum = max(maximum, distance)
            if distance > perPixelTolerance {
                count += 1
                diff.pixels[index] = 255
                diff.pixels[index + 1] = 0
                diff.pixels[index + 2] = 0
            } else {
                // Faded reference so the difference has context.
                for channel in 0..<3 { diff.pixels[index + channel] = UInt8(191 + Int(reference.pixels[index + channel]) / 4) }
            }
            diff.pixels[index + 3] = 255
        }
        differingPixels = count
        differingShare = actual.pixels.isEmpty ? 0 : Double(count) / Double(actual.pixels.count / 4)
        maximumDistance = maximum
        image = diff
    }
}
