import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `ingest --layout` and `--layouts` import a layout with no Tesseract, in process
/// (`Docs/Import.md`).
@Suite("legible ingest --layout in process")
struct ImportCommandTests {
    static let page1 = Repository.scans.appendingPathComponent("chicago-1.png").path

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
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
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
