import Foundation
import LegibleCommandSupport
import LegibleImage
import LegibleTestSupport
import Testing

/// `legible html` without a browser: where scans come from, what is refused, and what is
/// written (`Docs/Web.md`, "Images").
@Suite("legible html", .serialized)
struct HTMLCommandTests {
    static let page = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path
    static let document = try! Data(contentsOf: URL(fileURLWithPath: page))

    /// A copy of the chicago-1 document whose JSON text has `original` replaced by `replacement`.
    static func edited(_ original: String, _ replacement: String, in folder: String) throws -> String {
        let text = String(decoding: document, as: UTF8.self).replacingOccurrences(of: original, with: replacement)
        let path = folder + "/chicago-1.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("copy (the default) puts the scan in images/, link refers to it, embed inlines it")
    func imageModes() throws {
        let out = try temporaryFolder()
        let copy = try legible(["html", Self.page, "-o", out + "/copy", "--scans", Repository.scans.path])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("1 page"))
        let copied = try Data(contentsOf: URL(fileURLWithPath: out + "/copy/images/chicago-1.png"))
        #expect(copied == (try Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.png"))))
        let copyHTML = try String(contentsOfFile: out + "/copy/index.html", encoding: .utf8)
        #expect(copyHTML.contains("src=\"images/chicago-1.png\""))

        #expect(try legible(["html", Self.page, "-o", out + "/link", "--scans", Repository.scans.path, "--images", "link"]).status == 0)
        let linkHTML = try String(contentsOfFile: out + "/link/index.html", encoding: .utf8)
        let source = try #require(linkHTML.firstMatch(of: /src="([^"]+)"/)?.1)
        let resolved = URL(fileURLWithPath: out + "/link/").appendingPathComponent(String(source)).standardizedFileURL
        #expect(resolved.path == Repository.scans.appendingPathComponent("chicago-1.png").standardizedFileURL.path)
        #expect(!FileManager.default.fileExists(atPath: out + "/link/images"))

        #expect(try legible(["html", Self.page, "-o", out + "/embed", "--scans", Repository.scans.path, "--images", "embed"]).status == 0)
        let embedHTML = try String(contentsOfFile: out + "/embed/index.html", encoding: .utf8)
        #expect(embedHTML.contains("src=\"data:image/png;base64,iVBORw0KGgo"))
    }

    @Test("a TIFF scan is copied as a PNG of the same pixels, written straight into its file")
    func tiffCopiedAsPNG() throws {
        let out = try temporaryFolder()
        let tiff = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.tif").path
        let scans = try temporaryFolder()
        try FileManager.default.copyItem(atPath: tiff, toPath: scans + "/chicago-1.tif")
        let sha = Checksum.sha256Hex(of: try Data(contentsOf: URL(fileURLWithPath: tiff)))
        _ = try Self.edited("\"file\" : \"chicago-1.png\"", "\"file\" : \"chicago-1.tif\"", in: out)
        let recorded = "8092b3e587613fc31da2882cf9df12847bc7e84251dba3e5b01bcafa404ba48e"
        let page = out + "/chicago-1.json"
        let document = String(decoding: try Data(contentsOf: URL(fileURLWithPath: page)), as: UTF8.self)
        #expect(document.contains(recorded) && document.contains("chicago-1.tif"))
        try Data(document.replacingOccurrences(of: recorded, with: sha).utf8).write(to: URL(fileURLWithPath: page))
        let run = try legible(["html", page, "-o", out + "/copy", "--scans", scans])
        #expect(run.status == 0, "\(run.stderr)")
        let copied = try Data(contentsOf: URL(fileURLWithPath: out + "/copy/images/chicago-1.png"))
        #expect(BrowserImage.browserExtension(of: copied) == "png")
        let original = try ImageFile.greyImage(data: try Data(contentsOf: URL(fileURLWithPath: tiff)), path: tiff)
        let converted = try ImageFile.greyImage(data: copied, path: "chicago-1.png")
        #expect(converted.width == original.width && converted.height == original.height && converted.pixels == original.pixels)
        #expect(try String(contentsOfFile: out + "/copy/index.html", encoding: .utf8).contains("src=\"images/chicago-1.png\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out + "/copy/images").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("the HTML without images weighs at most 1.5 times the page documents")
    func weight() throws {
        let out = try temporaryFolder()
        let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }
        #expect(try legible(["html"] + pages + ["-o", out, "--scans", Repository.scans.path]).status == 0)
        let html = try FileManager.default.attributesOfItem(atPath: out + "/index.html")[.size] as! Int
        let json = try pages.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as! Int) }
        #expect(Double(html) <= 1.5 * Double(json), "index.html \(html) bytes, documents \(json) bytes")
    }

    @Test(
        "bad inputs get one line and a documented status, and nothing is written",
        arguments: [
            ("a missing scan", "\"file\" : \"chicago-1.png\"", "\"file\" : \"absent.png\"", 66, "absent.png is not in"),
            (
                "a scan that is not the recognised image", "\"file\" : \"chicago-1.png\"", "\"file\" : \"chicago-2.png\"", 65,
                "SHA-256 differs"
            ),
            (
                "an image name with a folder", "\"file\" : \"chicago-1.png\"", "\"file\" : \"..\\/Scans\\/chicago-1.png\"", 65,
                "not a plain file name"
            ),
            ("no image name", "\"file\" : \"chicago-1.png\",", "", 65, "records no image file name"),
        ])
    func badInput(_ name: String, _ original: String, _ replacement: String, _ status: Int32, _ message: String) throws {
        let folder = try temporaryFolder()
        let page = try Self.edited(original, replacement, in: folder)
        #expect(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: page)), as: UTF8.self)
                != String(decoding: Self.document, as: UTF8.self), "the edit did not apply")
        let run = try legible(["html", page, "-o", folder + "/out", "--scans", Repository.scans.path])
        #expect(run.status == status, "\(name): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/index.html"))
    }

    @Test("an output path that is a file is refused with 73")
    func outputIsAFile() throws {
        let folder = try temporaryFolder()
        FileManager.default.createFile(atPath: folder + "/file", contents: Data("keep".utf8))
        let run = try legible(["html", Self.page, "-o", folder + "/file", "--scans", Repository.scans.path])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(try String(contentsOfFile: folder + "/file", encoding: .utf8) == "keep")
    }
}
