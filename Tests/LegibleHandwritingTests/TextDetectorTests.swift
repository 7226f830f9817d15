import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

/// PP-OCRv6's text detector and its post-processing (`Docs/Recognition.md`, "Detected lines"),
/// on real pages against their ALTO truth.
@Suite("the text detector", .serialized)
struct TextDetectorTests {
    static func detector() throws -> TextDetector? {
        guard try HandwritingReaderTests.model() != nil else { return nil }
        return try TextDetector(files: HandwritingModel.Files(folder: HandwritingReaderTests.folder))
    }

    /// A real page's grey pixels and its truth lines' boxes.
    static func page(_ collection: String, _ stem: String) throws -> (grey: GreyImage, truth: [PixelBox]) {
        let folder = Repository.realCorpus.appendingPathComponent(collection).path
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/\(stem).jpg"))
        let truth = try LayoutImporter.importLayout(
            Data(contentsOf: URL(fileURLWithPath: folder + "/\(stem).xml")), file: "\(stem).xml",
            image: try ImageFile.describe(data: data, path: stem))
        return (try ImageFile.greyImage(data: data, path: stem), truth.lines.map(\.box))
    }

    /// How many of `truth` a detected line covers: most of the truth line's box lies in the
    /// detected one's bounds, and their middles are within half the truth line's height.
    static func found(_ truth: [PixelBox], by lines: [DetectedLine]) -> Int {
        truth.filter { box in
            lines.contains { line in
                guard let overlap = box.intersection(line.box) else { return false }
                return overlap.width * overlap.height >= 0.5 * box.width * box.height && abs(line.box.midY - box.midY) < box.height / 2
            }
        }.count
    }

    @Test(
        "on real pages of three collections, the detector finds nearly every truth line, and few lines more",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent),
        arguments: [
            ("copiste-d-un-jour", "imp_wikitexte_0022"), ("jane-stanford-memorials", "Lettre253"),
            ("celestine-doniau-danest", "10c3fa40-d683-4703-8bc4-94b48936ce85"),
        ])
    func realPages(_ collection: String, _ stem: String) throws {
        guard let detector = try Self.detector() else { return }
        let (grey, truth) = try Self.page(collection, stem)
        let lines = try detector.lines(on: grey, until: .distantFuture)
        let found = Self.found(truth, by: lines)
        print("text detector, \(collection)/\(stem): \(lines.count) lines for \(truth.count) in the truth, \(found) of them found")
        #expect(Double(found) >= 0.8 * Double(truth.count), "\(found) of \(truth.count)")
        #expect(lines.count <= truth.count * 2 + 4)
        #expect(lines.allSatisfy { $0.corners.count == 4 && $0.score >= Double(TextDetector.boxThreshold) && $0.box.width > 0 })
    }

    /// A bundled scan's grey pixels and its truth lines' boxes (`Scans/STEM.gt.json`).
    static func bundled(_ stem: String) throws -> (grey: GreyImage, truth: [PixelBox]) {
        let scan = Repository.scans.appendingPathComponent("\(stem).png").path
        let grey = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: scan)), path: scan)
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("\(stem).gt.json")))
        let boxes = ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { line -> PixelBox? in
            guard let box = line["box"] as? [Double], box.count == 4 else { return nil }
            return PixelBox(x: box[0], y: box[1], width: box[2], height: box[3])
        }
        return (grey, boxes)
    }

    @Test(
        "on the bundled scans (handwriting fonts on plain, ruled, squared and legal paper), the detector finds every truth line",
        arguments: ["chicago-1", "dkg-legal", "kristi-grid", "humor-ruled", "breip-plain"])
    func bundledScans(_ stem: String) throws {
        guard let detector = try Self.detector() else { return }
        let (grey, truth) = try Self.bundled(stem)
        try #require(!truth.isEmpty)
        let lines = try detector.lines(on: grey, until: .distantFuture)
        let found = Self.found(truth, by: lines)
        print("text detector, \(stem): \(lines.count) lines for \(truth.count) in the truth, \(found) of them found")
        #expect(found >= truth.count - 1, "\(found) of \(truth.count)")
        #expect(lines.count <= truth.count * 2 + 2)
    }

    @Test("a blank page has no lines; a deadline already past stops the detector")
    func blank() throws {
        guard let detector = try Self.detector() else { return }
        let white = GreyImage(width: 800, height: 1000, pixels: [UInt8](repeating: 250, count: 800 * 1000))
        #expect(try detector.lines(on: white, until: .distantFuture).isEmpty)
        #expect(throws: LineReaderTimeout.self) { try detector.lines(on: white, until: Date()) }
    }
}
