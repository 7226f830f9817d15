import Foundation
import LegibleCommandSupport
import LegibleImage
import LegibleLayout
import LegibleRaster
import LegibleTestSupport
import Testing

/// A page whose lines slant: each line the text detector found keeps its slanted outline, cut
/// to its box, in the page document, in ALTO's `Shape` and in hOCR's `poly`
/// (`Docs/Recognition.md`, "Detected lines"; `Docs/PageDocument.md`, "Lines").
@Suite("a page whose lines slant", .serialized)
struct SlantedPageTests {
    /// `page` (grey) turned `degrees` clockwise about its centre (its lines then descend to the
    /// right), on white, bilinear.
    static func turned(_ page: GreyImage, degrees: Double) -> [UInt8] {
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
        return out
    }

    @Test("a bundled scan turned 4° keeps its lines' slant as outlines inside their boxes, in JSON, ALTO and valid hOCR")
    func outlines() throws {
        guard HandwritingIngestTests.available else { return }
        let folder = try temporaryFolder()
        let grey = try PhotographedPageTests.bundledGrey("dkg-legal")
        try PNGCodec.encode(samples: Self.turned(grey, degrees: 4), width: grey.width, height: grey.height, channels: 1).write(
            to: URL(fileURLWithPath: folder + "/turned.png"))
        let run = try legible(["ingest", folder + "/turned.png", "-o", folder + "/out", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let read = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/turned.json")))
        let outlined = read.lines.filter { $0.polygon != nil }
        print("turned dkg-legal: \(outlined.count) of \(read.lines.count) lines outlined")
        #expect(outlined.count * 2 >= read.lines.count, "\(outlined.count) of \(read.lines.count) lines have an outline")
        var descending = 0
        for line in outlined {
            let polygon = line.polygon ?? []
            #expect(
                polygon.allSatisfy {
                    line.box.x - 1e-6 <= $0.x && $0.x <= line.box.maxX + 1e-6 && line.box.y - 1e-6 <= $0.y && $0.y <= line.box.maxY + 1e-6
                })
            // The outline's top edge descends to the right, as the page was turned: its
            // highest point on the left is above its highest point on the right, or level with
            // it where the box cut the whole top edge off.
            let third = line.box.width / 3
            let left = polygon.filter { $0.x <= line.box.x + third }.map(\.y).min() ?? 0
            let right = polygon.filter { $0.x >= line.box.maxX - third }.map(\.y).min() ?? 0
            #expect(right >= left, "line \(read.text(of: line.range).prefix(30)): \(polygon)")
            descending += right > left ? 1 : 0
        }
        #expect(descending * 2 >= outlined.count, "\(descending) of \(outlined.count) outlines descend")
        #expect(read.altoDocument(softwareName: "test").contains("<Shape><Polygon POINTS="))
        let hocr = folder + "/turned.hocr"
        try read.hOCRDocument(systemName: "test").write(toFile: hocr, atomically: true, encoding: .utf8)
        let (valid, output) = try CLITests.hocrSpec(hocr)
        #expect(valid, "\(output)")
    }
}
