import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

/// Writing on a sheet's other side, seen through the paper (`Docs/Recognition.md`, "Writing
/// seen through the paper"): the real model reads it surer turned over, and the reader says so.
@Suite("writing seen through the paper", .serialized)
struct SeenThroughTests {
    @Test("a page's own lines, turned over and faded below it, are seen through; none of its lines is")
    func madePage() throws {
        guard let model = try HandwritingReaderTests.model() else { return }
        let (page, boxes) = try TextDetectorTests.bundled("chicago-1")
        try #require(boxes.count > 3)
        let (made, shown) = SeenThroughPage.made(page, lines: [boxes[1], boxes[2], boxes[3]])
        let lines = (boxes + shown).map { RecognisedLine(words: [], box: $0) }
        let read = try HandwritingLineReader(model: model).read(lines, page: made, until: .distantFuture)
        let seen = read.indices.filter { read[$0] == .seenThrough }
        #expect(seen == Array(boxes.count..<lines.count), "seen through: \(seen)")
        #expect(read.prefix(boxes.count).allSatisfy { $0.line != nil })
    }

    @Test(
        "a real letter's letterhead, printed on the other side, is seen through; the letter's own lines are not",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func letterhead() throws {
        guard let model = try HandwritingReaderTests.model() else { return }
        let folder = Repository.realCorpus.appendingPathComponent("jane-stanford-memorials").path
        let image = folder + "/SC0033B_s4_b01_f14_i085.jpg"
        let data = try Data(contentsOf: URL(fileURLWithPath: image))
        let truth = try LayoutImporter.importLayout(
            Data(contentsOf: URL(fileURLWithPath: folder + "/SC0033B_s4_b01_f14_i085.xml")), file: "truth.xml",
            image: try ImageFile.describe(data: data, path: image))
        // The letterhead's two lines ("Century Club of California", "San Francisco") as the
        // text detector finds them; the truth leaves them out.
        let letterhead = [PixelBox(x: 606, y: 169, width: 1580, height: 205), PixelBox(x: 1034, y: 343, width: 533, height: 107)]
        let lines = (letterhead + truth.lines.map(\.box)).map { RecognisedLine(words: [], box: $0) }
        let page = try ImageFile.greyImage(data: data, path: image)
        let read = try HandwritingLineReader(model: model).read(lines, page: page, until: .distantFuture)
        #expect(read.indices.filter { read[$0] == .seenThrough } == [0, 1])
    }

    @Test("the lines looked at first are spread from the first to the last, every line of a short page")
    func probedLines() {
        #expect(HandwritingModel.probedLines(0) == [])
        #expect(HandwritingModel.probedLines(4) == [0, 1, 2, 3])
        #expect(HandwritingModel.probedLines(6) == [0, 1, 2, 3, 4, 5])
        #expect(HandwritingModel.probedLines(21) == [0, 4, 8, 12, 16, 20])
    }

    @Test("an image turned over left to right: each row reversed, and turned twice the same image")
    func mirrored() {
        let image = GreyImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        #expect(image.mirrored().pixels == [3, 2, 1, 6, 5, 4])
        #expect(image.mirrored().mirrored() == image)
    }
}
