import Foundation
import LegibleCommandSupport
import LegibleImport
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import Testing

/// `legible edit` and what becomes of a corrected page (`Docs/Editing.md`): saved atomically,
/// exported as certain, and never read over by `ingest`.
@Suite("legible edit", .serialized)
struct EditCommandTests {
    static let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path

    @Test("an edit is saved on the ink and marked corrected; ingest keeps it, exports it as certain, and refuses to read over it")
    func correctAndKeep() throws {
        let folder = try temporaryFolder()
        let document = folder + "/chicago-1.json"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: document)
        let run = try legible(["edit", document, "0", "7", "Dawn\nbreak"])
        #expect(run.status == 0 && run.stdout.contains("[0, 10) now reads \"Dawn break\""), "\(run.stdout)\(run.stderr)")
        let layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: document)))
        #expect(layout.version == 2 && layout.text.hasPrefix("Dawn break\nWe started"))
        let heading = try #require(layout.lines.first?.words)
        #expect(heading.count == 2 && heading.allSatisfy { $0.corrected == true })
        #expect(layout.lines[1].words?.allSatisfy { $0.corrected == nil } == true)

        // Up to date: the siblings are made from the corrected document.
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let ingest = try legible(["ingest", scan, "-o", folder, "--format", "json,hocr,alto", "-q"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let hocr = try String(contentsOfFile: folder + "/chicago-1.hocr", encoding: .utf8)
        // The heading's two words are the first two, each certain.
        let titles = hocr.matches(of: #/class="ocrx_word" id="word_\d+" title="([^"]*)"/#).map { String($0.output.1) }
        #expect(
            titles.prefix(2).allSatisfy { $0.hasSuffix("x_wconf 100") } && !(titles.dropFirst(2).first?.hasSuffix("x_wconf 100") ?? true),
            "\(titles.prefix(3))")
        let alto = try String(contentsOfFile: folder + "/chicago-1.alto.xml", encoding: .utf8)
        #expect(alto.contains("CONTENT=\"Dawn\"") && alto.contains("WC=\"1\" CC=\"0 0 0 0\" CS=\"true\""))
        try correctedInHTMLAndPDF(document, folder: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: document))
        let forced = try legible(["ingest", scan, "-o", folder, "--force", "-q"])
        #expect(forced.status == 73 && forced.stderr.contains("holds corrections"), "\(forced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == before)
    }

    /// The HTML notebook marks the corrected words' runs and no other; the tagged PDF gives
    /// their heading a `corrected` user property per word (`Docs/Web.md` and `Docs/PDF.md`,
    /// "Corrected words"), and qpdf finds the file sound.
    func correctedInHTMLAndPDF(_ document: String, folder: String) throws {
        let html = try legible(["html", document, "-o", folder + "/notebook", "--scans", Repository.scans.path])
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOfFile: folder + "/notebook/index.html", encoding: .utf8)
        let marked = page.matches(of: #/<span style="[^"]*" data-corrected="">([^<]*)</span>/#).map { String($0.output.1) }
        #expect(marked == ["Dawn ", "break"], "\(marked)")
        let pdf = try legible(["pdf", document, "-o", folder + "/notebook.pdf", "--scans", Repository.scans.path])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        // poppler lists each user property under its element: name, then value.
        let structure = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), ["-struct", folder + "/notebook.pdf"], environment: [:])
        let properties = structure.stdout.matches(of: #/\/corrected \(corrected\) \(([^)]*)\)/#).map { String($0.output.1) }
        #expect(properties == ["Dawn", "break"], "\(structure.stdout.prefix(300))")
        let check = try runProcess(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--check", folder + "/notebook.pdf"], environment: [:])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test(
        "a real letter's ALTO truth aligned onto Legible's reading of its scan: every line placed, the page reads as the truth",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func realLetter() throws {
        let folder = try temporaryFolder()
        let letters = Repository.realCorpus.appendingPathComponent("jane-stanford-memorials").path
        let read = try legible(["ingest", letters + "/Lettre248.jpg", "-o", folder, "-q"])
        #expect(read.status == 0, "\(read.stderr)")
        let run = try legible(["align", folder + "/Lettre248.json", letters + "/Lettre248.xml", "-o", folder + "/aligned.json"])
        #expect(run.status == 0 && run.stdout.contains("aligned 6 of 6 lines"), "\(run.stdout)\(run.stderr)")
        let truth = try LayoutImporter.transcribedLines(
            try Data(contentsOf: URL(fileURLWithPath: letters + "/Lettre248.xml")), file: "Lettre248.xml")
        let aligned = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: folder + "/aligned.json")))
        let lines = aligned.lines.map { String(decoding: Array(aligned.text.utf16)[$0.range.range], as: UTF16.self) }
        #expect(lines == truth.map(\.text), "\(lines)")
    }

    /// The issue's measure on data no one here wrote (`Docs/Editing.md`, "Measured"): every page
    /// of the real corpus read by Legible, its ALTO truth aligned onto that reading by where its
    /// lines are written; each truth line that some recognised line overlaps (IoU ≥ 0.5) must
    /// land there reading as the truth, for 95 % of them, and every page's truth must be refused
    /// on every other page.
    @Test(
        "the real corpus's ALTO truth aligned onto Legible's readings: 95 % of placeable lines on their line, other pages refused",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func realCorpus() throws {
        let tool = Repository.root.appendingPathComponent("Tools/eval-align")
        let run = try runProcess(
            tool, ["--corpus", Repository.realCorpus.path, "--legible", Repository.legibleExecutable.path, "--others"], environment: [:])
        #expect(run.status == 0, "\(run.stderr.suffix(1500))")
        let summary = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("all: ") }, "\(run.stdout)")
        let figures = try #require(
            summary.firstMatch(
                of:
                    #/all: (\d+) truth lines, (\d+) placeable; \d+ read as the truth; (\d+) on the right line \(\d+ %; (\d+) % of the placeable\)/#
            ))
        print("eval-align: \(summary)")
        #expect(Int(figures.output.4)! >= 95, "\(summary)")
        let others = try #require(run.stdout.firstMatch(of: #/others: (\d+) of (\d+) transcriptions/#), "\(run.stdout.suffix(400))")
        #expect(others.output.1 == others.output.2 && Int(others.output.2)! > 0, "\(run.stdout.suffix(400))")
    }

    /// The issue's measure of word boxes (`Docs/Editing.md`, "Fitting words to their ink"):
    /// every generated scan of `Scans/` read by Legible, its generator's truth text aligned onto
    /// that reading with the scan's ink, each aligned word looked for among the true words (same
    /// text, IoU ≥ 0.5): 95 % must be there.
    @Test("the generated scans' truth aligned with their ink: 95 % of words on their true boxes")
    func scansWordBoxes() throws {
        let tool = Repository.root.appendingPathComponent("Tools/eval-align")
        let run = try runProcess(tool, ["--scans", "--legible", Repository.legibleExecutable.path], environment: [:])
        #expect(run.status == 0, "\(run.stderr.suffix(1500))")
        let summary = try #require(run.stdout.firstMatch(of: #/scans: (\d+) of (\d+) aligned words/#), "\(run.stdout)")
        print("eval-align --scans: \(summary.output.0)")
        let (right, total) = (Int(summary.output.1)!, Int(summary.output.2)!)
        #expect(total > 300 && right * 100 >= total * 95, "\(run.stdout)")
    }
}
