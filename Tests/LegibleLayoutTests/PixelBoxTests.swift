import Foundation
import LegibleLayout
import Testing

/// Box geometry shared by the recogniser and the importers (image pixels).
@Suite("Pixel boxes")
struct PixelBoxTests {
    @Test("the box enclosing several is their union, and none for none")
    func enclosing() {
        let boxes = [PixelBox(x: 10, y: 20, width: 5, height: 5), PixelBox(x: 0, y: 30, width: 2, height: 8)]
        #expect(PixelBox.enclosing(boxes) == PixelBox(left: 0, top: 20, right: 15, bottom: 38))
        #expect(PixelBox.enclosing([boxes[0]]) == boxes[0])
        #expect(PixelBox.enclosing([PixelBox]()) == nil)
    }

    @Test("a centre on the edge is inside; one past it is not")
    func centre() {
        let box = PixelBox(x: 0, y: 0, width: 10, height: 10)
        #expect(box.containsCentre(of: PixelBox(x: 8, y: 8, width: 4, height: 4)))
        #expect(!box.containsCentre(of: PixelBox(x: 9, y: 0, width: 4, height: 4)))
        #expect(!box.containsCentre(of: PixelBox(x: 0, y: -5, width: 4, height: 8)))
    }
}

/// A slanted line's outline, cut to its box (`Docs/PageDocument.md`, "Lines").
@Suite("Line outlines")
struct LineOutlineTests {
    /// A rectangle 200 × 20 turned by `degrees` about (100, 50), its corners in order.
    static func turned(_ degrees: Double) -> [PixelPoint] {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let corners: [(u: Double, v: Double)] = [(-100, -10), (100, -10), (100, 10), (-100, 10)]
        return corners.map { corner in
            let x: Double = 100 + corner.u * c - corner.v * s
            let y: Double = 50 + corner.u * s + corner.v * c
            return PixelPoint(x: x, y: y)
        }
    }

    @Test("a slanted rectangle cut to a smaller box stays inside it and keeps its slant")
    func cut() throws {
        let box = PixelBox(left: 10, top: 35, right: 190, bottom: 65)
        let outline = try #require(box.outline(clipping: Self.turned(5)))
        #expect(outline.count >= 4)
        for point in outline {
            #expect(point.x >= box.x - 1e-9 && point.x <= box.maxX + 1e-9 && point.y >= box.y - 1e-9 && point.y <= box.maxY + 1e-9)
        }
        // The left end sits higher than the right: the slant descends to the right.
        let left = outline.filter { $0.x < 20 }.map(\.y).min() ?? 0
        let right = outline.filter { $0.x > 180 }.map(\.y).min() ?? 0
        #expect(right - left > 10)
    }

    @Test("an upright rectangle, or one cut down to the box, is no outline; nor is one outside")
    func none() {
        let box = PixelBox(left: 0, top: 40, right: 200, bottom: 60)
        #expect(box.outline(clipping: Self.turned(0)) == nil)
        #expect(PixelBox(left: 90, top: 48, right: 110, bottom: 52).outline(clipping: Self.turned(5)) == nil)
        #expect(PixelBox(left: 500, top: 500, right: 600, bottom: 600).outline(clipping: Self.turned(5)) == nil)
        #expect(box.outline(clipping: Array(Self.turned(5).prefix(2))) == nil)
    }
}
