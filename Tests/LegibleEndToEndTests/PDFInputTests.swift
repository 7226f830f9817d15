import Foundation
import LegibleCommandSupport
import LegibleImage
import LegibleLayout
import LegiblePDFInput
import LegiblePages
import LegibleRaster
import LegibleTestSupport
import Testing

/// The PDF reader on PDFs made by the tools people scan with (`Docs/PDF.md`, "Reading scanned
/// PDFs"): `img2pdf` (PNG, JPEG and CCITT scans, turned pages), Ghostscript (a page of vector
/// outlines only), and Legible's own tagged output.
@Suite("scanned PDFs read page by page through qpdf and poppler", .serialized)
struct PDFInputTests {
    static let chicago = (1...2).map { Repository.scans.appendingPathComponent("chicago-\($0).png").path }

    static var available: Bool {
        let found = ["img2pdf", "gs", "qpdf"].allSatisfy { (try? PDFTests.tool("which", [$0]).status) == 0 }
        return RealParts.available(found, reason: "img2pdf, ghostscript or qpdf is missing (Tools/install-dependencies)")
    }

    /// Runs a tool and expects it to succeed.
    static func make(_ name: String, _ arguments: [String]) throws {
        let run = try PDFTests.tool(name, arguments)
        #expect(run.status == 0, "\(name): \(run.stderr)")
    }

    /// Pillow writes `image` again as `format` ("JPEG", or "TIFF" bilevel with CCITT group 4).
    static func convert(_ image: String, to output: String, format: String) throws {
        let save =
            format == "JPEG"
            ? "im.convert('L').save(o, 'JPEG', quality=90, dpi=(200, 200))"
            : "im.convert('1').save(o, 'TIFF', compression='group4', dpi=(200, 200))"
        try make(
            "python3", ["-c", "import sys; from PIL import Image; im = Image.open(sys.argv[1]); o = sys.argv[2]; \(save)", image, output])
    }

    static func image(_ read: PDFPageRead) throws -> PDFPageImage {
        guard case .image(let image) = read else { throw CancellationError() }
        return image
    }

    static func decoded(_ png: Data) throws -> Bitmap { try PNGCodec.decode(png, maximumPixels: ImageFile.maximumPixels) }

