import Foundation
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

    @Test("a hostile layout exits 65 with one line naming the file and writes nothing")
    func hostile() throws {
        let out = try temporaryFolder()
        let bomb = "\(out)/bomb.xml"
        try Data("<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>\n<alto>&b;</alto>".utf8).write(
            to: URL(fileURLWithPath: bomb))
        let run = try legible(["ingest", Self.page1, "--layout", bomb, "-o", "\(out)/docs", "--format", "json,hocr"])
        #expect(run.status == 65)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("bomb.xml:2"), "\(run.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(out)/docs")) ?? []).isEmpty)
        let missing = try legible(["ingest", Self.page1, "--layout", "\(out)/none.xml", "-o", "\(out)/docs"])
        #expect(missing.status == 66)
    }

    @Test(
        "--layouts pairs images with layout files by name and needs no Tesseract",
        .enabled(
            if: FileManager.default.fileExists(atPath: Repository.realCorpus.path),
            "no real corpus on this machine (Docs/Architecture.md, \"Real corpus\")"))
    func batch() throws {
        let folder = Repository.realCorpus.appendingPathComponent("jane-stanford-memorials").path
        let images = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted().map {
            "\(folder)/\($0)"
        }
        let out = try temporaryFolder()
        // -l xyz would fail with 69 if Tesseract were started: importing must not need it.
        let run = try legible(["ingest"] + images + ["--layouts", folder, "-o", out, "-l", "xyz", "--format", "json,hocr,alto"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("ingested \(images.count) of \(images.count) pages"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(names.filter { $0.hasSuffix(".json") }.count == images.count)
        #expect(names.filter { $0.hasSuffix(".alto.xml") }.count == images.count)
    }
}
