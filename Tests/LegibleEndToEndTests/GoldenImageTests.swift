import Foundation
import LegibleCommandSupport
import LegibleGoldenSupport
import LegibleLayout
import LegibleRaster
import LegibleTestSupport
import Testing

/// Golden overlays of every page in Scans/: the real `legible ingest` (Tesseract) output drawn by
/// `legible render --blank` (line boxes, word boxes, selection rects of one word, a phrase across
/// a soft wrap and a whole paragraph) and the `legible dump` text tree, compared with
/// `Tests/Goldens/`.
@Suite("Golden images")
struct GoldenImageTests {
    /// Every scan of `Scans/` ingested once for the whole suite, by one `legible ingest` of them
    /// all: each test reads the documents it needs, so no scan is recognised twice.
    static let ingested: Result<String, GoldenError> = Result {
        let folder = try temporaryFolder()
        let images = Repository.scanStems.map { Repository.scans.appendingPathComponent("\($0).png").path }
        let run = try legible(["ingest"] + images + ["-o", folder, "-q"])
        guard run.status == 0 else { throw GoldenError(message: "ingest of Scans/ failed: \(run.stderr)") }
        return folder
    }.mapError { $0 as? GoldenError ?? GoldenError(message: "\($0)") }

    /// The page document of one scan, and a fresh folder for what a test writes beside it.
    static func ingest(_ stem: String) throws -> (folder: String, document: String) {
        let document = "\(try ingested.get())/\(stem).json"
        guard FileManager.default.fileExists(atPath: document) else { throw GoldenError(message: "no document for \(stem)") }
        return (try temporaryFolder(), document)
    }

    struct GoldenError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func render(_ document: String, to output: String) throws -> Bitmap {
        let run = try legible(["render", document, "--blank", "-o", output])
        guard run.status == 0 else { throw GoldenError(message: "render failed: \(run.stderr)") }
        return try PNGCodec.read(URL(fileURLWithPath: output))
    }

    static func engine(of document: String) throws -> Golden.Engine {
        let layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: document)))
        return Golden.Engine(tesseract: layout.engine?.version ?? "unknown", modelSHA256: layout.engine?.modelSHA256 ?? "unknown")
    }

    @Test("overlay and text tree match the references", arguments: Repository.scanStems)
    func golden(stem: String) throws {
        let (folder, document) = try Self.ingest(stem)
        let engine = try Self.engine(of: document)
        if Golden.isRecording {
            try Golden.recordEngine(engine)
        } else {
            for problem in Golden.checkEngine(engine) { Issue.record(Comment(rawValue: problem)) }
            guard Golden.checkEngine(engine).isEmpty else { return }
        }
        let image = try Self.render(document, to: "\(folder)/overlay.png")
        let text = try legible(["dump", document]).stdout
        for problem in Golden.verify(name: stem, image: image, text: text) { Issue.record(Comment(rawValue: problem)) }
    }

    @Test("ingesting the Chicago scans gives the committed reading-layer fixtures", arguments: ["chicago-1", "chicago-2", "chicago-3"])
    func readingFixtures(stem: String) throws {
        let (_, document) = try Self.ingest(stem)
        let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/\(stem).json")
        if Golden.isRecording {
            try Data(contentsOf: URL(fileURLWithPath: document)).write(to: fixture)
            Issue.record("recorded \(fixture.path); review the diff")
            return
        }
        let engine = try Self.engine(of: document)
        guard Golden.checkEngine(engine).isEmpty else {
            for problem in Golden.checkEngine(engine) { Issue.record(Comment(rawValue: problem)) }
            return
        }
        let fresh = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: document)))
        let committed = try PageLayout.decodeDocument(try Data(contentsOf: fixture))
        #expect(
            fresh.confidences(within: 1e-4, of: committed) == committed,
            "\(stem): live ingest differs from Tests/Fixtures/\(stem).json; re-record with LEGIBLE_RECORD_GOLDENS=1")
    }

    @Test("a fixture's confidences match a live reading's within 10⁻⁴ and no further")
    func confidenceTolerance() throws {
        let fixture = try PageLayout.decodeDocument(
            Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json")))
        for (shift, matches) in [(1.2e-7, true), (1e-3, false)] {
            var line = fixture, word = fixture
            line.lines[0].confidence = (line.lines[0].confidence ?? 0.5) - shift
            let first = fixture.lines[0].words?[0].confidence ?? 0.5
            word.lines[0].words?[0].confidence = first + shift
            #expect((line.confidences(within: 1e-4, of: fixture) == fixture) == matches, "line confidence off by \(shift)")
            #expect((word.confidences(within: 1e-4, of: fixture) == fixture) == matches, "word confidence off by \(shift)")
        }
    }

    @Test("a deliberately shifted rect makes the golden comparison fail")
    func shiftedRectFails() throws {
        let stem = "chicago-1"
        let (folder, document) = try Self.ingest(stem)
        var layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: document)))
        // Move one word box 4 pixels right: a small geometry regression.
        layout.lines[1].words![1].box.x += 4
        let shifted = "\(folder)/shifted.json"
        try layout.encodeDocument().write(to: URL(fileURLWithPath: shifted))
        let image = try Self.render(shifted, to: "\(folder)/shifted.png")
        let reference = try PNGCodec.read(Golden.folder.appendingPathComponent("\(stem).png"))
        let diff = PixelDiff(actual: image, reference: reference, perPixelTolerance: Golden.perPixelTolerance)
        #expect(diff.differingShare > Golden.maximumDifferingShare, "a 4-pixel shift changed only \(diff.differingPixels) pixels")
        // And the unshifted render matches, so the failure is the shift's doing.
        let original = try Self.render(document, to: "\(folder)/original.png")
        #expect(
            PixelDiff(actual: original, reference: reference, perPixelTolerance: Golden.perPixelTolerance).differingShare
                <= Golden.maximumDifferingShare)
    }
}
