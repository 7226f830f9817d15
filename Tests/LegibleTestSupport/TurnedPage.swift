import Foundation
import LegibleImage
import LegibleLayout

/// A page turned as a scan or a photograph turns it, for the tests of slanted lines
/// (`Docs/Recognition.md`, "Slanted lines").
public enum TurnedPage {
    /// `page` (grey) turned `degrees` clockwise about its centre (its lines then descend to the
    /// right), on white, sampled bilinearly.
    public static func turned(_ page: GreyImage, degrees: Double) -> GreyImage {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(page.width) / 2, Double(page.height) / 2)
        var out = [UInt8](repeating: 255, count: page.pixels.count)
        for y in 0..<page.height {
            for x in 0..<page.width {
                let (dx, dy) = (Double(x) - cx, Double(y) - cy)
                let (sx, sy) = (cx + dx * c + dy * s, cy - dx * s + dy * c)
                let (x0, y0) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                guard x0 >= 0, y0 >= 0, x0 + 1 < page.width, y0 + 1 < page.height else { continue }
                let (fx, fy) = (sx - Double(x0), sy - Double(y0))
                let at = { (x: Int, y: Int) in Double(page.pixels[y * page.width + x]) }
                let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
                let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
                out[y * page.width + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return GreyImage(width: page.width, height: page.height, pixels: out)
    }

    /// Where ``turned(_:degrees:)`` puts the point `point` of a `width × height` page (image
    /// pixels).
    public static func point(_ point: PixelPoint, degrees: Double, width: Int, height: Int) -> PixelPoint {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        return PixelPoint(x: cx + (point.x - cx) * c - (point.y - cy) * s, y: cy + (point.x - cx) * s + (point.y - cy) * c)
    }
}
