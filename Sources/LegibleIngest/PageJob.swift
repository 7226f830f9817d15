import Foundation
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegiblePDFInput
import LegibleSystem

/// One page's work (`Docs/CLI.md`, "Up to date" and "Writing outputs"): read the image (or
/// make a PDF page's), keep up-to-date outputs, else read or import the page and commit every
/// format together, with a PDF page's image beside them.
struct PageJob {
    var page: PageInput
    var source: PageSource
    var plan: IngestPlan

    /// The image a page is read from.
    struct Scan {
        /// The image file's bytes.
        var bytes: Data
        /// The path it is read as: the image itself, or where a PDF page's image is kept.
        var path: String
        /// For a PDF page: where it came from, and its image file, committed with the outputs.
        var origin: PDFPageOrigin?
        var kept: [AtomicFile.Output] = []

        /// The kept files' names, relative to the output folder.
        var keptNames: [String] { kept.map { ($0.path as NSString).lastPathComponent } }
    }

    /// Reads, recognises or imports, and commits; the outcome records the seconds it took.
    /// `pdf` is the PDF the worker has open: used when it is this page's, else replaced.
    func run(reader: (any PageReader)?, pdf: inout ScannedPDF?) -> PageOutcome {
        let start = Date()
        var outcome = PageOutcome(page: page)
        do {
            try perform(reader: reader, pdf: &pdf, into: &outcome)
        } catch {
            outcome.failure = error
        }
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    private func perform(reader: (any PageReader)?, pdf: inout ScannedPDF?, into outcome: inout PageOutcome) throws {
        do {
            try readAndCommit(reader: reader, pdf: &pdf, into: &outcome)
        } catch let error as OCRError where page.pdfPage != nil {
            // A PDF page's image is read under the path it would be kept at, never written.
            throw error.naming(page.name)
        } catch let error as ImageError where page.pdfPage != nil {
            throw error.naming(page.name)
        }
    }

    private func readAndCommit(reader: (any PageReader)?, pdf: inout ScannedPDF?, into outcome: inout PageOutcome) throws {
        guard let scan = try scan(pdf: &pdf) else {
            outcome.carriesText = true
            return
        }
        let sha256 = Checksum.sha256Hex(of: scan.bytes)
        outcome.sha256 = sha256
        let (digest, layoutData) = try provenance()
        // The output folder's document, read once: it decides up to date, and whether it holds
        // corrections a new reading must not replace.
        let existing = (try? InputFile.read(plan.outputPath(of: page, .json))).flatMap { try? PageLayout.decodeDocument($0) }
        if !plan.force, let existing, try upToDate(existing, sha256: sha256, digest: digest, kept: scan.kept) {
            outcome.layout = existing
            outcome.skipped = true
            outcome.outputs = outputNames + scan.keptNames
            return
        }
        try refuseReplacingCorrections(existing)
        var layout: PageLayout
        switch source {
        case .recognise:
            guard let reader else { throw IngestError(.noReader, "\(page.name): no recognition engine") }
            layout = try reader.read(imageData: scan.bytes, path: scan.path, sha256: sha256)
            // The plan's digest marks the outputs, whichever reader made them.
            layout.engine?.optionsDigest = digest
        case .layout(let path):
            let description = try ImageFile.describe(data: scan.bytes, path: scan.path, sha256: sha256)
            layout = try LayoutImporter.importLayout(layoutData ?? Data(), file: path, image: description)
            layout.engine?.optionsDigest = digest
        }
        layout.image.pdfPage = scan.origin
        // Every format is rendered, then all are committed together: a failure leaves the
        // previous set (or nothing), never a mixed one.
        try AtomicFile.commit(try outputs(of: layout) + scan.kept)
        outcome.layout = layout
        outcome.outputs = outputNames + scan.keptNames
    }

    /// The page's image: the image file, or the PDF page made into one; nil for a PDF page
    /// that already carries text, unless the plan forces it.
    func scan(pdf: inout ScannedPDF?) throws -> Scan? {
        guard let number = page.pdfPage else {
            return Scan(bytes: try InputFile.read(page.path, what: "an image"), path: page.path)
        }
        if pdf?.path != page.path { pdf = try ScannedPDF(path: page.path, drawing: plan.pdfDrawing) }
        guard let opened = pdf else { return nil }
        switch try opened.page(number, dpi: plan.options.dpi ?? 300, force: plan.force) {
        case .carriesText:
            return nil
        case .image(let image):
            let path = plan.imagePath(of: page, fileExtension: image.fileExtension)
            return Scan(bytes: image.bytes, path: path, origin: image.origin, kept: [AtomicFile.Output(path: path, bytes: image.bytes)])
        }
    }

    /// A page document that holds corrections is never replaced by a new reading, `--force` or
    /// not: the corrections are a person's work, and the scan is still there to read into
    /// another folder (`Docs/Editing.md`, "Provenance").
    func refuseReplacingCorrections(_ existing: PageLayout?) throws {
        let path = plan.outputPath(of: page, .json)
        guard let existing, existing.lines.contains(where: { $0.words?.contains { $0.corrected == true } ?? false }) else { return }
        throw IngestError(
            .corrected,
            "\(path) holds corrections; ingest will not read \(page.name) over them: write to another folder, or move the document away")
    }

    /// The options digest this page's outputs must record, and the layout file's bytes when
    /// importing (its hash is the digest, so an edited layout file is re-imported).
    func provenance() throws -> (digest: String, layoutData: Data?) {
        switch source {
        case .recognise:
            return (plan.options.digest, nil)
        case .layout(let path):
            let bytes = try InputFile.read(path, what: "a layout file")
            return ("import-" + String(Checksum.sha256Hex(of: bytes).prefix(16)), bytes)
        }
    }

    /// The output files' names, relative to the output folder.
    var outputNames: [String] { plan.formats.map { "\(page.stem).\($0.fileExtension)" } }

    /// Every requested format of `layout`, as files to write.
    func outputs(of layout: PageLayout) throws -> [AtomicFile.Output] {
        try plan.formats.map { format in
            AtomicFile.Output(path: plan.outputPath(of: page, format), bytes: try Self.render(layout, as: format))
        }
    }

    /// `layout` in `format`.
    static func render(_ layout: PageLayout, as format: IngestFormat) throws -> Data {
        let system = "legible (\(layout.engine.map { "\($0.name) \($0.version)" } ?? "unknown"))"
        switch format {
        case .json: return try layout.encodeDocument()
        case .hocr: return Data(layout.hOCRDocument(systemName: system).utf8)
        case .txt: return Data(layout.plainTextDocument().utf8)
        case .alto: return Data(layout.altoDocument(softwareName: system).utf8)
        }
    }

    /// Whether `existing`, the output folder's document, records the same image hash and
    /// options digest. Every other output is derived from that document alone, so each
    /// requested sibling (`.hocr`, `.txt`, `.alto.xml`) is checked by rendering it again from
    /// the document and comparing bytes; a missing or stale sibling (say, from an older image)
    /// is rewritten from the document, without reading the page again (`Docs/CLI.md`, "Up to date").
    /// A PDF page's `kept` image is checked and rewritten alike.
    func upToDate(_ existing: PageLayout, sha256: String, digest: String, kept: [AtomicFile.Output]) throws -> Bool {
        guard existing.image.sha256 == sha256, existing.engine?.optionsDigest == digest else { return false }
        let stale = try (outputs(of: existing) + kept).filter { (try? InputFile.read($0.path)) != $0.bytes }
        if !stale.isEmpty { try AtomicFile.commit(stale) }
        return true
    }
}
