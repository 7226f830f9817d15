import Foundation
import LegibleCommandSupport
import LegibleEvaluation
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleOCR
import LegibleRaster
import LegibleRecognition
import LegibleTestSupport
import Testing

/// `legible ingest --reader` (`Docs/Recognition.md`, "Handwriting"): the handwriting reader
/// beside Tesseract, line by line, its words fitted to the ink, and its files' absence refused.
@Suite("ingest with the handwriting reader", .serialized)
struct HandwritingIngestTests {
    static var available: Bool {
        let model = Repository.root.appendingPathComponent(".build/vendor/handwriting/ppocrv6-rec.onnx").path
        return RealParts.available(
            FileManager.default.fileExists(atPath: model), reason: "the handwriting model is not installed (Tools/install-dependencies)")
    }

    @Test(
        "ingest reads with --reader auto by default: the Chicago page exactly, every line naming its reader, each word inside its line on the ink"
    )
    func chicago() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let run = try legible(["ingest", scan, "-o", folder, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/chicago-1.json")))
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.gt.json")))
        #expect(layout.text == (truth as? [String: Any])?["text"] as? String)
        #expect(layout.lines.allSatisfy { $0.reader != nil } && layout.lines.contains { $0.reader == .handwriting })
        // The detector's lines are read first on every page, and when they hold the ink the
        // page is read no other way (`Docs/Recognition.md`, "Detected lines").
        let check = try #require(layout.preprocessing?.first { $0.step == .recognitionCheck }?.detail)
        #expect(check.hasPrefix("the standard preprocessing: ") && check.hasSuffix("kept lines the text detector found"), "\(check)")
        #expect(check.components(separatedBy: "; ").count == 3, "only the layout's and the detector's readings: \(check)")
        // They take the layout's geometry where it found the same line: no line covers its
        // neighbours, and each has its baseline.
        #expect(layout.lines.allSatisfy { $0.baseline != nil }, "\(layout.lines.map(\.box))")
        #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.box.maxY <= $1.box.y }, "\(layout.lines.map(\.box))")
        for line in layout.lines {
            for word in line.words ?? [] {
                #expect(
                    word.box.x >= line.box.x - 1 && word.box.x + word.box.width <= line.box.x + line.box.width + 1,
                    "\(word.box) \(line.box)")
            }
        }
        // eval counts the lines each reader read, and every word once in its confidence table.
        let scored = try legible(["eval", folder, "--truth", Repository.scans.path])
        // eval names the readers in alphabetical order.
        let counts = LineReaderName.allCases.sorted { $0.rawValue < $1.rawValue }.compactMap { name in
            let count = layout.lines.count { $0.reader == name }
            return count == 0 ? nil : "\(name.rawValue) \(count)"
        }
        #expect(scored.status == 0 && scored.stdout.contains("lines read: " + counts.joined(separator: ", ")), "\(scored.stdout)")
        let tabled = scored.stdout.split(separator: "\n").filter { $0.contains("confidence ") }.compactMap {
            Int($0.split(separator: ":")[1].split(separator: " ")[0])
        }
        #expect(tabled.reduce(0, +) == layout.lines.reduce(0) { $0 + ($1.words?.count ?? 0) }, "\(scored.stdout)")
        // The default is `auto` itself, and the reader is part of the options: a Tesseract-only
        // ingest over it reads again.
        let same = try legible(["ingest", scan, "-o", folder, "--reader", "auto"])
        #expect(same.status == 0 && same.stdout.contains("(1 up to date)"), "\(same.stdout)")
        let again = try legible(["ingest", scan, "-o", folder, "--reader", "tesseract"])
        #expect(again.status == 0 && again.stdout.contains("(0 up to date)"), "\(again.stdout)")
    }

