import Foundation
import LegibleCommandSupport
import LegibleRaster
import LegibleTestSupport
import Testing

/// One image gate wherever a scan is shown (`html`, and `view` through the same search) and
/// read (`ingest`): what is shown must be what was read, and nothing above the pixel limit is
/// decoded (`Docs/Hardening.md`, "Classes closed").
@Suite("the image gate")
struct ImageGateTests {
    static let chicago = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path
    static let small = Repository.root.appendingPathComponent("Fuzz/Corpus/image/rgb.png").path

    /// `rgb.png` with an `acTL` chunk after its header: an animated PNG whose default image is
    /// the still one.
    static func animated() throws -> Data {
        let png = try Data(contentsOf: URL(fileURLWithPath: small))
        let control = Data([0, 0, 0, 8]) + Data("acTL".utf8) + Data([0, 0, 0, 1, 0, 0, 0, 0]) + Data([0, 0, 0, 0])
        return png.prefix(33) + control + png.dropFirst(33)
    }

    /// A PNG header claiming 20000 × 20000 pixels, and nothing after it.
    static let huge: Data = {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        for side in [UInt32(20_000), 20_000] { withUnsafeBytes(of: side.bigEndian) { data.append(contentsOf: $0) } }
        return data + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
    }()

    /// The Chicago page's document with its image entry changed: no SHA-256, another name and,
    /// when given, another size.
    static func document(in folder: String, file: String, size: (Int, Int)? = nil) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: chicago))) as? [String: Any])
        var image = try #require(object["image"] as? [String: Any])
        image["sha256"] = nil
        image["file"] = file
        if let size { (image["width"], image["height"]) = (size.0, size.1) }
        object["image"] = image
        let path = folder + "/page.json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let cases: [(name: String, expect: String)] = [
        ("another size", "not the 1166×1654 image"), ("animated", "animated PNG"), ("over the pixel limit", "above the limit"),
        ("a NUL in the name", "not a plain file name"),
    ]

    @Test("html refuses a scan that is not what was read, or too large to decode, with 65", arguments: cases.map(\.name))
    func html(kind: String) throws {
        let folder = try temporaryFolder()
        let document: String
        switch kind {
        case "another size":
            try FileManager.default.copyItem(atPath: Self.small, toPath: folder + "/scan.png")
            document = try Self.document(in: folder, file: "scan.png")
        case "animated":
            try Self.animated().write(to: URL(fileURLWithPath: folder + "/scan.png"))
            document = try Self.document(in: folder, file: "scan.png")
        case "over the pixel limit":
            try Self.huge.write(to: URL(fileURLWithPath: folder + "/scan.png"))
            document = try Self.document(in: folder, file: "scan.png", size: (20_000, 20_000))
        default:
            try FileManager.default.copyItem(atPath: Self.small, toPath: folder + "/scan.png")
            document = try Self.document(in: folder, file: "scan.png\u{0}.png")
        }
        let run = try legible(["html", document, "-o", folder + "/out"])
        expectRefusal(run, 65, saying: try #require(Self.cases.first { $0.name == kind }).expect, kind)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/index.html"))
    }

    @Test("a page wider or taller than Tesseract reads is 65, naming the file and its size", arguments: [(40_000, 60), (60, 40_000)])
    func pastTesseractsSide(_ width: Int, _ height: Int) throws {
        let folder = try temporaryFolder()
        var samples = [UInt8](repeating: 255, count: width * height)
        for index in stride(from: 0, to: samples.count, by: 97) { samples[index] = 0 }
        try PNGCodec.encode(samples: samples, width: width, height: height, channels: 1).write(
            to: URL(fileURLWithPath: folder + "/long.png"))
        let run = try legible(["ingest", folder + "/long.png", "-o", folder + "/out", "--reader", "tesseract"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(folder + "/long.png") && run.stderr.contains("\(width)×\(height)"), "\(run.stderr)")
    }

    @Test("ingest refuses an animated PNG with 65, as a multi-page TIFF")
    func ingestAnimated() throws {
        let folder = try temporaryFolder()
        try Self.animated().write(to: URL(fileURLWithPath: folder + "/moving.png"))
        let run = try legible(["ingest", folder + "/moving.png", "-o", folder + "/out"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("animated PNG"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/moving.json"))
    }
}