    @Test("an img2pdf scan is the PNG itself: its stored rows re-wrapped, pixel for pixel, mapped onto the page")
    func storedPNG() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        try Self.make("img2pdf", Self.chicago + ["-o", folder + "/two.pdf"])
        let pdf = try ScannedPDF(path: folder + "/two.pdf")
        #expect(pdf.pageCount == 2)
        for number in 1...2 {
            let page = try Self.image(try pdf.page(number, dpi: 300, force: false))
            #expect(page.fileExtension == "png" && page.origin.method == .stored && page.origin.page == number)
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.chicago[number - 1]))
            #expect(try Self.decoded(page.bytes) == (try Self.decoded(original)))
            // 1166 × 1654 pixels at 199.9996 dpi (as the PNG records it) fill the page: a pixel is
            // 72 / 199.9996 pt, and the top-left pixel corner is the page's top-left corner.
            let map: [Double] = page.origin.toUserSpace
            let pixel = 72 / 199.9996
            let expected: [Double] = [pixel, 0, 0, -pixel, 0, 1654 * pixel]
            // img2pdf writes the page size to a hundredth of a point.
            #expect(zip(map, expected).allSatisfy { abs($0 - $1) < 0.01 }, "\(map)")
        }
    }

    @Test("a turned page is decoded and turned as it is shown; the map still lands on the page's corners")
    func rotated() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        try Self.make("img2pdf", ["--rotation=90", Self.chicago[0], "-o", folder + "/turned.pdf"])
        let page = try Self.image(try ScannedPDF(path: folder + "/turned.pdf").page(1, dpi: 300, force: false))
        #expect(page.origin.method == .decoded)
        let bitmap = try Self.decoded(page.bytes)
        let original = try Self.decoded(try Data(contentsOf: URL(fileURLWithPath: Self.chicago[0])))
        #expect(bitmap.width == original.height && bitmap.height == original.width)
        // Turned clockwise: the original's top-left pixel is now at the top right.
        for (x, y) in [(0, 0), (100, 200), (1165, 1653), (600, 40)] {
            #expect(bitmap.colour(x: original.height - 1 - y, y: x) == original.colour(x: x, y: y))
        }
        let map = PDFAffine(
            page.origin.toUserSpace[0], page.origin.toUserSpace[1], page.origin.toUserSpace[2], page.origin.toUserSpace[3],
            page.origin.toUserSpace[4], page.origin.toUserSpace[5])
        // The displayed top-left corner is the unrotated page's bottom-left corner (0, 0).
        let corner = map.apply(0, 0)
        #expect(abs(corner.x) < 1e-6 && abs(corner.y) < 1e-6)
        let opposite = map.apply(Double(bitmap.width), Double(bitmap.height))
        #expect(abs(opposite.x - 1166 * 72 / 199.9996) < 0.01 && abs(opposite.y - 1654 * 72 / 199.9996) < 0.01)
    }

    @Test("a JPEG scan keeps its own bytes; a CCITT scan is decoded at its own size; a vector page is drawn at --dpi")
    func encodings() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        try Self.convert(Self.chicago[0], to: folder + "/scan.jpg", format: "JPEG")
        try Self.convert(Self.chicago[0], to: folder + "/scan.tif", format: "TIFF")
        try Self.make("img2pdf", [folder + "/scan.jpg", "-o", folder + "/jpeg.pdf"])
        try Self.make("img2pdf", [folder + "/scan.tif", "-o", folder + "/ccitt.pdf"])
        let jpeg = try Self.image(try ScannedPDF(path: folder + "/jpeg.pdf").page(1, dpi: 300, force: false))
        let jpegFile = try Data(contentsOf: URL(fileURLWithPath: folder + "/scan.jpg"))
        #expect(jpeg.fileExtension == "jpg" && jpeg.bytes == jpegFile)
        let ccitt = try Self.image(try ScannedPDF(path: folder + "/ccitt.pdf").page(1, dpi: 300, force: false))
        let bilevel = try Self.decoded(ccitt.bytes)
        #expect(ccitt.origin.method == .decoded && bilevel.width == 1166 && bilevel.height == 1654)
        #expect(Set(bilevel.pixels).isSubset(of: [0, 255]) && bilevel.pixels.contains(0))

        let program = "/Helvetica findfont 48 scalefont setfont 72 600 moveto (VECTOR WORDS ONLY) show showpage"
        try program.write(toFile: folder + "/vector.ps", atomically: true, encoding: .utf8)
        try Self.make(
            "gs",
            [
                "-q", "-dBATCH", "-dNOPAUSE", "-dNoOutputFonts", "-sPAPERSIZE=letter", "-dFIXEDMEDIA", "-sDEVICE=pdfwrite",
                "-sOutputFile=\(folder)/vector.pdf", folder + "/vector.ps",
            ])
        let vector = try ScannedPDF(path: folder + "/vector.pdf")
        let drawn = try Self.image(try vector.page(1, dpi: 150, force: false))
        let bitmap = try Self.decoded(drawn.bytes)
        #expect(drawn.origin.method == .rendered && bitmap.width == 1275 && bitmap.height == 1650)
        // The words are drawn where PostScript put them: baseline 600 pt up, from 72 pt in.
        let ink = (0..<bitmap.height).filter { y in (0..<bitmap.width).contains { bitmap.colour(x: $0, y: y).red < 128 } }
        let baseline: Double = (792 - 600) * 150 / 72
        #expect(abs(Double(ink.max() ?? 0) - baseline) < 4, "ink ends at row \(ink.max() ?? 0)")
    }

    @Test("a page that carries text is skipped unless forced; Legible's own tagged PDF is such a page")
    func carriesText() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let run = try legible(["pdf", PDFTests.chicago[0], "--scans", Repository.scans.path, "-o", folder + "/ours.pdf"])
        #expect(run.status == 0, "\(run.stderr)")
        let pdf = try ScannedPDF(path: folder + "/ours.pdf")
        guard case .carriesText = try pdf.page(1, dpi: 300, force: false) else {
            Issue.record("our own PDF was not seen to carry text")
            return
        }
        let forced = try Self.image(try pdf.page(1, dpi: 300, force: true))
        #expect(try Self.decoded(forced.bytes) == (try Self.decoded(try Data(contentsOf: URL(fileURLWithPath: Self.chicago[0])))))
    }
}

/// `legible ingest` and `legible pdf` given scanned PDFs, and every class of bad PDF
/// (`Docs/Hardening.md`, "Classes closed").
@Suite("scanned PDFs ingested, and bad PDFs refused", .serialized)
struct PDFIngestTests {
    /// A document with what only a PDF page records set as the PNG's document has it.
    static func comparable(_ layout: PageLayout, as reference: PageLayout) -> PageLayout {
        var layout = layout
        layout.image.file = reference.image.file
        layout.image.sha256 = reference.image.sha256
        layout.image.pdfPage = nil
        return layout.confidences(within: 1e-4, of: reference)
    }

