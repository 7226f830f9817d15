/// A line image as the handwriting model takes it (`Docs/Recognition.md`, "Handwriting"):
/// three equal channels of grey, scaled to [-1, 1], ``height`` pixels high, planes one after
/// another (NCHW, batch 1).
public struct LineTensor: Sendable {
    /// The model's line height, in pixels.
    public static let height = 48
    /// The widest line given to the model, in pixels: about 400 time steps.
    public static let maximumWidth = 3_200

    /// Width in pixels.
    public let width: Int
    /// Height in pixels: always ``height``.
    public let height: Int
    /// `3 × height × width` values in [-1, 1].
    public let values: [Float]

    /// `grey` (`width × height` values, 0 black … 255 white, row-major) resized to the model's
    /// height by bilinear interpolation, its width by the same factor times `widthScale`
    /// (a long line widened keeps enough time steps for its characters), at least 16 pixels and
    /// at most ``maximumWidth``.
    public init(grey: [UInt8], width sourceWidth: Int, height sourceHeight: Int, widthScale: Double = 1) {
        let height = Self.height
        let scaled = Double(sourceWidth) * Double(height) / Double(max(sourceHeight, 1)) * widthScale
        let width = min(max(Int(scaled.rounded()), 16), Self.maximumWidth)
        var plane = [Float](repeating: 1, count: width * height)
        if sourceWidth > 0, sourceHeight > 0, grey.count == sourceWidth * sourceHeight {
            for y in 0..<height {
                let sourceY = min(max((Double(y) + 0.5) * Double(sourceHeight) / Double(height) - 0.5, 0), Double(sourceHeight - 1))
                let (y0, fy) = (Int(sourceY), Float(sourceY - Double(Int(sourceY))))
                let y1 = min(y0 + 1, sourceHeight - 1)
                for x in 0..<width {
                    let sourceX = min(max((Double(x) + 0.5) * Double(sourceWidth) / Double(width) - 0.5, 0), Double(sourceWidth - 1))
                    let (x0, fx) = (Int(sourceX), Float(sourceX - Double(Int(sourceX))))
                    let x1 = min(x0 + 1, sourceWidth - 1)
                    let top = Float(grey[y0 * sourceWidth + x0]) * (1 - fx) + Float(grey[y0 * sourceWidth + x1]) * fx
                    let bottom = Float(grey[y1 * sourceWidth + x0]) * (1 - fx) + Float(grey[y1 * sourceWidth + x1]) * fx
                    plane[y * width + x] = (top * (1 - fy) + bottom * fy) / 127.5 - 1
                }
            }
        }
        self.width = width
        self.height = height
        values = plane + plane + plane
    }
}
