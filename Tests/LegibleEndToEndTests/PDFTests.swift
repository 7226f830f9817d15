import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegiblePages
import LegibleRaster
import LegibleReading
import LegibleTestSupport
import LegibleTextInput
import Testing

/// `legible pdf` read by the clients people use (`Docs/PDF.md`, "Tests"): poppler's `pdftotext`
/// and `pdfinfo`, `qpdf --check`, and two PDF/UA checkers from PyPI, `pdfua` and `outloud`.
@Suite("legible pdf read by poppler, qpdf and two PDF/UA checkers", .serialized)
struct PDFTests {
    static let chicago = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    /// A command found on the `PATH`, run to its end.
    static func tool(_ name: String, _ arguments: [String]) throws -> Run {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, environment: [:])
    }

    static var available: Bool {
        let found = ["pdftotext", "pdfinfo", "qpdf", "pdfua", "outloud"].allSatisfy { (try? tool("which", [$0]).status) == 0 }
        return RealParts.available(found, reason: "poppler-utils, qpdf, pdfua or outloud is missing (Tools/install-dependencies)")
    }

    /// Writes the PDF of `pages` (scans searched in `Scans/` too); returns its path.
    static func pdf(_ pages: [String], in folder: String) throws -> String {
        let output = folder + "/notebook.pdf"
        let run = try legible(["pdf"] + pages + ["--scans", Repository.scans.path, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        return output
    }

    /// The checkers' verdicts: `pdfua check` exits 0 without findings; `outloud` reports no
    /// failed PDF/UA-1 checkpoint. Prints what `outloud` leaves to a person.
    static func expectCheckersPass(_ pdf: String) throws {
        let pdfua = try tool("pdfua", ["check", pdf])
        #expect(pdfua.status == 0, "\(pdfua.stdout)")
        let outloud = try tool("outloud", [pdf])
        #expect(outloud.stdout.contains("PDF/UA-1 checkpoints: ") && !outloud.stdout.contains(" fail"), "\(outloud.stdout)")
        print(
            "outloud on \((pdf as NSString).lastPathComponent): \(outloud.stdout.split(separator: "\n").dropFirst().joined(separator: "; "))"
        )
        #expect(try tool("qpdf", ["--check", pdf]).status == 0)
    }

    /// Every word box `pdftotext -bbox-layout` gives on page `page` (1-based), in image pixels.
    static func wordBoxes(_ pdf: String, page: Int, scale: Double) throws -> [CGRect] {
        let html = try tool("pdftotext", ["-bbox-layout", "-f", "\(page)", "-l", "\(page)", pdf, "-"]).stdout
        let pattern = #/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/#
        return html.matches(of: pattern).map { match in
            let (x0, y0, x1, y1) = (Double(match.output.1)!, Double(match.output.2)!, Double(match.output.3)!, Double(match.output.4)!)
            return CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        }
    }

    /// The bounding box of a selection rect turned along its line, as a viewer draws it.
    static func drawnBox(_ selection: TextSelectionRect) -> CGRect {
        let rect = selection.rect
        let turn = selection.transform ?? .identity
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)].map {
            turn.apply(CGPoint(x: $0.0, y: $0.1))
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @Test("the Chicago notebook: its text in reading order, every word on its ink, headings and paragraphs tagged, checkers pass")
    func chicagoNotebook() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let pdf = try Self.pdf(Self.chicago, in: folder)
        let pages = try Self.chicago.map { try ScannedPage(contentsOf: URL(fileURLWithPath: $0)) }
        // The text, word for word in reading order: what `legible read --all` reads, without
        // its page announcements.
        let extracted = try Self.tool("pdftotext", [pdf, "-"]).stdout
        let reading = pages.map(\.layout.text).joined(separator: "\n")
        #expect(extracted.split(whereSeparator: \.isWhitespace) == reading.split(whereSeparator: \.isWhitespace))
        // Each word's box lies on the word's selection rect, turned along its line.
        var worst = 0.0
        for (index, page) in pages.enumerated() {
            let scale = 72 / Double(page.layout.image.dpi ?? 300)
            let words = page.layout.lines.flatMap { $0.words ?? [] }
            let boxes = try Self.wordBoxes(pdf, page: index + 1, scale: scale)
            #expect(boxes.count == words.count)
            for (word, box) in zip(words, boxes) {
                let expected = Self.drawnBox(try #require(page.selectionRects(for: TextRange(word.range.start, word.range.end)).first))
                let edges = [box.minX - expected.minX, box.minY - expected.minY, box.maxX - expected.maxX, box.maxY - expected.maxY]
                worst = max(worst, edges.map(\.magnitude).max()!)
            }
        }
        print("pdftotext word boxes against the selection rects: worst edge \(String(format: "%.2f", worst)) px")
        #expect(worst <= 2)
        // The tag tree: a Document of H1 headings and P paragraphs, in reading order.
        let tree = try Self.tool("pdfinfo", ["-struct-text", pdf]).stdout.split(separator: "\n")
        let notebook = Notebook(pages: pages)
        let tags = tree.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.dropFirst(2).prefix(2)) }
        #expect(tree.first == "Document")
        #expect(tags == notebook.allRegions.map { $0.isHeading ? "H1" : "P " })
        let info = try Self.tool("pdfinfo", [pdf]).stdout
        #expect(info.contains("Tagged:          yes") && info.contains("Title:           chicago-1 and 2 more pages"))
        try Self.expectCheckersPass(pdf)
    }

    @Test("Firefox ESR's PDF viewer gives a screen reader the pages, the headings and the words in reading order")
    func firefox() throws {
        let ready =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr")
            && (try? runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import pyatspi"], environment: [:]).status) == 0
        guard Self.available, RealParts.available(ready, reason: "firefox-esr or python3-pyatspi is missing") else { return }
        let folder = try temporaryFolder()
        let pdf = try Self.pdf(Self.chicago, in: folder)
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/pdf/firefox.py").path
        try BusSession.run(script, [pdf, folder + "/firefox.json"], log: folder + "/firefox.log", display: true)
        let facts = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/firefox.json"))) as? [String: [String]])
        let notebook = Notebook(pages: try Self.chicago.map { try ScannedPage(contentsOf: URL(fileURLWithPath: $0)) })
        #expect(facts["landmarks"] == ["Page 1", "Page 2", "Page 3"])
        #expect(facts["headings"] == notebook.allRegions.filter(\.isHeading).map(\.text))
        let reading = notebook.pages.map(\.layout.text).joined(separator: "\n").split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(facts["words"] == reading)
    }

    @Test("a generated page with emoji, combining marks and a right-to-left line extracts as written, and passes the checkers")
    func generatedPage() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let page = try WebGeneratedPageTests.generatedPage(in: folder)
        let pdf = try Self.pdf([page], in: folder)
        let extracted = try Self.tool("pdftotext", [pdf, "-"]).stdout
        for piece in ["Notes 👩‍👩‍👧 café and more", "naïve re\u{301}sume\u{301} here", "line 🇨🇭 flag", "שלום עולם טוב"] {
            #expect(extracted.contains(piece), "\(piece) is not in \(extracted)")
        }
        try Self.expectCheckersPass(pdf)
    }

    /// Numbers and Latin words inside a right-to-left line keep their own order in the text
    /// layer (`Docs/PDF.md`, "Text layer"): `2024` extracted as `4202` was read "four two zero
    /// two". Each word is drawn in the visual order the bidirectional algorithm gives it.
    @Test(
        "numbers and Latin words on right-to-left lines extract in their own order, not reversed",
        arguments: ["שלום 2024 עולם", "מחיר 3.50 לקילו", "שלום world טוב", "ספר abc123 חדש", "שנת2024 היא", "א-ב 12:30"])
    func rightToLeftNumbers(_ line: String) throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        var layout = LayoutBuilder().layout([["Title line"], [line]], rightToLeft: [1])
        layout.image.file = "rtl.png"
        try PNGCodec.encode(Bitmap(width: layout.image.width, height: layout.image.height)).write(
            to: URL(fileURLWithPath: folder + "/rtl.png"))
        try layout.encodeDocument().write(to: URL(fileURLWithPath: folder + "/rtl.json"))
        let pdf = try Self.pdf([folder + "/rtl.json"], in: folder)
        // pdftotext lays runs out in visual order, each right-to-left run in directional marks;
        // every left-to-right run (a number, a Latin word) must come out in its own order.
        let extracted = try Self.tool("pdftotext", [pdf, "-"]).stdout
        for run in line.split(whereSeparator: { $0 == " " || ($0.unicodeScalars.first?.value ?? 0) >= 0x590 }).filter({
            !$0.isEmpty && $0 != "-"
        }) {
            #expect(extracted.contains(run), "\(run) is not in \(extracted)")
            #expect(run.count < 2 || !extracted.contains(String(run.reversed())), "\(run) is reversed in \(extracted)")
        }
    }

    @Test("a page with no recognised text says so in the PDF, as in the HTML: the checkers find no image-only page")
    func emptyPage() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        var layout = LayoutBuilder().layout(exactText: "")
        layout.image.file = "blank.png"
        try PNGCodec.encode(Bitmap(width: layout.image.width, height: layout.image.height)).write(
            to: URL(fileURLWithPath: folder + "/blank.png"))
        try layout.encodeDocument().write(to: URL(fileURLWithPath: folder + "/blank.json"))
        let pdf = try Self.pdf([folder + "/blank.json", Self.chicago[0]], in: folder)
        let extracted = try Self.tool("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).stdout
        #expect(extracted.trimmingCharacters(in: .whitespacesAndNewlines) == "No text was recognised on this page.", "\(extracted)")
        try Self.expectCheckersPass(pdf)
    }

    @Test("from scans to an accessible PDF in one command: the images are ingested, and the kept documents are ingest's")
    func oneCommand() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let images = ["chicago-1", "chicago-2"].map { Repository.scans.appendingPathComponent("\($0).png").path }
        let run = try legible(["pdf"] + images + ["-o", folder + "/scans.pdf", "--keep", folder + "/pages"])
        #expect(run.status == 0, "\(run.stderr)")
        for (index, stem) in ["chicago-1", "chicago-2"].enumerated() {
            let kept = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/pages/\(stem).json")))
            let fixture = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: Self.chicago[index])))
            #expect(kept.confidences(within: 1e-4, of: fixture) == fixture)
        }
        let extracted = try Self.tool("pdftotext", [folder + "/scans.pdf", "-"]).stdout.split(whereSeparator: \.isWhitespace)
        let reading = try Self.chicago.prefix(2).map { try ScannedPage(contentsOf: URL(fileURLWithPath: $0)).layout.text }
        #expect(extracted == reading.joined(separator: "\n").split(whereSeparator: \.isWhitespace))
        let mixed = try legible(["pdf", images[0], Self.chicago[1], "-o", folder + "/mixed.pdf"])
        #expect(mixed.status == 64 && !FileManager.default.fileExists(atPath: folder + "/mixed.pdf"), "\(mixed.stderr)")
    }

    @Test("refusals: an output over an input is 64 and a scan that is not PNG or JPEG 65, each with one line and no file")
    func refusals() throws {
        let folder = try temporaryFolder()
        let document = folder + "/chicago-1.json"
        try FileManager.default.copyItem(atPath: Self.chicago[0], toPath: document)
        let over = try legible(["pdf", document, "--scans", Repository.scans.path, "-o", document])
        #expect(over.status == 64 && over.stderr.split(separator: "\n").count == 1, "\(over.stderr)")
        // The TIFF of page 1, named as the document's scan: found, hash-checked, then refused.
        var layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: Self.chicago[0])))
        let tiff = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.tif").path
        layout.image.file = "chicago-1.tif"
        layout.image.sha256 = nil
        try layout.encodeDocument().write(to: URL(fileURLWithPath: document))
        try FileManager.default.copyItem(atPath: tiff, toPath: folder + "/chicago-1.tif")
        let run = try legible(["pdf", document, "-o", folder + "/out.pdf"])
        #expect(run.status == 65 && run.stderr.contains("only PNG and JPEG"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.pdf"))
    }
}
