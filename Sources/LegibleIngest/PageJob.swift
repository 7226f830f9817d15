import Foundation
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegibleSystem

/// One image's work (`Docs/CLI.md`, "Up to date" and "Writing outputs"): read the image, keep
/// up-to-date outputs, else read or import the page and commit every format together.
struct PageJob {
    var image: String
    var source: PageSource
    var plan: IngestPlan

    /// Reads, recognises or imports, and commits; the outcome records the seconds it took.
    func run(reader: (any PageReader)?) -> PageOutcome {
        let start = Date()
        var outcome = PageOutcome(image: image)
        do {
            try perform(reader: reader, into: &outcome)
        } catch {
            outcome.failure = error
        }
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    private func perform(reader: (any PageReader)?, into outcome: inout PageOutcome) throws {
        let data = try InputFile.read(image, what: "an image")
        let sha256 = Checksum.sha256Hex(of: data)
        outcome.sha256 = sha256
        let (digest, layoutData) = try provenance()
        if !plan.force, let existing = try upToDate(sha256: sha256, digest: digest) {
            outcome.layout = existing
            outcome.skipped = true
            outcome.outputs = outputNames
            return
        }
        var layout: PageLayout
        switch source {
        case .recognise:
            guard let reader else { throw IngestError(.noReader, "\(image): no recognition engine") }
            layout = try reader.read(imageData: data, path: image, sha256: sha256)
            // The plan's digest marks the outputs, whichever reader made them.
            layout.engine?.optionsDigest = digest
        case .layout(let path):
            let description = try Recogniser.describeImage(data: data, path: image, sha256: sha256)
            layout = try LayoutImporter.importLayout(layoutData ?? Data(), file: path, image: description)
            layout.engine?.optionsDigest = digest
        }
        // Every format is rendered, then all are committed together: a failure leaves the
        // previous set (or nothing), never a mixed one.
        try AtomicFile.commit(try outputs(of: layout))
        outcome.layout = layout
        outcome.outputs = outputNames
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
    var outputNames: [String] { plan.formats.map { "\(IngestPlan.outputStem(image)).\($0.fileExtension)" } }

    /// Every requested format of `layout`, as files to write.
    func outputs(of layout: PageLayout) throws -> [AtomicFile.Output] {
        try plan.formats.map { format in
            AtomicFile.Output(path: plan.outputPath(of: image, format), bytes: try Self.render(layout, as: format))
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

    /// The existing document when the output folder's JSON records the same image hash and
    /// options digest. Every other output is derived from that document alone, so each
    /// requested sibling (`.hocr`, `.txt`, `.alto.xml`) is checked by rendering it again from
    /// the document and comparing bytes; a missing or stale sibling (say, from an older image)
    /// is rewritten from the document, without reading the page again (`Docs/CLI.md`, "Up to date").
    func upToDate(sha256: String, digest: String) throws -> PageLayout? {
        let jsonPath = plan.outputPath(of: image, .json)
        guard let existing = (try? InputFile.read(jsonPath)).flatMap({ try? PageLayout.decodeDocument($0) }),
            existing.image.sha256 == sha256, existing.engine?.optionsDigest == digest
        else { return nil }
        let stale = try outputs(of: existing).filter { (try? InputFile.read($0.path)) != $0.bytes }
        if !stale.isEmpty { try AtomicFile.commit(stale) }
        return existing
    }
}
