import Foundation
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

@testable import LegibleHandwriting

/// The width a page's lines are read at, and how a line is resized to the model's height
/// (`Docs/Recognition.md`, "Handwriting").
@Suite("the width a page is read at")
struct PageWidthTests {
    @Test(
        "from the narrowest, each wider width surer by the margin is taken, up to the first that is not; none sampled is the narrowest",
        arguments: [
            ([[Float(0.80), 0.81, 0.70]], 0), ([[0.60, 0.70, 0.65]], 1), ([[0.50, 0.60, 0.75]], 2),
            ([[0.70, 0.75, 0.60], [0.70, 0.65, 0.60]], 0), ([], 0), ([[0.4], [0.5, 0.9, 0.3]], 1),
            ([[0.60, 0.61, 0.90]], 0), ([[0.60, 0.70]], 1),
        ])
    func surest(_ confidences: [[Float]], _ expected: Int) {
        #expect(HandwritingModel.widthScales.count == 3)
        #expect(HandwritingModel.pageWidth(confidences) == expected)
    }

    @Test(
        "every output pixel's weights sum to 1 inside the source, and shrinking leaves no source pixel out",
        arguments: [(120, 48), (10, 48), (48, 48), (1, 48), (9_999, 17)])
    func taps(_ source: Int, _ target: Int) {
        let taps = LineTensor.filterTaps(source: source, target: target)
        #expect(taps.count == target)
        var reached = [Float](repeating: 0, count: source)
        for tap in taps {
            #expect(tap.start >= 0 && tap.start + tap.weights.count <= source)
            #expect(abs(tap.weights.reduce(0, +) - 1) < 1e-4)
            for (offset, weight) in tap.weights.enumerated() { reached[tap.start + offset] += weight }
        }
        #expect(reached.allSatisfy { $0 > 0 })
    }

    @Test("a one-pixel stroke shrunk four times still shows, wherever it falls")
    func thinStroke() {
        let (width, height) = (64, 192)
        for column in 20..<28 {
            var pixels = [UInt8](repeating: 255, count: width * height)
            for y in 0..<height { pixels[y * width + column] = 0 }
            let tensor = LineTensor(grey: pixels, width: width, height: height)
            #expect(tensor.width == 16)
            let darkest = tensor.values.prefix(tensor.width * tensor.height).min() ?? 1
            #expect(darkest < 0.8, "a stroke at column \(column) shrank to \(darkest)")
        }
    }

    @Test(
        "the 1914 diary's narrow hand is read wider than the English letters' round one",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func writersWidth() throws {
        guard let model = try HandwritingReaderTests.model() else { return }
        let classes = model.latinClasses()
        func width(_ set: String, _ page: String) throws -> Int {
            let (image, truth) = try realPage(set, page)
            let sample = truth.lines.prefix(HandwritingModel.sampleLines).map { image.crop($0.box, padding: 8).image }
            return try model.sampledWidth(sample, classes: classes).width
        }
        let diary = try width("celestine-doniau-danest", "10c3fa40-d683-4703-8bc4-94b48936ce85")
        let letter = try width("jane-stanford-memorials", "Lettre251")
        #expect(diary > letter, "diary ×\(HandwritingModel.widthScales[diary]), letter ×\(HandwritingModel.widthScales[letter])")
    }
}
