extension PixelBox {
    /// The box around `points` (image pixels); nil for fewer than two, which bound nothing.
    public static func enclosing(points: [PixelPoint]) -> PixelBox? {
        guard points.count >= 2 else { return nil }
        let xs = points.map(\.x), ys = points.map(\.y)
        return PixelBox(left: xs.min()!, top: ys.min()!, right: xs.max()!, bottom: ys.max()!)
    }

    /// The part of the convex `polygon` (image pixels, its points in order around it) inside
    /// this box, as a line's outline (``Line/polygon``): nil when less than a triangle is left,
    /// or when what is left is the box itself, whose corners the box already gives. Cut edge by
    /// edge (Sutherland and Hodgman), so the outline never reaches past the line's box, whatever
    /// later stages did to the box (`Docs/PageDocument.md`, "Lines").
    public func outline(clipping polygon: [PixelPoint]) -> [PixelPoint]? {
        typealias Edge = (inside: (PixelPoint) -> Bool, cross: (PixelPoint, PixelPoint) -> PixelPoint)
        func atX(_ edge: Double) -> (PixelPoint, PixelPoint) -> PixelPoint {
            { a, b in PixelPoint(x: edge, y: a.y + (b.y - a.y) * (edge - a.x) / (b.x - a.x)) }
        }
        func atY(_ edge: Double) -> (PixelPoint, PixelPoint) -> PixelPoint {
            { a, b in PixelPoint(x: a.x + (b.x - a.x) * (edge - a.y) / (b.y - a.y), y: edge) }
        }
        let edges: [Edge] = [
            ({ $0.x >= self.x }, atX(x)), ({ $0.x <= self.maxX }, atX(maxX)),
            ({ $0.y >= self.y }, atY(y)), ({ $0.y <= self.maxY }, atY(maxY)),
        ]
        var points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
        for edge in edges where points.count >= 3 {
            var kept: [PixelPoint] = []
            for (index, point) in points.enumerated() {
                let previous = points[(index + points.count - 1) % points.count]
                switch (edge.inside(previous), edge.inside(point)) {
                case (true, true): kept.append(point)
                case (true, false): kept.append(edge.cross(previous, point))
                case (false, true): kept += [edge.cross(previous, point), point]
                case (false, false): break
                }
            }
            points = kept
        }
        let corners = [PixelPoint(x: x, y: y), PixelPoint(x: maxX, y: y), PixelPoint(x: maxX, y: maxY), PixelPoint(x: x, y: maxY)]
        let isBox = points.allSatisfy { point in corners.contains { abs($0.x - point.x) <= 0.5 && abs($0.y - point.y) <= 0.5 } }
        return points.count >= 3 && !isBox ? points : nil
    }
}
