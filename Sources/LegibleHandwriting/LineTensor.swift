/// A line image as the handwriting model takes it (`Docs/Recognition.md`, "Handwriting"):
/// three equal channels of grey, scaled to [-1, 1], ``height`` pixels high, planes one after
/// another (NCHW, batch 1). One plane is kept and the three are made when the model reads it:
/// a recipe that holds thousands of lines (`legible-learn network`) took three times the
/// memory when every line held all three.
public struct LineTensor: Sendable {
    /// The model's line height, in pixels.
    public static let height = 48
    /// The widest line given to the model, in pixels: about 400 time steps.
    public static let maximumWidth = 3_200

    /// Width in pixels.
    public let width: Int
    /// Height in pixels: always ``height``.
    public let height: Int
    /// `height × width` values in [-1, 1], row-major: the grey plane.
    public let plane: [Float]
    /// `3 × height × width` values in [-1, 1]: the plane three times, as the model takes it.
    public var values: [Float] { plane + plane + plane }

    /// `grey` (`width × height` values, 0 black … 255 white, row-major) resized to the model's
    /// height, its width by the same factor times `widthScale` (a hand of narrow letters
    /// widened gives the model room for them), at least 16 pixels and at most
    /// ``maximumWidth``. Resized by a triangle filter as wide as the scale step
    /// (``filterTaps(source:target:)``): a line shrunk by sampling alone loses thin strokes,
    /// and the model reads worse (`Docs/Recognition.md`, "Handwriting").
    public init(grey: [UInt8], width sourceWidth: Int, height sourceHeight: Int, widthScale: Double = 1) {
        let height = Self.height
        let scaled = Double(sourceWidth) * Double(height) / Double(max(sourceHeight, 1)) * widthScale
        let width = min(max(Int(scaled.isFinite ? scaled.rounded() : 0), 16), Self.maximumWidth)
        var plane = [Float](repeating: 1, count: width * height)
        if sourceWidth > 0, sourceHeight > 0, grey.count == sourceWidth * sourceHeight {
            // Rows first, to the model's 48, then each of those rows across.
            var rows = [Float](repeating: 0, count: height * sourceWidth)
            for (y, tap) in Self.filterTaps(source: sourceHeight, target: height).enumerated() {
                for (offset, weight) in tap.weights.enumerated() {
                    let source = (tap.start + offset) * sourceWidth
                    for x in 0..<sourceWidth { rows[y * sourceWidth + x] += weight * Float(grey[source + x]) }
                }
            }
            let columns = Self.filterTaps(source: sourceWidth, target: width)
            for y in 0..<height {
                for (x, tap) in columns.enumerated() {
                    var sum: Float = 0
                    for (offset, weight) in tap.weights.enumerated() { sum += weight * rows[y * sourceWidth + tap.start + offset] }
                    plane[y * width + x] = sum / 127.5 - 1
                }
            }
        }
        self.width = width
        self.height = height
        self.plane = plane
    }

    /// For each of `target` output pixels along one axis of `source` pixels: the first source
    /// pixel it draws on and the weights of that pixel and the ones after it, summing to 1. A
    /// triangle (bilinear) filter whose reach grows with the shrinking factor, so every source
    /// pixel counts when a line is made smaller.
    static func filterTaps(source: Int, target: Int) -> [(start: Int, weights: [Float])] {
        let ratio = Double(source) / Double(target)
        let reach = max(ratio, 1)
        return (0..<target).map { index in
            let centre = (Double(index) + 0.5) * ratio
            let first = max(Int((centre - reach).rounded(.down)), 0)
            let last = min(Int((centre + reach).rounded(.up)), source - 1)
            var weights = (first...max(first, last)).map { pixel in Float(max(0, 1 - abs(Double(pixel) + 0.5 - centre) / reach)) }
            let total = weights.reduce(0, +)
            if total > 0 { weights = weights.map { $0 / total } } else { weights = weights.indices.map { $0 == 0 ? 1 : 0 } }
            return (first, weights)
        }
    }
}
