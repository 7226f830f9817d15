import Foundation

/// Converts between page coordinates (image pixels, origin top-left, y down) and screen
/// coordinates (points). Reading-content queries speak screen coordinates (`Docs/TextInputContract.md`, "Reading layer"); the
/// host supplies its zoom and scroll through this, and tests inject identity or a fixed map.
public protocol CoordinateConverter: Sendable {
    /// A page rect in screen points.
    func screenRect(fromPage rect: CGRect) -> CGRect
    /// A screen point in page pixels.
    func pagePoint(fromScreen point: CGPoint) -> CGPoint
}

/// `screen = page · scale + offset` (zoom and scroll).
public struct ScaleOffsetConverter: CoordinateConverter {
    /// Screen points per page pixel.
    public var scale: Double
    /// Screen position of the page's origin, points.
    public var offset: CGPoint

    /// The identity map (screen = page).
    public static let identity = ScaleOffsetConverter(scale: 1, offset: .zero)

    /// Creates a converter.
    public init(scale: Double, offset: CGPoint) {
        self.scale = scale
        self.offset = offset
    }

    public func screenRect(fromPage rect: CGRect) -> CGRect {
        CGRect(
            x: Double(rect.minX) * scale + Double(offset.x), y: Double(rect.minY) * scale + Double(offset.y),
            width: Double(rect.width) * scale, height: Double(rect.height) * scale)
    }

    public func pagePoint(fromScreen point: CGPoint) -> CGPoint {
        CGPoint(x: (Double(point.x) - Double(offset.x)) / scale, y: (Double(point.y) - Double(offset.y)) / scale)
    }
}
