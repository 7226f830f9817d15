import Foundation

/// A 2×3 affine transform `[a b; c d] · p + [tx ty]` in page points (y down), standing in for
/// `CGAffineTransform` so the core needs no platform graphics type.
public struct Affine2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients (same order as `CGAffineTransform`).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `radians` about `center` (page points). Positive angles turn clockwise on
    /// screen because y grows downward.
    public static func rotation(radians: Double, about center: CGPoint) -> Affine2D {
        let cosine = cos(radians)
        let sine = sin(radians)
        let cx = Double(center.x)
        let cy = Double(center.y)
        return Affine2D(
            a: cosine, b: sine, c: -sine, d: cosine,
            tx: cx - cosine * cx + sine * cy, ty: cy - sine * cx - cosine * cy)
    }

    /// Applies the transform to a point (same convention as `CGPoint.applying`).
    public func apply(_ point: CGPoint) -> CGPoint {
        let x = Double(point.x)
        let y = Double(point.y)
        return CGPoint(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    /// The rotation angle in radians (`atan2(b, a)`).
    public var angle: Double { atan2(b, a) }
}