    @Test("an img2pdf PDF of two scans gives the documents of the scans themselves, page by page, with the scans kept beside them")
    func sameAsImages() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        try PDFInputTests.make("img2pdf", PDFInputTests.chicago + ["-o", folder + "/notebook.pdf"])
        let run = try legible(["ingest", folder + "/notebook.pdf", "-o", folder + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        for number in 1...2 {
            let stem = "\(folder)/out/notebook-p000\(number)"
            let layout = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: stem + ".json")))
            let reference = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: PDFTests.chicago[number - 1])))
            #expect(Self.comparable(layout, as: reference) == reference)
            #expect(layout.image.file == "notebook-p000\(number).png" && layout.image.pdfPage?.page == number)
            #expect(layout.image.pdfPage?.file == "notebook.pdf" && layout.image.pdfPage?.method == .stored)
            let kept = try Data(contentsOf: URL(fileURLWithPath: stem + ".png"))
            #expect(
                try PNGCodec.decode(kept, maximumPixels: ImageFile.maximumPixels)
                    == (try PNGCodec.decode(
                        try Data(contentsOf: URL(fileURLWithPath: PDFInputTests.chicago[number - 1])),
                        maximumPixels: ImageFile.maximumPixels)))
        }
        // Up to date the second time: nothing is recognised again.
        let again = try legible(["ingest", folder + "/notebook.pdf", "-o", folder + "/out"])
        #expect(again.status == 0 && again.stdout.contains("(2 up to date)"), "\(again.stdout)")
    }

    @Test("a PDF's pages are shared out over shards like images, each logged under its page's key")
    func shards() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        try PDFInputTests.make("img2pdf", PDFInputTests.chicago + ["-o", folder + "/notebook.pdf"])
        for shard in ["0/2", "1/2"] {
            let run = try legible(["ingest", folder + "/notebook.pdf", "-o", folder + "/out", "--shard", shard, "--root", folder, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let status = try legible(["status", folder + "/out", "--json"])
        #expect(status.status == 0 && status.stdout.contains("\"complete\":true"), "\(status.stdout)")
        let manifests = try FileManager.default.contentsOfDirectory(atPath: folder + "/out/manifest").map {
            try String(contentsOfFile: "\(folder)/out/manifest/\($0)", encoding: .utf8)
        }.joined()
        #expect(manifests.contains("\"input\":\"notebook.pdf#p1\"") && manifests.contains("\"input\":\"notebook.pdf#p2\""))
        #expect(FileManager.default.fileExists(atPath: folder + "/out/notebook-p0002.json"))
    }

    @Test("scanned PDF to accessible PDF in one command; ingesting that PDF again recognises nothing, as its pages carry text")
    func oneCommandAndRoundTrip() throws {
        guard PDFInputTests.available, PDFTests.available else { return }
        let folder = try temporaryFolder()
        try PDFInputTests.make("img2pdf", [PDFInputTests.chicago[0], "-o", folder + "/scan.pdf"])
        let run = try legible(["pdf", folder + "/scan.pdf", "-o", folder + "/accessible.pdf"])
        #expect(run.status == 0, "\(run.stderr)")
        let extracted = try PDFTests.tool("pdftotext", [folder + "/accessible.pdf", "-"]).stdout
        let reading = try ScannedPage(contentsOf: URL(fileURLWithPath: PDFTests.chicago[0])).layout.text
        #expect(extracted.split(whereSeparator: \.isWhitespace) == reading.split(whereSeparator: \.isWhitespace))
        try PDFTests.expectCheckersPass(folder + "/accessible.pdf")
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/accessible.pdf")[.size] as? Int ?? 0
        let input = try FileManager.default.attributesOfItem(atPath: folder + "/scan.pdf")[.size] as? Int ?? 1
        print("scan.pdf \(input) bytes → accessible.pdf \(size) bytes (\(String(format: "%.3f", Double(size) / Double(input)))×)")

        let again = try legible(["ingest", folder + "/accessible.pdf", "-o", folder + "/again"])
        #expect(again.status == 0 && again.stderr.contains("accessible.pdf page 1: already carries text"), "\(again.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/again"))?.filter { $0.hasSuffix(".json") } == [])
        let refused = try legible(["pdf", folder + "/accessible.pdf", "-o", folder + "/twice.pdf"])
        #expect(refused.status == 65 && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/twice.pdf"))
    }

    /// Each class of bad PDF with the words its one line must carry.
    static func badPDFs(in folder: String) throws -> [(name: String, words: String)] {
        try PDFInputTests.make("img2pdf", [PDFInputTests.chicago[0], "-o", folder + "/good.pdf"])
        let good = try Data(contentsOf: URL(fileURLWithPath: folder + "/good.pdf"))
        let files: [(String, Data, String)] = [
            ("truncated.pdf", good.prefix(good.count / 2), "not a readable PDF"),
            ("html.pdf", Data("<!DOCTYPE html><html><body>Sign in to download</body></html>".utf8), "is an HTML page"),
            ("empty.pdf", Data(), "is empty"),
            ("xref.pdf", brokenCrossReferences(MiniPDF.pages(1)), "not a readable PDF"),
            ("many.pdf", MiniPDF.pages(10_000), "10000 pages"),
            (
                "loop.pdf", MiniPDF.file(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]),
                "not a readable PDF"
            ),
            ("streamloop.pdf", objectStreamLoop(), "has no pages"),
            ("huge-box.pdf", MiniPDF.pages(1, box: "[0 0 1000000 1000000]"), "pixel limit"),
            (
                "huge-image.pdf",
                MiniPDF.imagePage(
                    width: 100_000, height: 100_000, filter: "/FlateDecode", stream: Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
                "pixel limit"
            ),
        ]
        for (name, bytes, _) in files { try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        try PDFInputTests.make("qpdf", ["--encrypt", "user", "owner", "256", "--", folder + "/good.pdf", folder + "/password.pdf"])
        try PDFInputTests.make(
            "qpdf", ["--encrypt", "", "owner", "256", "--print=none", "--", folder + "/good.pdf", folder + "/restricted.pdf"])
        return files.map { ($0.0, $0.2) } + [("password.pdf", "password"), ("restricted.pdf", "encrypted")]
    }

    /// `pdf` with every cross-reference offset 7 bytes off, as in a file edited by hand.
    static func brokenCrossReferences(_ pdf: Data) -> Data {
        let text = String(decoding: pdf, as: UTF8.self)
        let moved = text.replacing(#/(\d{10}) 00000 n /#) { match in String(format: "%010d 00000 n ", Int(match.output.1)! + 7) }
        return Data(moved.utf8)
    }

    /// An object stream whose `/Length` is object 2, which is stored inside that same object
    /// stream: reading either needs the other first. The table is a cross-reference stream, the
    /// only kind that can place an object inside an object stream.
    static func objectStreamLoop() -> Data {
        var data = Data("%PDF-1.7\n".utf8)
        var offsets: [Int: Int] = [:]
        let inner = Data("2 0 << /Type /Pages /Kids [] /Count 0 >>".utf8)
        for (number, body) in [(1, "<< /Type /Catalog /Pages 2 0 R >>"), (3, "<< /Type /ObjStm /N 1 /First 4 /Length 2 0 R >>")] {
            offsets[number] = data.count
            data += Data("\(number) 0 obj\n\(body)\n".utf8)
            if number == 3 { data += Data("stream\n".utf8) + inner + Data("\nendstream\n".utf8) }
            data += Data("endobj\n".utf8)
        }
        offsets[4] = data.count
        // Entries of 1 + 4 + 2 bytes: free; in the file at an offset; inside object stream 3.
        let entries: [(UInt8, Int, Int)] = [(0, 0, 65535), (1, offsets[1]!, 0), (2, 3, 0), (1, offsets[3]!, 0), (1, offsets[4]!, 0)]
        var table = Data()
        for (kind, field, generation) in entries {
            table.append(kind)
            for shift in [24, 16, 8, 0] { table.append(UInt8((field >> shift) & 0xFF)) }
            table.append(contentsOf: [UInt8(generation >> 8), UInt8(generation & 0xFF)])
        }
        data += Data("4 0 obj\n<< /Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R /Length \(table.count) >>\nstream\n".utf8)
        data += table + Data("\nendstream\nendobj\nstartxref\n\(offsets[4]!)\n%%EOF\n".utf8)
        return data
    }

    @Test("every class of bad PDF: one line on stderr, exit 65, no output, the input unchanged")
    func badInput() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        for (name, words) in try Self.badPDFs(in: folder) {
            let path = "\(folder)/\(name)"
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let out = "\(folder)/out-\(name)"
            let run = try legible(["ingest", path, "-o", out, "-q"])
            let lines = run.stderr.split(separator: "\n")
            #expect(run.status == 65 && lines.count == 1 && run.stderr.contains(words), "\(name): \(run.status) \(run.stderr)")
            let written = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
            #expect(written.isEmpty, "\(name) wrote \(written)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            let pdf = try legible(["pdf", path, "-o", "\(folder)/\(name).out.pdf"])
            #expect(pdf.status == 65 && !FileManager.default.fileExists(atPath: "\(folder)/\(name).out.pdf"), "\(name): \(pdf.stderr)")
        }
        // An output that cannot be written: a file where the folder should be.
        let blocked = try legible(["ingest", folder + "/good.pdf", "-o", folder + "/good.pdf/out"])
        #expect(blocked.status == 73 && blocked.stderr.split(separator: "\n").count == 1, "\(blocked.stderr)")
    }
}
