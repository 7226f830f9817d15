import Foundation
import LegibleEvaluation
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

/// Pages read along the lines found in their ink (`Docs/Recognition.md`, "Found lines"): the
/// line finder's own rules are `LegibleLinesTests`'; this is Tesseract reading along them.
@Suite("Reading along the lines found")
struct FoundLinesTests {
    @Test("bundled pages read along the lines found in their ink give most of their lines, inside the image")
    func foundLinesOnBundledPages() throws {
        let recogniser = try Recogniser()
        for stem in ["kristi-grid", "dkg-legal", "chicago-2"] {
            let path = Repository.scans.appendingPathComponent("\(stem).png").path
            let (_, image) = try ImageFile.decoded(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            let (_, prepared) = try recogniser.read(image, .standard, resolution: 200, path: path)
            let binary = try #require(prepared.binary)
            let reference = try #require(
                Recogniser.Reference(
                    standard: binary, textured: prepared.textured, rotationDegrees: prepared.rotationDegrees, width: image.width,
                    height: image.height))
            let reading = try recogniser.readFoundLines(
                prepared, reference: reference, size: (image.width, image.height), resolution: 200, path: path)
            let truth = try GroundTruth.load(Repository.scans.appendingPathComponent("\(stem).gt.json"))
            let found = truth.lines.filter { line in reading.lines.contains { $0.box.intersectionOverUnion(line.box) >= 0.5 } }
            #expect(found.count * 10 >= truth.lines.count * 8, "\(stem): \(found.count) of \(truth.lines.count) lines")
            let page = PixelBox(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            #expect(reading.lines.allSatisfy { page.contains($0.box) && !$0.words.isEmpty })
            #expect(reading.steps.contains { $0.step == .lineFinding && $0.applied })
        }
    }
}
