import LegibleLayout

/// A page image in grey: `width × height` values, row-major from the top-left pixel, 0 black …
/// 255 white, in the image's displayed pixels. The one grey page type every stage takes: the
/// text detector, the line readers, the line finder and learning's line crops
/// (`Docs/Architecture.md`, "Modules").
public struct GreyImage: Sendable, Equatable {
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
        let bounds = cropBounds(box, padding: padding)
        guard bounds.width > 0 else { return (GreyImage(width: 1, height: 1, pixels: [255]), (x: 0, y: 0)) }
        let (x0, y0, x1, y1) = (Int(bounds.x), Int(bounds.y), Int(bounds.x + bounds.width), Int(bounds.y + bounds.height))
        var cropped: [UInt8] = []
        cropped.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { cropped += pixels[(y * width + x0)..<(y * width + x1)] }
        return (GreyImage(width: x1 - x0, height: y1 - y0, pixels: cropped), (x0, y0))
    }

    /// The part of the image ``crop(_:padding:)`` cuts under `box` grown by `padding`, in whole
    /// image pixels, without copying it; width and height 0 when nothing of it is inside (the
    /// crop is then one white pixel at the origin).
    public func cropBounds(_ box: PixelBox, padding: Int) -> PixelBox {
        let none = PixelBox(x: 0, y: 0, width: 0, height: 0)
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return none }
        let x0 = max(0, Int(max(box.x, -1e9)) - padding), y0 = max(0, Int(max(box.y, -1e9)) - padding)
        let x1 = min(width, Int(min(box.x + box.width, 1e9)) + padding), y1 = min(height, Int(min(box.y + box.height, 1e9)) + padding)
        guard x1 > x0, y1 > y0 else { return none }
        return PixelBox(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    /// The image turned over left to right, as the writing on a sheet's other side shows
    /// through the paper (`Docs/Recognition.md`, "Writing seen through the paper").
    public func mirrored() -> GreyImage {
        var turned: [UInt8] = []
        turned.reserveCapacity(pixels.count)
        for y in 0..<height { turned += pixels[(y * width)..<((y + 1) * width)].reversed() }
        return GreyImage(width: width, height: height, pixels: turned)
    }
}
