import Foundation
import LegibleEvaluation
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

// These run the real Tesseract on real images (Scans/); no mocks.
@Suite("Recogniser on the bundled scans", .serialized)
struct RecogniserTests {
    @Test("the Chicago notebook reads with its paragraphs and soft wraps", arguments: ["chicago-1", "chicago-2", "chicago-3"])
    func chicago(stem: String) throws {
        let layout = try Recogniser().recognise(imageAt: Repository.scans.appendingPathComponent("\(stem).png").path)
        let truth = try GroundTruth.load(Repository.scans.appendingPathComponent("\(stem).gt.json"))
        let score = Scorer.score(ScoredPage(layout), against: truth)
        #expect(score.characterErrorRate < 0.05, "CER \(score.characterErrorRate)")
        #expect(score.lineRecall >= 0.95, "line recall \(score.lineRecall)")
        // Heading and body are separate paragraphs; wrapped lines are joined by spaces.
        #expect(layout.paragraphs.count >= 2)
        #expect(layout.lines.count > layout.paragraphs.count)
        #expect(layout.text.split(separator: "\n").count == layout.paragraphs.count)
        try layout.validate()
        #expect(layout.image.sha256?.count == 64)
        #expect(layout.engine?.version.hasPrefix("5.") == true)
    }

    @Test("page 1 contains the zoo sentence as its own paragraph")
    func zoo() throws {
        let layout = try Recogniser().recognise(imageAt: Repository.scans.appendingPathComponent("chicago-1.png").path)
        #expect(layout.text.split(separator: "\n").contains("The zoo had lots of animals."))
    }

    @Test("JPEG and TIFF input read like the PNG", arguments: ["chicago-1.jpg", "chicago-1.tif"])
    func otherFormats(file: String) throws {
        let layout = try Recogniser().recognise(imageAt: Repository.root.appendingPathComponent("Tests/Fixtures/\(file)").path)
        let truth = try GroundTruth.load(Repository.scans.appendingPathComponent("chicago-1.gt.json"))
        #expect(Scorer.score(ScoredPage(layout), against: truth).characterErrorRate < 0.05)
        #expect(layout.image.width == 1166 && layout.image.height == 1654)
    }

    @Test("every box lies inside the original image and every glyph inside its word")
    func boxes() throws {
        let layout = try Recogniser().recognise(imageAt: Repository.scans.appendingPathComponent("dkg-ruled.png").path)
        let image = PixelBox(x: 0, y: 0, width: Double(layout.image.width), height: Double(layout.image.height))
        for line in layout.lines {
            #expect(image.contains(line.box))
            for word in line.words ?? [] {
                #expect(line.box.contains(word.box, slack: 1))
                for glyph in word.glyphs ?? [] { #expect(word.box.contains(glyph.box, slack: 3)) }
            }
        }
    }

    @Test("preprocessing steps are recorded and boxes stay in original pixels with every step on")
    func preprocessing() throws {
        var options = OCROptions()
        options.preprocessing = .all
        let layout = try Recogniser(options: options).recognise(imageAt: Repository.scans.appendingPathComponent("chicago-2.png").path)
        let steps = layout.preprocessing?.map(\.step) ?? []
        #expect(
            steps == [
                .colourDropout, .paper, .deskew, .backgroundNormalisation, .rulings, .ruleRemoval, .inkMask, .lineRepair,
                .recognitionCheck,
            ])
        let truth = try GroundTruth.load(Repository.scans.appendingPathComponent("chicago-2.gt.json"))
        #expect(Scorer.score(ScoredPage(layout), against: truth).lineRecall >= 0.8)
    }
}

