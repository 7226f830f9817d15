import Foundation
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

/// Finding the paper in a photograph (`Docs/Recognition.md`, "The paper"), on reduced grey
/// pages drawn here: a scan is left alone; a page on a table, an open book, a colour chart and
/// a thumb are each told apart from the paper.
@Suite("the paper found in a photograph")
struct PaperRegionTests {
    /// A reduced photograph: `width × height` of `table` grey, with rectangles painted over it.
    struct Photo {
        var width = 400
        var height = 300
        var pixels: [UInt8]

        init(table: UInt8) { pixels = [UInt8](repeating: table, count: 400 * 300) }

        /// Paints `value` over x `left..<right`, y `top..<bottom`.
        mutating func paint(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, _ value: UInt8) {
            for y in top..<bottom { for x in left..<right { pixels[y * width + x] = value } }
        }

        /// Writes dark strokes over a paper at x `left..<right`, y `top..<bottom`: short lines
        /// of ink every 12 px, and a ruling crossing the whole paper every 24 px.
        mutating func write(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) {
            for y in stride(from: top + 10, to: bottom - 10, by: 12) { paint(left + 15, y, right - 40, y + 3, 40) }
            for y in stride(from: top + 6, to: bottom - 6, by: 24) { paint(left, y, right, y + 1, 150) }
        }

        var region: PaperRegion? { PaperRegion.find(width: width, height: height, pixels: pixels) }

        func isPaper(_ x: Int, _ y: Int, in region: PaperRegion) -> Bool { region.mask[y * width + x] == 1 }
    }

    @Test("a scan, paper to every edge, has no region: nothing is masked")
    func scan() {
        var photo = Photo(table: 235)
        photo.write(0, 0, 400, 300)
        #expect(photo.region == nil)
    }

    @Test("a page on a dark table is found to within a pixel or two, writing and rulings inside it")
    func onATable() throws {
        var photo = Photo(table: 45)
        photo.paint(60, 40, 320, 280, 210)
        photo.write(60, 40, 320, 280)
        let region = try #require(photo.region)
        #expect(abs(region.bounds.x - 60) <= 2 && abs(region.bounds.maxX - 320) <= 2)
        #expect(abs(region.bounds.y - 40) <= 2 && abs(region.bounds.maxY - 280) <= 2)
        #expect(photo.isPaper(100, 40 + 10 + 12, in: region), "a stroke of ink lies on the paper")
        #expect(!photo.isPaper(30, 150, in: region) && !photo.isPaper(360, 150, in: region))
        #expect(abs(region.share - 260.0 * 240 / (400 * 300)) < 0.03)
        #expect(region.level == 210)
        let full = region.bounds(inImageOf: 4000, 3000)
        #expect(abs(full.x - 600) <= 20 && abs(full.maxY - 2800) <= 20)
    }

    @Test("both pages of a book open on a table are paper, the dark gutter between them is not")
    func openBook() throws {
        var photo = Photo(table: 30)
        photo.paint(30, 30, 195, 270, 200)
        photo.paint(205, 30, 370, 270, 200)
        photo.write(30, 30, 195, 270)
        photo.write(205, 30, 370, 270)
        let region = try #require(photo.region)
        #expect(photo.isPaper(100, 150, in: region) && photo.isPaper(300, 150, in: region))
        #expect(!photo.isPaper(200, 150, in: region))
    }

    @Test("a colour chart's white patch and a ruler beside the page are not paper; a thumb on its edge is not")
    func chartRulerAndThumb() throws {
        var photo = Photo(table: 50)
        photo.paint(40, 20, 280, 290, 215)
        photo.write(40, 20, 280, 290)
        photo.paint(310, 30, 350, 70, 250)  // a chart's white patch
        photo.paint(365, 10, 385, 290, 240)  // a light ruler
        photo.paint(30, 200, 70, 250, 110)  // a thumb over the left edge
        let region = try #require(photo.region)
        #expect(!photo.isPaper(330, 50, in: region) && !photo.isPaper(375, 150, in: region))
        #expect(!photo.isPaper(50, 225, in: region), "the thumb")
        #expect(photo.isPaper(150, 150, in: region))
        #expect(region.bounds.maxX <= 282)
    }

    @Test("a page that fills the frame, its right edge in shadow, has no region: the shadow is paper")
    func shadowedEdge() {
        var photo = Photo(table: 225)
        photo.write(0, 0, 400, 300)
        photo.paint(300, 0, 400, 300, 150)
        photo.write(300, 0, 400, 300)
        #expect(photo.region == nil)
        var shaded = Photo(table: 225)
        for x in 280..<400 { shaded.paint(x, 0, x + 1, 300, UInt8(225 - (x - 280))) }
        shaded.write(0, 0, 400, 300)
        #expect(shaded.region == nil, "a shadow deepening to the edge")
    }

    @Test("a dark frame, a uniform frame, or one too small to measure has no region")
    func nothingToFind() {
        #expect(Photo(table: 20).region == nil)
        #expect(Photo(table: 240).region == nil)
        #expect(PaperRegion.find(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 16)) == nil)
        #expect(PaperRegion.find(width: 10, height: 10, pixels: [1, 2, 3]) == nil)
    }

    @Test("on a page photographed on a dark table, the table is not ink and the paper step says where the paper is")
    func preparedPhotograph() throws {
        let path = Repository.scans.appendingPathComponent("dkg-legal.png").path
        let grey = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        let margin = 160
        var photo = Photo(table: 0)
        (photo.width, photo.height) = (grey.width + 2 * margin, grey.height + 2 * margin)
        photo.pixels = (0..<(photo.width * photo.height)).map { UInt8(30 + ($0 * 7919) % 40) }
        for y in 0..<grey.height {
            for x in 0..<grey.width { photo.pixels[(y + margin) * photo.width + x + margin] = grey.pixels[y * grey.width + x] }
        }
        let image = try #require(Leptonica.greyImage(width: photo.width, height: photo.height, pixels: photo.pixels))
        let prepared = try Preprocessor(options: PreprocessingOptions()).run(image)
        let step = try #require(prepared.steps.first { $0.step == .paper })
        #expect(step.applied, "\(step.detail ?? "")")
        let paper = try #require(prepared.paper)
        #expect(abs(paper.x - Double(margin)) <= 12 && abs(paper.maxX - Double(margin + grey.width)) <= 12)
        let ink = try #require(prepared.binary)
        let outside = Leptonica.inkOutside(ink, boxes: [paper])
        #expect(outside == 0, "\(outside) px of the table taken for ink")
        var off = PreprocessingOptions()
        off.paper = false
        let unmasked = try Preprocessor(options: off).run(image)
        #expect(unmasked.paper == nil && unmasked.steps.first { $0.step == .paper }?.applied == false)
    }
}
