import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleTestSupport
import Testing

@Suite("legible ingest --layout", .serialized)
struct ImportCLITests {
    static let page1 = Repository.scans.appendingPathComponent("chicago-1.png").path

    static func comparable(_ path: String) throws -> PageLayout {
        try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: path))).withoutProvenance
    }

    @Test("OCR → ALTO → import, and OCR → hOCR → import, give the same page document")
    func roundTrip() throws {
        let out = try temporaryFolder()
        #expect(try legible(["ingest", Self.page1, "-o", "\(out)/ocr", "--format", "json,alto,hocr"]).status == 0)
        let viaALTO = try legible(["ingest", Self.page1, "--layout", "\(out)/ocr/chicago-1.alto.xml", "-o", "\(out)/alto"])
        #expect(viaALTO.status == 0, "\(viaALTO.stderr)")
        #expect(try Self.comparable("\(out)/alto/chicago-1.json") == Self.comparable("\(out)/ocr/chicago-1.json"))
        let viaHOCR = try legible(["ingest", Self.page1, "--layout", "\(out)/ocr/chicago-1.hocr", "-o", "\(out)/hocr"])
        #expect(viaHOCR.status == 0, "\(viaHOCR.stderr)")
        let a = try Self.comparable("\(out)/hocr/chicago-1.json")
        let b = try Self.comparable("\(out)/ocr/chicago-1.json")
        #expect(a.text == b.text && a.paragraphs == b.paragraphs)
        #expect(a.lines.map(\.box) == b.lines.map(\.box) && a.lines.map(\.range) == b.lines.map(\.range))
        #expect(a.lines.flatMap { ($0.words ?? []).map(\.box) } == b.lines.flatMap { ($0.words ?? []).map(\.box) })
        func glyphBoxes(_ layout: PageLayout) -> [PixelBox] {
            layout.lines.flatMap { line in (line.words ?? []).flatMap { word in (word.glyphs ?? []).map(\.box) } }
        }
        #expect(glyphBoxes(a) == glyphBoxes(b))
    }

    /// An output is never one of the inputs (`Docs/Hardening.md`, "Classes closed"):
    /// exporting into the folder of the transcriptions being imported, rendering over the scan,
    /// or naming the input through another path (`./`, a symbolic link) is refused with 64, one
    /// line, and every input left as it was.
    @Test("ingest and render never write over their inputs", arguments: ["alto", "hocr", "render", "render via link", "inputs list"])
    func outputsOverInputs(kind: String) throws {
        let out = try temporaryFolder()
        let image = "\(out)/chicago-1.png"
        try FileManager.default.copyItem(atPath: Self.page1, toPath: image)
        let made = try legible(["ingest", image, "-o", "\(out)/made", "--format", kind == "hocr" ? "json,hocr" : "json,alto"])
        #expect(made.status == 0, "\(made.stderr)")
        let transcription = "\(out)/made/chicago-1.\(kind == "alto" ? "alto.xml" : kind == "hocr" ? "hocr" : "json")"
        let before = try Data(contentsOf: URL(fileURLWithPath: transcription))
        let scan = try Data(contentsOf: URL(fileURLWithPath: image))
        let run: Run
        switch kind {
        case "render":
            run = try legible(["render", transcription, "--image", image, "-o", "\(out)/./chicago-1.png"])
        case "render via link":
            try FileManager.default.createSymbolicLink(atPath: "\(out)/link.png", withDestinationPath: image)
            run = try legible(["render", transcription, "--image", "\(out)/link.png", "-o", image])
        case "inputs list":
            // An image named as its list: `chicago-1.txt` lists `chicago-1.png`, and the text
            // output of that image is `chicago-1.txt` in the same folder.
            try Data((image + "\n").utf8).write(to: URL(fileURLWithPath: "\(out)/chicago-1.txt"))
            let list = try Data(contentsOf: URL(fileURLWithPath: "\(out)/chicago-1.txt"))
            run = try legible(["ingest", "--inputs", "\(out)/chicago-1.txt", "-o", out, "--format", "json,txt"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(out)/chicago-1.txt")) == list, "the inputs list was changed")
        default:
            run = try legible(["ingest", image, "--layouts", "\(out)/made", "-o", "\(out)/made", "--format", "json,\(kind)", "--force"])
        }
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("legible: ") && run.stderr.contains("would be written over the input"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: transcription)) == before, "the transcription was changed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == scan, "the scan was changed")
    }

}
