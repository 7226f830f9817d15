import Foundation
import LegibleImage
import LegibleLayout
import LegibleNotebook
import LegibleRaster
import LegibleSystem
import LegibleTestSupport
import Testing

/// One rule for finding a page's scan (`Docs/Architecture.md`, "Notebook services"): html, pdf,
/// view and align all take the scan whose SHA-256 is the recorded one and whose displayed size
/// is the page's, and refuse the rest with the same kinds.
@Suite("Verified scans")
struct VerifiedScanTests {
    /// A folder with `document.json`'s scan `scan.png` beside it (40 × 30 pixels, or `size`),
    /// and an `other/` folder; returns the folder and the layout naming the scan.
    static func setUp(recordedFrom bytes: Data, recordsHash: Bool = true, size: (Int, Int) = (40, 30)) throws -> (String, PageLayout) {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        let image = PageImage(
            file: "scan.png", width: size.0, height: size.1, sha256: recordsHash ? Checksum.sha256Hex(of: bytes) : nil)
        return (folder, PageLayout(image: image, text: "", paragraphs: [], lines: []))
    }

    static func png(shade: UInt8, width: Int = 40, height: Int = 30) throws -> Data {
        try PNGCodec.encode(Bitmap(width: width, height: height, fill: .init(shade, shade, shade)))
    }

    static func kind(_ work: () throws -> Any?) -> NotebookFailure? {
        do {
            _ = try work()
            return nil
        } catch let error as NotebookError {
            return error.kind
        } catch {
            return nil
        }
    }

    @Test("the scan beside its document, with its SHA-256 and displayed size")
    func beside() throws {
        let bytes = try Self.png(shade: 200)
        let (folder, layout) = try Self.setUp(recordedFrom: bytes)
        try bytes.write(to: URL(fileURLWithPath: folder + "/scan.png"))
        let scan = try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [])
        #expect(scan.name == "scan.png" && scan.path == folder + "/scan.png")
        #expect(scan.sha256 == Checksum.sha256Hex(of: bytes) && scan.width == 40 && scan.height == 30)
    }

    @Test("its bytes read again are the ones verified, or refused as busy once the file changed")
    func bytesAgain() throws {
        let bytes = try Self.png(shade: 200)
        let (folder, layout) = try Self.setUp(recordedFrom: bytes)
        try bytes.write(to: URL(fileURLWithPath: folder + "/scan.png"))
        let scan = try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [])
        #expect(try scan.bytes() == bytes)
        try Self.png(shade: 20).write(to: URL(fileURLWithPath: folder + "/scan.png"))
        #expect(Self.kind { try scan.bytes() } == .busy)
    }

    @Test("another image of the same name beside it is passed over for the right one in a searched folder")
    func searched() throws {
        let bytes = try Self.png(shade: 200)
        let (folder, layout) = try Self.setUp(recordedFrom: bytes)
        try Self.png(shade: 20).write(to: URL(fileURLWithPath: folder + "/scan.png"))
        try bytes.write(to: URL(fileURLWithPath: folder + "/other/scan.png"))
        let scan = try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [folder + "/other"])
        #expect(scan.path == folder + "/other/scan.png")
        // align takes no other folder: the wrong image beside it gives no scan, and given, it is refused.
        #expect(try VerifiedScan.withBytes(for: layout, documentPath: folder + "/document.json", given: nil) == nil)
        #expect(
            Self.kind { try VerifiedScan.withBytes(for: layout, documentPath: folder + "/document.json", given: folder + "/scan.png") }
                == .badData)
        let given = try VerifiedScan.withBytes(for: layout, documentPath: folder + "/document.json", given: folder + "/other/scan.png")
        #expect(given?.bytes == bytes)
    }

    @Test(
        "what is refused, and as what",
        arguments: ["only another image", "none", "no name", "another size, no hash", "another size, hash right"])
    func refused(_ case: String) throws {
        let bytes = try Self.png(shade: 200)
        var (folder, layout) = try Self.setUp(recordedFrom: bytes, recordsHash: `case` != "another size, no hash", size: (40, 30))
        let expected: NotebookFailure
        switch `case` {
        case "only another image":
            try Self.png(shade: 20).write(to: URL(fileURLWithPath: folder + "/scan.png"))
            expected = .badData
        case "none":
            expected = .missingInput
        case "no name":
            layout.image.file = nil
            expected = .badData
        default:
            // A scan of another size is not the page's, whether or not the document records a hash.
            let other = try Self.png(shade: 200, width: 41)
            try other.write(to: URL(fileURLWithPath: folder + "/scan.png"))
            if `case` == "another size, hash right" { layout.image.sha256 = Checksum.sha256Hex(of: other) }
            expected = .badData
        }
        #expect(
            Self.kind { try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [folder + "/other"]) }
                == expected)
    }
}
