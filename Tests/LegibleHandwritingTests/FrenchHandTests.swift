import Foundation
import LegibleEvaluation
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

@testable import LegibleHandwriting

/// A page of the real corpus in grey with its ALTO truth.
func realPage(_ set: String, _ page: String) throws -> (image: GreyImage, truth: PageLayout) {
    let folder = Repository.realCorpus.appendingPathComponent(set).path
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + page + ".jpg"))
    let description = try ImageFile.describe(data: data, path: page)
    let truth = try LayoutImporter.importLayout(
        Data(contentsOf: URL(fileURLWithPath: folder + "/" + page + ".xml")), file: page + ".xml", image: description)
    let grey = try ImageFile.greyImage(data: data, path: page)
    return (grey, truth)
}

/// The French hand head (`Docs/Recognition.md`, "A French hand"): written into the network's
/// last layer, it reads as it does over the features, and it reads French handwriting it never
/// saw, and English handwriting, better than the model's own layer.
@Suite("the French hand head", .serialized)
struct FrenchHandTests {
    static func hand() throws -> WriterHead? {
        guard try HandwritingReaderTests.model() != nil else { return nil }
        return try HandwritingModel.frenchHand(files: WriterHeadTests.files())
    }

    @Test("written into the network's last layer, the hand head gives its own probabilities over the page script's classes")
    func bakedIsTheHead() throws {
        guard let hand = try Self.hand(), let featured = try HandwritingReaderTests.model(features: true) else { return }
        let baked = try HandwritingModel(files: WriterHeadTests.files(), layer: .head(hand))
        featured.head = hand
        let classes = baked.latinClasses()
        let (page, lines) = try WriterHeadTests.scan("chicago-1")
        for (scale, line) in zip([1.0, 2.0], [lines[0], lines[2]]) {
            let crop = page.crop(line.box, padding: 8).image
            let tensor = LineTensor(grey: crop.pixels, width: crop.width, height: crop.height, widthScale: scale)
            let read = try baked.probabilities(tensor, classes: classes)
            let expected = try featured.probabilities(tensor, classes: classes)
            #expect(read.steps == expected.steps && read.values.count == expected.values.count)
            let largest = zip(read.values, expected.values).map { abs($0 - $1) }.max() ?? 1
            #expect(largest < 1e-3, "×\(scale): largest difference \(largest)")
        }
    }

    @Test(
        "the hand head reads a page of the 1914 diary, which it never saw, with fewer errors than the model's own last layer",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func readsFrenchBetter() throws {
        guard let (own, learnt) = try Self.greedyErrors("celestine-doniau-danest", ["10c3fa40-d683-4703-8bc4-94b48936ce85"]) else { return }
        #expect(learnt < 0.9 * own, "greedy CER: the model's own layer \(own), the hand head \(learnt)")
    }

    @Test(
        "the hand head, learnt from French lines alone, reads the real English letters with more errors than the model's own layer, so English pages are read without it",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func readsEnglishWorse() throws {
        let letters = ["Lettre248", "Lettre251", "Lettre252", "Lettre253", "SC0033B_s4_b01_f14_i085"]
        guard let (own, learnt) = try Self.greedyErrors("jane-stanford-memorials", letters) else { return }
        #expect(learnt > own, "greedy CER: the model's own layer \(own), the hand head \(learnt)")
        #expect(!HandwritingModel.handHeadReads("eng"))
    }

    /// Greedy CER of the model's own last layer and of the hand head on the truth lines of
    /// `pages` of the real set `set`, each line read at ×2; nil without the reader.
    static func greedyErrors(_ set: String, _ pages: [String]) throws -> (own: Double, learnt: Double)? {
        guard let hand = try Self.hand(), let model = try HandwritingReaderTests.model(features: true) else { return nil }
        let classes = model.latinClasses()
        let start = try HandwritingModel.startHead(files: WriterHeadTests.files(), classes: classes)
        let lines = try pages.flatMap { page in
            let (image, truth) = try realPage(set, page)
            return try truth.lines.compactMap { line -> HeadTraining.Line? in
                guard let labels = HeadTraining.labels(truth.text(of: line.range), classes: classes) else { return nil }
                let read = try model.features(of: image.crop(line.box, padding: 8).image, scale: 2)
                return HeadTraining.Line(features: read.values, steps: read.steps, labels: labels)
            }
        }
        #expect(lines.count > 20)
        let symbols = classes.symbols
        return (HeadTraining.errorRate(start, lines, symbols: symbols), HeadTraining.errorRate(hand, lines, symbols: symbols))
    }

    @Test(
        "a hand head that is missing, altered or not a head is refused with one line naming it", arguments: ["missing", "altered", "short"])
    func badHand(_ damage: String) throws {
        guard try Self.hand() != nil else { return }
        let copy = try temporaryFolder()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: WriterHeadTests.files().hand))
        if damage == "altered" { bytes[bytes.count / 2] ^= 0xFF }
        if damage == "short" { bytes = bytes.prefix(100) }
        if damage != "missing" { try bytes.write(to: URL(fileURLWithPath: copy + "/hand-fra.head")) }
        do {
            _ = try HandwritingModel.frenchHand(files: HandwritingModel.Files(folder: copy))
            Issue.record("a \(damage) hand head was read")
        } catch {
            #expect(error.description.hasPrefix(copy + "/hand-fra.head: "), "\(error)")
            #expect(error.description.contains(damage == "missing" ? "is missing" : "not the pinned file"), "\(error)")
        }
    }
}
