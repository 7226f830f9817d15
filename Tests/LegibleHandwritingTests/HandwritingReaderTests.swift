import Foundation
import LegibleEvaluation
import LegibleHandwriting
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

/// The handwriting line reader (`Docs/Recognition.md`, "Handwriting"): PP-OCRv6 small run by the real
/// ONNX Runtime on real line images, its files checked before use, and its CTC decoding.
@Suite("the handwriting line reader", .serialized)
struct HandwritingReaderTests {
    static let folder = Repository.root.appendingPathComponent(".build/vendor/handwriting").path

    /// The reader, or nil with a printed reason where `Tools/install-dependencies` has not put
    /// its files (a failure under `LEGIBLE_REQUIRE_REAL_PARTS=1`).
    static func model(features: Bool = false) throws -> HandwritingModel? {
        guard modelInstalled() else { return nil }
        return try HandwritingModel(files: HandwritingModel.Files(folder: folder), features: features)
    }

    /// Whether the reader's files are installed; when not, the test is skipped with a printed
    /// reason, or fails under `LEGIBLE_REQUIRE_REAL_PARTS=1` (CI).
    static func modelInstalled() -> Bool {
        let files = HandwritingModel.Files(folder: folder)
        guard FileManager.default.fileExists(atPath: files.model) && FileManager.default.fileExists(atPath: files.library) else {
            if ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_REAL_PARTS"] == "1" {
                Issue.record("the handwriting reader's files are missing from \(folder): run Tools/install-dependencies")
            } else {
                print("skipped: the handwriting reader's files are not in \(folder) (Tools/install-dependencies)")
            }
            return false
        }
        return true
    }

    /// The lines of `image` under the boxes `lines` (text, box) as the reader reads them; their
    /// character errors and truth characters.
    static func errors(_ model: HandwritingModel, image: String, lines: [(String, PixelBox)]) throws -> (Int, Int) {
        let page = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: image)), path: image)
        var (errors, characters) = (0, 0)
        for (truth, box) in lines {
            errors += Scorer.levenshtein(Array(truth), Array(try model.read(page, box: box).text))
            characters += truth.count
        }
        return (errors, characters)
    }

    @Test("the bundled Chicago page's handwriting-font lines read with a line CER under 0.15")
    func generatedLines() throws {
        guard let model = try Self.model() else { return }
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.gt.json")))
        let lines = ((truth as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap {
            line -> (String, PixelBox)? in
            guard let text = line["text"] as? String, let box = line["box"] as? [Double], box.count == 4 else { return nil }
            return (text, PixelBox(x: box[0], y: box[1], width: box[2], height: box[3]))
        }
        try #require(lines.count > 3)
        let (errors, characters) = try Self.errors(
            model, image: Repository.scans.appendingPathComponent("chicago-1.png").path, lines: lines)
        #expect(Double(errors) / Double(characters) < 0.15, "\(errors) errors in \(characters) characters")
    }

    @Test(
        "a real English letter's lines read with a line CER under 0.45 (Tesseract: 0.58)",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func realLetter() throws {
        guard let model = try Self.model() else { return }
        let folder = Repository.realCorpus.appendingPathComponent("jane-stanford-memorials").path
        let image = folder + "/Lettre253.jpg"
        let data = try Data(contentsOf: URL(fileURLWithPath: image))
        let truth = try LayoutImporter.importLayout(
            Data(contentsOf: URL(fileURLWithPath: folder + "/Lettre253.xml")), file: "Lettre253.xml",
            image: try ImageFile.describe(data: data, path: image))
        let lines = truth.lines.map { (truth.text(of: $0.range), $0.box) }
        let (errors, characters) = try Self.errors(model, image: image, lines: lines)
        #expect(Double(errors) / Double(characters) < 0.45, "\(errors) errors in \(characters) characters")
    }

    @Test("a missing, truncated or altered file is refused before it is loaded, naming it", arguments: ["missing", "truncated", "altered"])
    func badFiles(_ damage: String) throws {
        guard try Self.model() != nil else { return }
        let copy = try temporaryFolder()
        for name in ["libonnxruntime.so.1.22.0", "ppocrv6_dict.txt"] {
            // Copies, not links: a link is never loaded (`LoadedFilesTests`).
            try FileManager.default.copyItem(atPath: Self.folder + "/" + name, toPath: copy + "/" + name)
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/ppocrv6-rec.onnx"))
        if damage == "truncated" { bytes = bytes.prefix(bytes.count / 2) }
        if damage == "altered" { bytes[bytes.count / 2] ^= 0xFF }
        if damage != "missing" { try bytes.write(to: URL(fileURLWithPath: copy + "/ppocrv6-rec.onnx")) }
        do {
            _ = try HandwritingModel(files: HandwritingModel.Files(folder: copy))
            Issue.record("a \(damage) model was loaded")
        } catch {
            #expect(error.description.hasPrefix(copy + "/ppocrv6-rec.onnx: "), "\(error)")
            #expect(error.description.contains(damage == "missing" ? "is missing" : "not the pinned file"), "\(error)")
        }
    }

    @Test("the page deadline bounds the reader: one already past stops it before its first line, a later one lets it read")
    func pageDeadline() throws {
        guard let model = try Self.model() else { return }
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let grey = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: scan)), path: scan)
        let lines = (0..<40).map { row in
            RecognisedLine(words: [], box: PixelBox(x: 40, y: 60 + Double(row) * 30, width: 900, height: 40))
        }
        let reader = HandwritingLineReader(model: model)
        #expect(throws: LineReaderTimeout.self) { try reader.read(lines, page: grey, until: Date()) }
        let read = try reader.read(Array(lines.prefix(2)), page: grey, until: .distantFuture)
        #expect(read.count == 2)
    }

    @Test("a line of 1 pixel, of 10,000 pixels and of pure noise is read within the width bound")
    func extremeLines() throws {
        guard let model = try Self.model() else { return }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(10_000 * 60)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for (width, height, pixels) in [(1, 1, [UInt8(0)]), (10_000, 60, noise), (300, 40, Array(noise.prefix(12_000)))] {
            let tensor = LineTensor(grey: pixels, width: width, height: height)
            #expect(tensor.width >= 16 && tensor.width <= LineTensor.maximumWidth && tensor.values.count == 3 * 48 * tensor.width)
            let output = try model.probabilities(tensor)
            #expect(output.steps > 0 && output.steps <= tensor.width / 4 + 1)
        }
    }
}

/// CTC's greedy decoding, on probabilities written by hand.
@Suite("CTC decoding")
struct CTCDecodingTests {
    @Test("repeats merge, a blank between two equal classes keeps both, blanks are dropped, confidence is the mean of a run")
    func greedy() {
        let alphabet = ["", "a", "b"]
        // Steps: a a blank a b b blank
        let rows: [[Float]] = [
            [0.1, 0.8, 0.1], [0.2, 0.6, 0.2], [0.9, 0.05, 0.05], [0.3, 0.5, 0.2], [0.1, 0.1, 0.8], [0.3, 0.1, 0.6], [0.7, 0.2, 0.1],
        ]
        let read = CTCDecoding.greedy(rows.flatMap { $0 }, steps: rows.count, alphabet: alphabet)
        #expect(read.map(\.symbol) == ["a", "a", "b"])
        #expect(read.map(\.steps) == [0...1, 3...3, 4...5])
        #expect(abs(read[0].confidence - 0.7) < 1e-6 && abs(read[2].confidence - 0.7) < 1e-6)
    }
}
