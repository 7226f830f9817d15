import Foundation
import LegibleCommandSupport
import LegibleEvaluation
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleRaster
import LegibleTestSupport
import Testing

/// A page photographed on a dark table, with its book's edge beside it (`Docs/Recognition.md`,
/// "Detected lines"), made at test time from an openly licensed sheet of the real corpus: the
/// preparation takes its writing for background, and Tesseract's layout and the ink's rows
/// find no line, so it read empty. A page reads empty only when it has no writing.
@Suite("a page photographed on a dark table", .serialized)
struct PhotographedPageTests {
    /// `page` (grey) pasted on a dark, grained table `margin` pixels wider on every side, its
    /// paper darkened as yellowed paper is in grey, a dark book edge down its left side.
    static func photographed(_ page: GreyImage, margin: Int) -> GreyImage {
        let (width, height) = (page.width + 2 * margin, page.height + 2 * margin)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(34 + Int(state >> 59))
        }
        for y in 0..<page.height {
            for x in 0..<page.width {
                pixels[(y + margin) * width + x + margin] = UInt8(Double(page.pixels[y * page.width + x]) * 0.86 + 8)
            }
        }
        for x in 0..<min(60, margin) {
            for y in (margin / 2)..<(height - margin / 2) { pixels[y * width + margin - 60 + x] = UInt8(18 + x) }
        }
        return GreyImage(width: width, height: height, pixels: pixels)
    }

    @Test(
        "a sheet photographed on a dark table reads its lines; a blank sheet photographed so reads empty",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func darkTable() throws {
        guard HandwritingIngestTests.available else { return }
        let folder = try temporaryFolder()
        let sheet = Repository.realCorpus.appendingPathComponent("copiste-d-un-jour/imp_wikitexte_0022").path
        let data = try Data(contentsOf: URL(fileURLWithPath: sheet + ".jpg"))
        let grey = try ImageFile.greyImage(data: data, path: sheet)
        let truth = try LayoutImporter.importLayout(
            Data(contentsOf: URL(fileURLWithPath: sheet + ".xml")), file: "truth.xml",
            image: try ImageFile.describe(data: data, path: sheet))
        let blank = GreyImage(width: grey.width, height: grey.height, pixels: [UInt8](repeating: 236, count: grey.width * grey.height))
        for (name, page) in [("photo", Self.photographed(grey, margin: 240)), ("blank", Self.photographed(blank, margin: 240))] {
            try PNGCodec.encode(samples: page.pixels, width: page.width, height: page.height, channels: 1).write(
                to: URL(fileURLWithPath: "\(folder)/\(name).png"))
        }
        let run = try legible(["ingest", folder + "/photo.png", folder + "/blank.png", "-o", folder + "/out", "-l", "fra", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let read = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/photo.json")))
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let (said, written) = (words(read.text), words(truth.text))
        let errors = Scorer.levenshtein(Array(said), Array(written))
        print("photographed sheet: \(read.lines.count) lines for \(truth.lines.count), CER \(Double(errors) / Double(written.count))")
        #expect(read.lines.count >= truth.lines.count * 3 / 4, "\(read.lines.count) lines")
        let paper = read.preprocessing?.first { $0.step == .paper }
        #expect(paper?.applied == true, "the paper was not found: \(paper?.detail ?? "no step")")
        // The printed consent header is read too, and the truth leaves it out: the bound allows for it.
        #expect(Double(errors) / Double(written.count) < 0.6, "\(said.prefix(200))")
        let empty = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/blank.json")))
        #expect(empty.lines.isEmpty, "a blank sheet read as \(empty.text.prefix(80))")
    }

    /// The bundled scan `Scans/STEM.png` in grey.
    static func bundledGrey(_ stem: String) throws -> GreyImage {
        let scan = Repository.scans.appendingPathComponent(stem + ".png").path
        let grey = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: scan)), path: scan)
        return grey
    }

    @Test("a bundled scan photographed on a dark table reads its lines, whatever corpus this machine has")
    func bundledOnDarkTable() throws {
        guard HandwritingIngestTests.available else { return }
        let folder = try temporaryFolder()
        let page = Self.photographed(try Self.bundledGrey("dkg-legal"), margin: 200)
        try PNGCodec.encode(samples: page.pixels, width: page.width, height: page.height, channels: 1).write(
            to: URL(fileURLWithPath: folder + "/photo.png"))
        let run = try legible(["ingest", folder + "/photo.png", "-o", folder + "/out", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let read = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/photo.json")))
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("dkg-legal.gt.json")))
        let written = ((truth as? [String: Any])?["text"] as? String ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let said = read.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let errors = Scorer.levenshtein(Array(said.lowercased()), Array(written.lowercased()))
        print("photographed dkg-legal: \(read.lines.count) lines, CER \(Double(errors) / Double(written.count))")
        #expect(!read.lines.isEmpty)
        #expect(Double(errors) / Double(written.count) < 0.5, "\(said.prefix(200))")
    }
}
