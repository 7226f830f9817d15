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
    @Test("a bundled scan turned 4° keeps its lines' slant as outlines inside their boxes, in JSON, ALTO and valid hOCR")
    func outlines() throws {
        guard HandwritingIngestTests.available else { return }
        let folder = try temporaryFolder()
        let grey = try PhotographedPageTests.bundledGrey("dkg-legal")
        try PNGCodec.encode(samples: TurnedPage.turned(grey, degrees: 4).pixels, width: grey.width, height: grey.height, channels: 1).write(
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
