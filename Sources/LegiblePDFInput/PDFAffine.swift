/// An affine map of the plane, `(x, y) → (a·x + c·y + e, b·x + d·y + f)`, as PDF writes its
/// matrices `[a b c d e f]`.
public struct PDFAffine: Sendable, Hashable, Codable {
    /// The six numbers, in PDF's order.
    public var a, b, c, d, e, f: Double

    /// A map from its six numbers.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Where the map takes the point `(x, y)`.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// This map followed by `next`.
    public func then(_ next: PDFAffine) -> PDFAffine {
        PDFAffine(
            a * next.a + b * next.c, a * next.b + b * next.d, c * next.a + d * next.c, c * next.b + d * next.d,
            e * next.a + f * next.c + next.e, e * next.b + f * next.d + next.f)
    }

    /// From the displayed page (points, y down, origin at its top left) to PDF user space, for
    /// a page whose crop box is `box` and whose `/Rotate` is `rotation` degrees clockwise.
    public static func displayedPageToUserSpace(box: PDFBox, rotation: Int) -> PDFAffine {
        let (width, height) = (box.width, box.height)
        // Displayed → unrotated with y down (u, v): the inverse of turning the page clockwise.
        let unrotate: PDFAffine
        switch rotation {
        case 90: unrotate = PDFAffine(0, -1, 1, 0, 0, height)
        case 180: unrotate = PDFAffine(-1, 0, 0, -1, width, height)
        case 270: unrotate = PDFAffine(0, 1, -1, 0, width, 0)
        default: unrotate = PDFAffine(1, 0, 0, 1, 0, 0)
        }
        // (u, v) with y down → user space with y up, from the crop box's corner.
        return unrotate.then(PDFAffine(1, 0, 0, -1, box.minX, box.maxY))
    }
}
