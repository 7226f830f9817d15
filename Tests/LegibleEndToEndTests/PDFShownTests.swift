import Foundation
import LegibleCommandSupport
import LegibleImage
import LegibleLayout
import LegiblePDFInput
import LegibleRaster
import LegibleTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What is shown is what is read, and what is decoded is bounded (`Docs/PDF.md`, "Reading
/// scanned PDFs" and "Bounds on reading a page"): a page's scan is read from its own bytes only
/// when the page draws that image, and nothing else, in the colours poppler shows; otherwise the
/// page is read as poppler draws it, or refused. Drawing runs in a process of its own, bounded
/// in memory and by the page's deadline.
@Suite("PDF pages read as they are shown, within bounds", .serialized)
struct PDFShownTests {
    /// A grey image XObject of `width` × `height` samples, all `level`, stored unfiltered.
    static func grey(_ width: Int, _ height: Int, level: UInt8) -> (dictionary: String, stream: Data) {
        let stream = Data(repeating: level, count: width * height)
        return (
            "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Length \(stream.count) >>",
            stream
        )
    }

    /// The chicago-1 JPEG (three components) as an image XObject, `colourSpace` and `parameters` as given.
    static func jpeg(colourSpace: String, parameters: String = "") throws -> (dictionary: String, stream: Data) {
        let bytes = try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.jpg"))
        return (
            "<< /Type /XObject /Subtype /Image /Width 1166 /Height 1654 /ColorSpace \(colourSpace) /BitsPerComponent 8 /Filter /DCTDecode \(parameters) /Length \(bytes.count) >>",
            bytes
        )
    }

    /// The one page of `data`, read in process.
    static func read(_ data: Data, named name: String) throws -> PDFPageImage {
        let path = try temporaryFolder() + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return try PDFInputTests.image(try ScannedPDF(path: path).page(1, dpi: 72, force: true))
    }

    /// The mean red level of a PNG page image, sampled every fourth pixel.
    static func meanLevel(_ image: PDFPageImage) throws -> Double {
        let bitmap = try PNGCodec.decode(image.bytes, maximumPixels: ImageFile.maximumPixels)
        var total = 0.0
        for y in stride(from: 0, to: bitmap.height, by: 4) {
            for x in stride(from: 0, to: bitmap.width, by: 4) { total += Double(bitmap.colour(x: x, y: y).red) }
        }
        return total / Double(((bitmap.height + 3) / 4) * ((bitmap.width + 3) / 4))
    }

    @Test("a page that draws other bytes than its resources' one image is read as drawn: a form's image, an image under a shape")
    func drawnNotDeclared() throws {
        guard PDFInputTests.available else { return }
        let black = Self.grey(612, 792, level: 0), white = Self.grey(612, 792, level: 255)
        // Image A (black) is in the page's resources and never drawn; a form draws image B (white).
        let formContent = Data("q 612 0 0 792 0 0 cm /B Do Q".utf8)
        let form =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /B 7 0 R >> >> /Length \(formContent.count) >>"
        let unused = MiniPDF.page(
            content: "/F Do", resources: "<< /XObject << /A 5 0 R /F 6 0 R >> >>", objects: [black.dictionary, form, white.dictionary],
            streams: [5: black.stream, 6: formContent, 7: white.stream])
        let read = try Self.read(unused, named: "unused.pdf")
        let shown = try Self.meanLevel(read)
        #expect(read.origin.method == .rendered && shown > 250, "read \(read.origin.method) at level \(shown), not the drawn white page")
        // The white scan with a black box painted over its top half: the box is read.
        let covered = MiniPDF.page(
            content: "q 612 0 0 792 0 0 cm /A Do Q 0 g 0 396 612 396 re f", resources: "<< /XObject << /A 5 0 R >> >>",
            objects: [white.dictionary], streams: [5: white.stream])
        let box = try Self.read(covered, named: "covered.pdf")
        let level = try Self.meanLevel(box)
        #expect(box.origin.method == .rendered && abs(level - 127.5) < 8, "the box over the scan was not read: \(level)")
        // Invisible text (a recognised PDF's text layer) over the scan still lets the scan itself be read.
        let layered = MiniPDF.page(
            content: "q 612 0 0 792 0 0 cm /A Do Q BT 3 Tr /F1 12 Tf 72 700 Td (hidden) Tj ET",
            resources: "<< /XObject << /A 5 0 R >> >>", objects: [white.dictionary], streams: [5: white.stream])
        #expect(try Self.read(layered, named: "layered.pdf").origin.method == .decoded)
    }

    @Test("a JPEG is passed through only when it decodes to what poppler shows: grey over three components, /ColorTransform 0")
    func jpegColours() throws {
        guard PDFInputTests.available else { return }
        // The scan's own shape, 1166 × 1654, centred on the page.
        let content = "q 558 0 0 792 27 0 cm /A Do Q"
        var methods: [String: PDFPageOrigin.Method] = [:]
        for (name, colourSpace, parameters) in [
            ("plain", "/DeviceRGB", ""), ("grey", "/DeviceGray", ""), ("transform", "/DeviceRGB", "/DecodeParms << /ColorTransform 0 >>"),
        ] {
            let image = try Self.jpeg(colourSpace: colourSpace, parameters: parameters)
            let pdf = MiniPDF.page(
                content: content, resources: "<< /XObject << /A 5 0 R >> >>", objects: [image.dictionary], streams: [5: image.stream])
            methods[name] = try Self.read(pdf, named: name + ".pdf").origin.method
        }
        #expect(methods == ["plain": .stored, "grey": .decoded, "transform": .decoded], "\(methods)")
    }

    @Test(
        "rotations poppler does not turn, crop boxes that show nothing, sizes no image has",
        arguments: [
            ("/Rotate 135", Int32(0), "upright"), ("/Rotate 450", 0, "quarter"),
            ("/CropBox [700 900 800 1000]", 65, "CropBox lies outside"),
            ("/Rotate -90", 0, "quarter"),
        ])
    func pageEntries(_ extra: String, _ status: Int32, _ expected: String) throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        let pdf = MiniPDF.page(content: "0 g 72 72 100 100 re f", resources: "<< >>", extra: extra)
        try pdf.write(to: URL(fileURLWithPath: folder + "/page.pdf"))
        let run = try legible(["ingest", folder + "/page.pdf", "-o", folder + "/out", "--dpi", "72", "-q"])
        #expect(run.status == status, "\(extra): \(run.stderr)")
        guard status == 0 else {
            #expect(run.stderr.contains(expected) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            return
        }
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: folder + "/out/page-p0001.json")))
        let size = (layout.image.width, layout.image.height)
        #expect(expected == "upright" ? size == (612, 792) : size == (792, 612), "\(extra): \(size)")
    }

    /// Pages that declare little and make poppler decode or draw much (`Docs/PDF.md`, "Bounds
    /// on reading a page"): each measured at over 1.2 GB when read without the bound.
    static func bombs() -> [(name: String, pdf: Data)] {
        let draw = "q 612 0 0 792 0 0 cm /A Do Q"
        // A JBIG2 page-information segment declaring a page of 100,000 × 100,000 pixels.
        let segment = Data([0, 0, 0, 0, 48, 0, 1, 0, 0, 0, 19] + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0] + [UInt8](repeating: 0, count: 11))
        func image(_ width: Int, _ height: Int, _ extra: String = "", length: Int) -> String {
            "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 \(extra) /Length \(length) >>"
        }
        let formContent = "q 612 0 0 792 0 0 cm /B Do Q"
        let form =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /B 6 0 R >> >> /Length \(formContent.count) >>"
        return [
            (
                "jbig2",
                MiniPDF.page(
                    content: draw, resources: "<< /XObject << /A 5 0 R >> >>",
                    objects: [
                        image(1, 1, "/Filter /JBIG2Decode", length: segment.count).replacingOccurrences(
                            of: "/BitsPerComponent 8", with: "/BitsPerComponent 1")
                    ],
                    streams: [5: segment])
            ),
            (
                "ccitt",
                MiniPDF.page(
                    content: draw, resources: "<< /XObject << /A 5 0 R >> >>",
                    objects: [image(1, 1, "/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 1000000 /Rows 1000000 >>", length: 16)],
                    streams: [5: Data(count: 16)])
            ),
            (
                "form",
                MiniPDF.page(
                    content: "/F Do", resources: "<< /XObject << /F 5 0 R >> >>", objects: [form, image(20_000, 20_000, length: 4)],
                    streams: [5: Data(formContent.utf8), 6: Data(count: 4)])
            ),
            (
                "smask",
                MiniPDF.page(
                    content: draw, resources: "<< /XObject << /A 5 0 R >> >>",
                    objects: [image(1, 1, "/SMask 6 0 R", length: 1), image(30_000, 30_000, length: 4)],
                    streams: [5: Data(count: 1), 6: Data(count: 4)])
            ),
            (
                "inline",
                MiniPDF.page(
                    content: "q 612 0 0 792 0 0 cm BI /W 20000 /H 20000 /CS /G /BPC 8 ID \u{0}\u{0}\u{0}\u{0} EI Q", resources: "<< >>")
            ),
        ]
    }

    @Test("what poppler decodes is bounded: each bomb's reader stays within 1 GiB, and ingest reads or refuses it with one line")
    func decodingBounded() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        for (name, pdf) in Self.bombs() {
            let path = "\(folder)/\(name).pdf"
            try pdf.write(to: URL(fileURLWithPath: path))
            // The page's reader itself, as ingest starts it, its peak resident memory measured.
            let reader = try runProcess(
                URL(fileURLWithPath: "/usr/bin/time"),
                [
                    "-f", "%M", Repository.legibleExecutable.path, IsolatedPage.command, path, "1", "300", "1",
                    String(DrawingLimits.defaultMemoryBytes), "120",
                ],
                environment: [:])
            let peak = Int(reader.stderr.split(separator: "\n").last ?? "") ?? Int.max
            #expect(peak * 1024 <= DrawingLimits.defaultMemoryBytes, "\(name): the page's reader peaked at \(peak) KB")
            let run = try legible(["ingest", path, "-o", folder + "/out-" + name, "-q"])
            #expect(
                run.status == 0 || (run.status == 65 && run.stderr.split(separator: "\n").count == 1),
                "\(name): \(run.status) \(run.stderr)")
        }
    }

    /// A 51 KB page that draws one 49-megapixel image `count` times.
    static func drawsPage(count: Int) -> Data {
        let image = "<< /Type /XObject /Subtype /Image /Width 7000 /Height 7000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>"
        let draws = Array(repeating: "q 612 0 0 792 0 0 cm /A Do Q", count: count).joined(separator: " ")
        return MiniPDF.page(content: draws, resources: "<< /XObject << /A 5 0 R >> >>", objects: [image], streams: [5: Data(count: 4)])
    }

    @Test("drawing is bounded by the page's deadline: a page drawing a 49-megapixel image 100 times ends at --timeout with 75")
    func drawingBounded() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        try Self.drawsPage(count: 100).write(to: URL(fileURLWithPath: folder + "/draws.pdf"))
        for command in [
            ["ingest", folder + "/draws.pdf", "-o", folder + "/out", "-q", "--timeout", "3"],
            ["pdf", folder + "/draws.pdf", "-o", folder + "/out.pdf", "--timeout", "3"],
        ] {
            let run = try legible(command)
            #expect(
                run.status == 75 && run.stderr.contains("page deadline") && run.stderr.split(separator: "\n").count == 1,
                "\(command[0]): \(run.status) \(run.stderr)")
        }
    }

    @Test("the page server's children answer every page as a child started for it does, the bounds included, and it outlives them")
    func pageServer() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        let seeds = Repository.root.appendingPathComponent("Fuzz/Corpus/pdf-input")
        // The page past its deadline first: every page after it is served by the same server.
        var paths = ["\(folder)/draws.pdf"]
        try Self.drawsPage(count: 100).write(to: URL(fileURLWithPath: paths[0]))
        paths += try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted().map { seeds.path + "/" + $0 }
        for (name, pdf) in Self.bombs() {
            paths.append("\(folder)/\(name).pdf")
            try pdf.write(to: URL(fileURLWithPath: paths.last!))
        }
        // A quarter of the default memory keeps the bombs quick; the drawn page meets the deadline.
        let limits = DrawingLimits(memoryBytes: 1 << 28, seconds: 2)
        let executable = Repository.legibleExecutable.path
        var kinds: Set<String> = []
        for path in paths + ["gone"] {
            let file = path == "gone" ? "\(folder)/gone.pdf" : path
            if path == "gone" { try FileManager.default.copyItem(atPath: paths[1], toPath: file) }
            // A file the parent refuses (an encrypted seed) never reaches a child.
            guard let started = try? ScannedPDF(path: file, drawing: .isolated(executable: executable, limits: limits)) else { continue }
            let served = try ScannedPDF(path: file, drawing: .served(executable: executable, limits: limits))
            // A file removed once opened: the child, not the parent, finds it gone.
            if path == "gone" { try FileManager.default.removeItem(atPath: file) }
            let (one, other) = (Result { try started.page(1, dpi: 72, force: true) }, Result { try served.page(1, dpi: 72, force: true) })
            let summary = Self.summary(one)
            kinds.insert(String(summary.prefix { $0 != " " }))
            #expect(summary == Self.summary(other), "\(path): started \(summary), served \(Self.summary(other))")
        }
        #expect(kinds == ["image", "deadline", "unreadablePage"], "\(kinds)")
    }

    @Test("the page server, started by hand, ends at once on input that is not a request: 65, nothing written; at the input's end, 0")
    func pageServerInput() throws {
        let server = "'\(Repository.legibleExecutable.path)' \(IsolatedPage.serverCommand)"
        let inputs: [(String, Int32)] = [
            ("printf ''", 0), ("printf 'hello world'", 65), ("printf '\\177\\377\\377\\377'", 65),
            ("printf '\\0\\0\\0\\2[]'", 65), ("printf '\\0\\0\\0\\7[\"a\",1]'", 65), ("printf '\\0\\0\\0\\10'", 65),
            ("printf '\\0\\0\\0\\31[\"a\",\"1\",\"1\",\"1\",\"1\",\"x\"]'", 65),
        ]
        for (input, status) in inputs {
            let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(input) | \(server)"], environment: [:])
            #expect(run.status == status && run.stdout.isEmpty, "\(input): \(run.status) \(run.stdout.utf8.count) bytes out")
        }
    }

    /// A page read, in a form two readings can be compared in: its kind, and the image's
    /// bytes and origin or the failure's message.
    static func summary(_ read: Result<PDFPageRead, any Error>) -> String {
        switch read {
        case .success(.carriesText): "carriesText"
        case .success(.image(let image)): "image \(image.bytes.hashValue) \(image.fileExtension) \(image.origin)"
        case .failure(let error as PDFInputError): "\(error.kind) \(error.description)"
        case .failure(let error): "other \(error)"
        }
    }

    @Test("a PDF page whose scan cannot be read is named as the page, not as an image file that was never written")
    func brokenPageNamed() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        // PNG rows (Flate with a PNG predictor) that are not Flate data: passed through, unreadable.
        let rows = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        let image =
            "<< /Type /XObject /Subtype /Image /Width 612 /Height 792 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /Columns 612 /BitsPerComponent 8 >> /Length \(rows.count) >>"
        try MiniPDF.page(
            content: "q 612 0 0 792 0 0 cm /A Do Q", resources: "<< /XObject << /A 5 0 R >> >>", objects: [image], streams: [5: rows]
        )
        .write(to: URL(fileURLWithPath: folder + "/scan.pdf"))
        let run = try legible(["ingest", folder + "/scan.pdf", "-o", folder + "/out", "-q"])
        #expect(run.status == 65 && run.stderr.hasPrefix("legible: scan.pdf page 1: ") && !run.stderr.contains(".png"), "\(run.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []).isEmpty)
    }

    @Test("an image declared with a size no image has is bad data, named as such, not as too large")
    func impossibleSizes() throws {
        guard PDFInputTests.available else { return }
        let folder = try temporaryFolder()
        for (width, height) in [(-5, 100), (100, 0), (0, 0)] {
            let pdf = MiniPDF.imagePage(
                width: width, height: height, filter: "/FlateDecode", stream: Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
            try pdf.write(to: URL(fileURLWithPath: folder + "/bad.pdf"))
            let run = try legible(["ingest", folder + "/bad.pdf", "-o", folder + "/out", "-q"])
            #expect(run.status == 65 && run.stderr.contains("declared \(width)×\(height) pixels, which no image can be"), "\(run.stderr)")
            #expect(!run.stderr.contains("limit"))
        }
    }
}
