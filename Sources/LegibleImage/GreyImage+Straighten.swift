import LegibleLayout

extension GreyImage {
    /// A slanted line's rectangle turned level (`Docs/Recognition.md`, "Slanted lines"): the part
    /// of the rectangle `corners` (image pixels, clockwise from the start of its top edge) that
    /// lies across `box` (the line's upright box, image pixels), grown by `padding` pixels along
    /// and across the line, sampled bilinearly so that the line runs left to right along the
    /// result's rows; white outside the image. Its rows are the rectangle's whole thickness less
    /// `trim` of it at each side. Nil when `corners` is not four finite points, the line runs
    /// more up than across, less than 4 × 4 pixels of it lies across `box` within the image, or
    /// what is read would be thicker than the image is high, or when across `box` the line
    /// climbs or falls by less than `leastDrift` times the thickness read: the upright crop is
    /// read then. So the result is never larger than the image grown by `padding` (at most 64) on
    /// every side.
    public func straightened(
        _ corners: [PixelPoint], across box: PixelBox, trim: Double, padding: Int, leastDrift: Double = 0
    ) -> GreyImage? {
        guard let frame = LineFrame(corners), box.x.isFinite, box.width.isFinite, trim.isFinite, (0..<0.5).contains(trim) else {
            return nil
        }
        let (start, end) = frame.span(acrossX: max(box.x, 0), min(box.x + box.width, Double(width)))
        let (top, bottom) = (frame.thickness * trim, frame.thickness * (1 - trim))
        guard end - start >= 4, bottom - top >= 4, bottom - top <= Double(height),
            (end - start) * abs(frame.along.y) >= leastDrift * (bottom - top)
        else { return nil }
        let pad = Double(min(max(padding, 0), 64))
        let outWidth = Int((end - start + 2 * pad).rounded()), outHeight = Int((bottom - top + 2 * pad).rounded())
        var out = [UInt8](repeating: 255, count: outWidth * outHeight)
        for row in 0..<outHeight {
            let across = top - pad + Double(row) + 0.5
            for column in 0..<outWidth {
                let point = frame.point(along: start - pad + Double(column) + 0.5, across: across)
                out[row * outWidth + column] = sample(x: point.x - 0.5, y: point.y - 0.5)
            }
        }
        return GreyImage(width: outWidth, height: outHeight, pixels: out)
    }

    /// The grey at `(x, y)` (pixel centres at whole numbers), bilinear between the four
    /// pixels around it; white off the image.
    func sample(x: Double, y: Double) -> UInt8 {
        let (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
        let (fx, fy) = (x - Double(x0), y - Double(y0))
        func at(_ px: Int, _ py: Int) -> Double {
            px >= 0 && py >= 0 && px < width && py < height ? Double(pixels[py * width + px]) : 255
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
    }
}

/// A rectangle along a line: its top-left corner, the unit directions along the line and
/// across it (downward), its length and its thickness, image pixels.
struct LineFrame {
    let origin: PixelPoint
    let along: (x: Double, y: Double)
    let down: (x: Double, y: Double)
    let length: Double
    let thickness: Double

    /// The frame of four corners, clockwise from the start of the top edge; nil when they are
    /// not four finite points, when a side is under a pixel, or when the line runs more up than
    /// across. Its origin is the top-left corner as the page shows it, whatever the corners'
    /// order: a line is read left to right, never mirrored.
    init?(_ corners: [PixelPoint]) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e7 && abs($0.y) < 1e7 }) else {
            return nil
        }
        let top = (x: corners[1].x - corners[0].x, y: corners[1].y - corners[0].y)
        let side = (x: corners[3].x - corners[0].x, y: corners[3].y - corners[0].y)
        let (length, thickness) = ((top.x * top.x + top.y * top.y).squareRoot(), (side.x * side.x + side.y * side.y).squareRoot())
        guard length >= 1, thickness >= 1, abs(top.x) > abs(top.y) else { return nil }
        let sense = top.x < 0 ? -1.0 : 1.0
        along = (sense * top.x / length, sense * top.y / length)
        // A quarter turn from along, which points down the page (y grows downward).
        down = (-along.y, along.x)
        let centre = PixelPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        origin = PixelPoint(
            x: centre.x - along.x * length / 2 - down.x * thickness / 2, y: centre.y - along.y * length / 2 - down.y * thickness / 2)
        (self.length, self.thickness) = (length, thickness)
    }

    /// The image point `along` pixels along the line and `across` pixels down from its top edge.
    func point(along distance: Double, across depth: Double) -> PixelPoint {
        PixelPoint(x: origin.x + along.x * distance + down.x * depth, y: origin.y + along.y * distance + down.y * depth)
    }

    /// The stretch along the line, from its start and clamped to its length, whose middle
    /// line lies between the image columns `left` and `right`.
    func span(acrossX left: Double, _ right: Double) -> (Double, Double) {
        let middle = point(along: 0, across: thickness / 2)
        let (a, b) = ((left - middle.x) / along.x, (right - middle.x) / along.x)
        return (max(0, min(a, b)), min(length, max(a, b)))
    }
}