    @Test("the Chicago page with three of its lines showing through from the other side reads as the page alone, and says so")
    func seenThrough() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let page = try ImageFile.greyImage(data: Data(contentsOf: URL(fileURLWithPath: scan)), path: scan)
        let truth =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.scans.appendingPathComponent("chicago-1.gt.json")))
            as? [String: Any] ?? [:]
        let (text, boxes) = (
            truth["text"] as? String ?? "", (truth["lines"] as? [[String: Any]] ?? []).compactMap { $0["box"] as? [Double] }
        )
        try #require(boxes.count > 3 && !text.isEmpty)
        let (made, shown) = SeenThroughPage.made(
            page, lines: boxes[1...3].map { PixelBox(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) })
        try PNGCodec.encode(samples: made.pixels, width: made.width, height: made.height, channels: 1).write(
            to: URL(fileURLWithPath: folder + "/through.png"))
        let run = try legible(["ingest", folder + "/through.png", "-o", folder + "/out", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let read = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/through.json")))
        let step = read.preprocessing?.first { $0.step == .showThrough }
        #expect(step?.applied == true && step?.detail?.hasPrefix("3 of the ") == true, "\(step?.detail ?? "no step")")
        #expect(read.lines.allSatisfy { $0.box.y < shown[0].y }, "\(read.lines.map(\.box))")
        let errors = Scorer.levenshtein(Array(read.text), Array(text))
        #expect(Double(errors) / Double(text.count) < 0.02, "\(read.text)")
    }

    @Test(
        "on a real diary spread photographed on dark cloth, the lines are found (recall 0.95) and read in their column's order",
        .enabled(if: Repository.hasRealCorpus, Repository.realCorpusAbsent))
    func linesMended() throws {
        guard Self.available else { return }
        let set = Repository.realCorpus.appendingPathComponent("celestine-doniau-danest")
        let page = "10c3fa40-d683-4703-8bc4-94b48936ce85"
        let folder = try temporaryFolder()
        let run = try legible([
            "ingest", set.appendingPathComponent(page + ".jpg").path, "-o", folder, "--reader", "auto", "-l", "fra", "-q",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/\(page).json")))
        // The spread lies on dark cloth: its paper is found, and it is read along the detector's
        // lines (`Docs/Recognition.md`, "The paper"); the rows of the ink then mend nothing here,
        // and LineGapsTests keeps the mending's own checks.
        #expect(layout.preprocessing?.contains { $0.step == .paper && $0.applied } == true)
        #expect(layout.preprocessing?.contains { $0.step == .lineGaps } == true)
        // Tesseract alone found 89 % of this page's lines (48 of 54).
        let scored = try legible(["eval", folder, "--truth", set.path, "--json"])
        let overall = try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any]
        let recall = (overall?["overall"] as? [String: Any])?["lineRecall"] as? Double ?? 0
        #expect(recall >= 0.95, "line recall \(recall)")
        // The spread's right-hand page: its lines top to bottom, the added ones among them.
        let right = layout.lines.filter { $0.box.x > Double(layout.image.width) / 2 }.map(\.box.y)
        #expect(right.count > 20 && zip(right, right.dropFirst()).allSatisfy { $0 < $1 }, "\(right)")
    }

    @Test("a page read by both readers exports to ALTO and hOCR and imports as it was: boxes in whole pixels, confidences in percent")
    func roundTrip() throws {
        guard Self.available else { return }
        let out = try temporaryFolder()
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let read = try legible(["ingest", scan, "-o", out + "/read", "--reader", "auto", "--format", "json,alto,hocr", "-q"])
        #expect(read.status == 0, "\(read.stderr)")
        let original = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: out + "/read/chicago-1.json")))
        #expect(original.lines.contains { $0.reader == .handwriting })
        func words(_ layout: PageLayout) -> [Word] { layout.lines.flatMap { $0.words ?? [] } }
        for format in ["alto.xml", "hocr"] {
            let imported = try legible(["ingest", scan, "--layout", out + "/read/chicago-1." + format, "-o", out + "/" + format, "-q"])
            #expect(imported.status == 0, "\(imported.stderr)")
            let again = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: out + "/" + format + "/chicago-1.json")))
            #expect(again.text == original.text && again.paragraphs == original.paragraphs, "\(format)")
            #expect(words(again) == words(original), "\(format)")
            if format == "alto.xml" { #expect(again.withoutProvenance == original.withoutProvenance) }
        }
    }

    @Test("pdf --reader auto reads its images with both readers; with page documents --reader is a usage error")
    func pdfReader() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let image = Repository.scans.appendingPathComponent("chicago-1.png").path
        let run = try legible(["pdf", image, "-o", folder + "/notebook.pdf", "--keep", folder + "/kept", "--reader", "auto"])
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/kept/chicago-1.json")))
        #expect(layout.lines.contains { $0.reader == .handwriting })
        #expect(FileManager.default.fileExists(atPath: folder + "/notebook.pdf"))
        let refused = try legible(["pdf", folder + "/kept/chicago-1.json", "-o", folder + "/again.pdf", "--reader", "auto"])
        #expect(refused.status == 64 && refused.stderr.contains("--reader"), "\(refused.stderr)")
    }

    @Test("a missing handwriting model is 69 with one line naming the file, and leaves no output folder")
    func missingModel() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder() + "/out"
        let run = try legible(
            ["ingest", Repository.scans.appendingPathComponent("chicago-1.png").path, "-o", folder, "--reader", "handwriting"],
            environment: ["LEGIBLE_HANDWRITING": "/nonexistent"])
        #expect(
            run.status == 69
                && run.stderr
                    == "legible: /nonexistent/libonnxruntime.so.1.22.0: ONNX Runtime's library is missing; Tools/install-dependencies installs it (or use --reader tesseract)\n",
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("ingest's reader makes the handwriting network late: the detector loads at once, the network only when a page's lines are read")
    func networkMadeLate() throws {
        guard Self.available else { return }
        // The detector's tensors are a page's largest; the network is not held beside them
        // (`Docs/Recognition.md`, "Speed and memory").
        var options = OCROptions()
        options.lineChoice = .auto
        let readers = PageReaders(executable: Repository.legibleExecutable.path)
        let recogniser = try readers.recogniser(options, workers: 1)
        #expect(recogniser.lineDetector is TextDetector)
        let pending = try #require(recogniser.lineReader as? PendingLineReader)
        #expect(!pending.isStarted)
        let layout = try recogniser.recognise(imageAt: Repository.scans.appendingPathComponent("chicago-1.png").path)
        #expect(pending.isStarted && layout.lines.contains { $0.reader == .handwriting })
        // Tesseract alone loads neither.
        options.lineChoice = .tesseract
        let alone = try readers.recogniser(options, workers: 1)
        #expect(alone.lineReader == nil && alone.lineDetector == nil)
    }

    @Test("with an allocator preloaded from a folder of its own, the reader still finds the C library's and reads the page")
    func preloadedAllocator() throws {
        guard Self.available else { return }
        // A `malloc` of its own in a folder holding nothing else, as heaptrack's or a hand-built
        // allocator's is: ONNX Runtime's system needs are looked for beside the C library, not
        // beside whatever defines `malloc` (`Docs/Hardening.md`, "What is loaded is what was checked").
        let folder = try temporaryFolder()
        try "#include <stddef.h>\nextern void *__libc_malloc(size_t);\nvoid *malloc(size_t size) { return __libc_malloc(size); }\n"
            .write(toFile: folder + "/preload.c", atomically: true, encoding: .utf8)
        let compiled = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["clang", "-shared", "-fPIC", "-o", folder + "/libpreload.so", folder + "/preload.c"],
            environment: [:])
        guard RealParts.available(compiled.status == 0, reason: "clang could not build a preloaded library: \(compiled.stderr)") else {
            return
        }
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let run = try legible(
            ["ingest", scan, "-o", folder + "/out", "--reader", "handwriting", "-q"], environment: ["LD_PRELOAD": folder + "/libpreload.so"]
        )
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/chicago-1.json")))
        #expect(layout.lines.contains { $0.reader == .handwriting })
    }

    @Test(
        "a French page read without the French hand head is 69 with one line naming it; an English page, or Tesseract alone, does not need it"
    )
    func missingHand() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let vendor = Repository.root.appendingPathComponent(".build/vendor/handwriting").path
        try FileManager.default.createDirectory(atPath: folder + "/hand", withIntermediateDirectories: true)
        for name in ["libonnxruntime.so.1.22.0", "ppocrv6-rec.onnx", "ppocrv6_dict.txt", "ppocrv6-det.onnx"] {
            // Copies, not links: a link is never loaded (`LoadedFilesTests`).
            try FileManager.default.copyItem(atPath: vendor + "/" + name, toPath: folder + "/hand/" + name)
        }
        let scan = Repository.scans.appendingPathComponent("chicago-1.png").path
        let environment = ["LEGIBLE_HANDWRITING": folder + "/hand"]
        for languages in ["fra", "fra+fra"] {
            let run = try legible(
                ["ingest", scan, "-o", folder + "/" + languages, "-l", languages, "--reader", "auto"], environment: environment)
            #expect(
                run.status == 69 && run.stderr.hasPrefix("legible: \(folder)/hand/hand-fra.head: the French hand head is missing")
                    && run.stderr.split(separator: "\n").count == 1, "\(languages): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + languages))
        }
        let tesseract = try legible(["ingest", scan, "-o", folder + "/tesseract", "--reader", "tesseract", "-q"], environment: environment)
        #expect(tesseract.status == 0, "\(tesseract.stderr)")
        let english = try legible(["ingest", scan, "-o", folder + "/eng", "-l", "eng", "--reader", "auto", "-q"], environment: environment)
        #expect(english.status == 0, "\(english.stderr)")
    }
}
