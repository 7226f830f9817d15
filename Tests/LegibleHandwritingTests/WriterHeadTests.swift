import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

/// The handwriting reader's last layer fitted to a writer (`Docs/Recognition.md`, "The writer's
/// hand in the handwriting reader"): the network's features read through a graph output added
/// to the real model, and the start head read from its bytes. How a head learns is
/// `LegibleLearningTests`' (`HeadTrainerTests`).
@Suite("the writer's head of the handwriting reader", .serialized)
struct WriterHeadTests {
    /// The truth lines (text, box) of a bundled scan, and the page in grey.
    static func scan(_ name: String) throws -> (page: GreyImage, lines: [(text: String, box: PixelBox)]) {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent(name + ".gt.json")))
        let lines = ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { line -> (String, PixelBox)? in
            guard let text = line["text"] as? String, let box = line["box"] as? [Double], box.count == 4 else { return nil }
            return (text, PixelBox(x: box[0], y: box[1], width: box[2], height: box[3]))
        }
        let path = Repository.scans.appendingPathComponent(name + ".png").path
        let grey = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        return (grey, lines)
    }

    static func files() -> HandwritingModel.Files { HandwritingModel.Files(folder: HandwritingReaderTests.folder) }

    @Test("the start head over the features gives the model's own probabilities, renormalised over the page script's classes")
    func startHeadIsTheModels() throws {
        guard let model = try HandwritingReaderTests.model(features: true) else { return }
        let classes = model.latinClasses()
        let head = try HandwritingModel.startHead(files: Self.files(), classes: classes)
        #expect(head.features == WriterHead.modelFeatures && head.classes == classes.indices)
        let (page, lines) = try Self.scan("chicago-1")
        let line = page.crop(lines[0].box, padding: 8).image
        let tensor = LineTensor(grey: line.pixels, width: line.width, height: line.height, widthScale: 1)
        let own = try model.probabilities(tensor, classes: classes)
        let features = try model.features(tensor)
        #expect(features.steps == own.steps && features.values.count == own.steps * WriterHead.modelFeatures)
        let fitted = head.probabilities(features.values, steps: features.steps)
        var largest: Float = 0
        for step in 0..<own.steps {
            let row = own.values[(step * classes.indices.count)..<((step + 1) * classes.indices.count)]
            let total = row.reduce(0, +)
            for (index, value) in row.enumerated() {
                largest = max(largest, abs(value / total - fitted[step * classes.indices.count + index]))
            }
        }
        #expect(largest < 1e-3, "largest difference \(largest)")
    }

    @Test("a head's bytes read back as the same head; truncated, oversized, non-finite or overlarge ones are refused")
    func bytes() throws {
        let head = try #require(WriterHead(classes: [0, 3, 9], features: 2, weights: [1, -2, 0.5, 4, 0, 1e-3], bias: [0, 1, -1]))
        #expect(WriterHead(bytes: head.bytes) == head)
        #expect(WriterHead(bytes: Array(head.bytes.dropLast())) == nil)
        #expect(WriterHead(bytes: head.bytes + [0, 0, 0, 0]) == nil)
        #expect(WriterHead(bytes: []) == nil)
        var infinite = head.bytes
        infinite.replaceSubrange((infinite.count - 4)..., with: [0, 0, 0x80, 0x7F])
        #expect(WriterHead(bytes: infinite) == nil)
        // Finite but so large that a score summed from them could overflow.
        #expect(WriterHead(classes: [0, 3, 9], features: 2, weights: [1, -2, 0.5, 4, 0, 2e6], bias: [0, 1, -1]) == nil)
        #expect(WriterHead(classes: [0, 3, 9], features: 2, weights: head.weights, bias: [0, -2e6, -1]) == nil)
        #expect(WriterHead(classes: [3, 0, 9], features: 2, weights: head.weights, bias: head.bias) == nil, "the blank first, ascending")
    }
}