/// A palette PNG given to Tesseract with rectangles (`Docs/Hardening.md`, "A palette image and
/// a rectangle"): Tesseract read freed memory and crashed on most runs, until the door took the
/// colormap off. Without the fix this test dies with SIGSEGV.
@Suite("Tesseract and a palette image")
struct PaletteImageTests {
    @Test("rectangles of a palette PNG are each read as a line, twenty times over, without a crash")
    func paletteRectangles() throws {
        let path = Repository.scans.appendingPathComponent("chicago-1.png").path
        let (_, image) = try ImageFile.decoded(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        let recogniser = try Recogniser(options: OCROptions())
        let truth = try GroundTruth.load(Repository.scans.appendingPathComponent("chicago-1.gt.json"))
        let boxes = truth.lines.prefix(6).map(\.box)
        for _ in 0..<20 {
            let lines = try recogniser.api.recognise(image, resolution: 200, pageSegmentationMode: 13, deadline: 60, rectangles: boxes)
            #expect(lines.count >= boxes.count - 1, "\(lines.count) lines for \(boxes.count) rectangles")
        }
    }
}

@Suite("Recogniser on bad input")
struct BadInputTests {
    func temporaryFile(_ bytes: [UInt8], name: String = "bad.png") throws -> String {
        let url = URL(fileURLWithPath: temporaryPath(name))
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A PNG signature and IHDR chunk claiming `width`×`height`, and nothing else.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + be(crc32(ihdr))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("missing file → missingInput (66)") func missing() throws {
        #expect(throws: ImageError.missingInput(path: "/nonexistent/x.png")) { try Recogniser().recognise(imageAt: "/nonexistent/x.png") }
        #expect(ImageError.missingInput(path: "x").exitCode == 66)
    }

    @Test("zero bytes, not an image, truncated PNG → unreadableImage (65)") func unreadable() throws {
        let recogniser = try Recogniser()
        let real = try Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.png"))
        for bytes in [[], Array("hello, not an image".utf8), Array(real.prefix(real.count / 3))] {
            let path = try temporaryFile(bytes)
            do {
                _ = try recogniser.recognise(imageAt: path)
                Issue.record("expected an error for \(bytes.count) bytes")
            } catch let error as ImageError {
                guard case .unreadableImage = error else { Issue.record("wrong error \(error)"); continue }
                #expect(error.exitCode == 65)
            }
        }
    }

    @Test("a header claiming 100000×100000 pixels is refused before decoding") func huge() throws {
        let path = try temporaryFile(Self.pngHeader(width: 100_000, height: 100_000))
        #expect(throws: ImageError.imageTooLarge(path: path, width: 100_000, height: 100_000, limit: ImageFile.maximumPixels)) {
            try Recogniser().recognise(imageAt: path)
        }
    }

    @Test("a damaged language model is refused before Tesseract loads it (69)") func corruptModel() throws {
        let folder = URL(fileURLWithPath: try temporaryFolder())
        try Data("this is not a traineddata file".utf8).write(to: folder.appendingPathComponent("eng.traineddata"))
        var options = OCROptions()
        options.dataPath = folder.path
        let path = folder.appendingPathComponent("eng.traineddata").path
        do {
            _ = try Recogniser(options: options)
            Issue.record("a text file was accepted as a model")
        } catch let error as OCRError {
            guard case .languageDataCorrupt(let language, let where_, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(language == "eng" && where_ == path)
            #expect(error.exitCode == 69)
        }
        // A truncated copy of the real model is refused too.
        let real = try Data(contentsOf: URL(fileURLWithPath: Recogniser.defaultDataFolder() + "/eng.traineddata"))
        try real.prefix(300_000).write(to: URL(fileURLWithPath: path))
        #expect(throws: OCRError.self) { try Recogniser(options: options) }
    }

    @Test("missing language data → languageDataMissing (69)") func language() {
        var options = OCROptions()
        options.languages = "xyz"
        #expect(throws: OCRError.languageDataMissing(language: "xyz", searched: Recogniser.defaultDataFolder() + "/xyz.traineddata")) {
            try Recogniser(options: options)
        }
        #expect(OCRError.languageDataMissing(language: "xyz", searched: "").exitCode == 69)
    }
}

/// Debian's Tesseract is built with OpenMP, whose regions on 2 cores make a page 2–3× slower
/// (`Docs/Platform.md`, "C library pitfalls"). The recogniser keeps them on the thread that recognises.
@Suite("OpenMP stays on the recognising thread")
struct OpenMPTests {
    @Test("a thread that has recognised a page allows no parallel OpenMP region")
    func serialRegions() throws {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else {
            print("skipped: OMP_THREAD_LIMIT is set, so the user chose OpenMP's threads")
            return
        }
        let page = Repository.scans.appendingPathComponent("humor-plain.png").path
        let recogniser = try Recogniser()
        let (before, after) = try onFreshThread { () throws -> (Int?, Int?) in
            let before = OpenMP.maxActiveLevelsOnCallingThread
            _ = try recogniser.recognise(imageAt: page)
            return (before, OpenMP.maxActiveLevelsOnCallingThread)
        }
        #expect(before != nil, "libgomp is loaded with libtesseract")
        #expect(before != 0, "a fresh thread starts with OpenMP's default")
        #expect(after == 0)
    }

    /// Runs `work` on a new thread, as an ingest worker does, and waits for its result.
    func onFreshThread<Value>(_ work: @escaping @Sendable () throws -> Value) throws -> Value {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Value, Error>?
        let thread = Thread {
            result = Result { try work() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return try result!.get()
    }
}
