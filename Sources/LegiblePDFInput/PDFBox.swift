/// A rectangle in PDF user space, in points (1/72 inch), with y growing upwards as PDF draws.
public struct PDFBox: Sendable, Hashable, Codable {
    /// The left edge, in points.
    public var minX: Double
    /// The bottom edge, in points.
    public var minY: Double
    /// The right edge, in points.
    public var maxX: Double
    /// The top edge, in points.
    public var maxY: Double

    /// A box from its edges in points; the edges are put in order.
    public init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        (minX, maxX) = (min(x0, x1), max(x0, x1))
        (minY, maxY) = (min(y0, y1), max(y0, y1))
    }

    /// The width in points.
    public var width: Double { maxX - minX }
    /// The height in points.
    public var height: Double { maxY - minY }
}
