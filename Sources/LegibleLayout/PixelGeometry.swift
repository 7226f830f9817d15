/// An axis-aligned rectangle in image pixels: origin top-left, y down.
///
/// Encoded in page documents as the array `[x, y, width, height]` (`Docs/PageDocument.md`).
/// Values are `Double` so that imported layouts with sub-pixel coordinates survive a round
/// trip; OCR output is always whole pixels.
public struct PixelBox: Hashable, Sendable, Codable {
    /// Left edge, pixels from the image's left edge.
    public var x: Double
    /// Top edge, pixels from the image's top edge (y grows downward).
    public var y: Double
    /// Width in pixels (never negative in a valid document).
    public var width: Double
    /// Height in pixels (never negative in a valid document).
    public var height: Double

    /// Creates a box from its top-left corner and size, all in image pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates the box spanning the corners `(left, top)` and `(right, bottom)`, image pixels.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The largest magnitude a coordinate or size may have anywhere in Legible's inputs, in
    /// pixels. Every number read from a page document, layout file or command line is checked
    /// against it before it becomes an `Int` or a pixel count (`Docs/PageDocument.md`, "Limits").
    public static let coordinateLimit: Double = 1_000_000

    /// Whether `value` is finite and within ±``coordinateLimit``.
    public static func isPlausible(_ value: Double) -> Bool { value.isFinite && abs(value) <= coordinateLimit }

    /// Right edge (`x + width`), image pixels.
    public var maxX: Double { x + width }
    /// Bottom edge (`y + height`), image pixels.
    public var maxY: Double { y + height }
    /// Horizontal centre, image pixels.
    public var midX: Double { x + width / 2 }
    /// Vertical centre, image pixels.
    public var midY: Double { y + height / 2 }
    /// Area in square pixels.
    public var area: Double { max(0, width) * max(0, height) }

    /// How far this box and `other` overlap side by side, px; negative by the gap between them
    /// when they do not.
    public func overlapAcross(_ other: PixelBox) -> Double { min(maxX, other.maxX) - max(x, other.x) }

    /// How far this box and `other` overlap one above the other, px; negative by the gap
    /// between them when they do not.
    public func overlapDown(_ other: PixelBox) -> Double { min(maxY, other.maxY) - max(y, other.y) }

    /// The smallest box holding both boxes.
    public func union(_ other: PixelBox) -> PixelBox {
        PixelBox(
            left: min(x, other.x), top: min(y, other.y),
            right: max(maxX, other.maxX), bottom: max(maxY, other.maxY))
    }

    /// The smallest box holding all of `boxes`, or `nil` when there are none (image pixels).
    public static func enclosing(_ boxes: some Sequence<PixelBox>) -> PixelBox? {
        boxes.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// Whether the centre of `other` lies inside this box, edges included.
    public func containsCentre(of other: PixelBox) -> Bool {
        other.midX >= x && other.midX <= maxX && other.midY >= y && other.midY <= maxY
    }

    /// The overlap of two boxes, or `nil` when they do not overlap.
    public func intersection(_ other: PixelBox) -> PixelBox? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return PixelBox(left: left, top: top, right: right, bottom: bottom)
    }

    /// Intersection over union of the two boxes' areas, in `0...1`.
    public func intersectionOverUnion(_ other: PixelBox) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? overlap.area / union : 0
    }

    /// `true` when `other` lies inside this box grown by `slack` pixels on every side.
    public func contains(_ other: PixelBox, slack: Double = 0) -> Bool {
        other.x >= x - slack && other.y >= y - slack && other.maxX <= maxX + slack
            && other.maxY <= maxY + slack
    }

    /// The smallest box of whole pixels that holds this one: its left and top edges rounded
    /// down, its right and bottom edges up.
    public var wholePixels: PixelBox {
        PixelBox(left: x.rounded(.down), top: y.rounded(.down), right: maxX.rounded(.up), bottom: maxY.rounded(.up))
    }

    /// The box clipped to `0..<width × 0..<height` (an image's pixel area).
    public func clipped(toWidth imageWidth: Double, height imageHeight: Double) -> PixelBox {
        let left = min(max(x, 0), imageWidth)
        let top = min(max(y, 0), imageHeight)
        let right = min(max(maxX, left), imageWidth)
        let bottom = min(max(maxY, top), imageHeight)
        return PixelBox(left: left, top: top, right: right, bottom: bottom)
    }

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let values = try (0..<4).map { _ in try container.decode(Double.self) }
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a box has exactly four numbers [x, y, w, h]")
        }
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in [x, y, width, height] { try container.encode(PixelNumber(value)) }
    }
}

/// A point in image pixels: origin top-left, y down. Encoded as `[x, y]`.
public struct PixelPoint: Hashable, Sendable, Codable {
    /// Pixels from the image's left edge.
    public var x: Double
    /// Pixels from the image's top edge (y grows downward).
    public var y: Double

    /// Creates a point in image pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a point has exactly two numbers [x, y]")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(PixelNumber(x))
        try container.encode(PixelNumber(y))
    }
}

/// Encodes whole-pixel values as JSON integers (`12`, not `12.0`) and keeps fractions short.
struct PixelNumber: Encodable {
    let value: Double
    init(_ value: Double) { self.value = value }
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.rounded() == value, abs(value) < 1e15 {
            try container.encode(Int(value))
        } else {
            try container.encode((value * 1000).rounded() / 1000)
        }
    }
}
