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
