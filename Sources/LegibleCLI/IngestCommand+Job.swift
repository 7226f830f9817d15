import Foundation
import LegibleImport
import LegibleLayout
import LegibleOCR

extension IngestCommand {
    /// One image's work: read or import, then write every format atomically.
    struct Job {
        var image: String
        var source: Source
        var options: OCROptions
        var output: String
        var formats: [Format]
        var force: Bool

        /// Reads, recognises or imports, and commits; the outcome records the seconds it took.
        func run(recogniser: Recogniser?) -> Outcome {
            let start = Date()
            var outcome = perform(recogniser: recogniser)
            outcome.seconds = Date().timeIntervalSince(start)
            return outcome
        }

        private func perform(recogniser: Recogniser?) -> Outcome {
            var outcome = Outcome(image: image)
            do {
                let data = try InputFile.read(image, what: "an image")
                let sha256 = Checksum.sha256Hex(of: data)
                outcome.sha256 = sha256
                let (digest, layoutData) = try provenance()
                if !force, let existing = try upToDate(sha256: sha256, digest: digest) {
                    outcome.layout = existing
                    outcome.skipped = true
                    outcome.outputs = outputNames
                    return outcome
                }
                var layout: PageLayout
                switch source {
                case .recognise:
                    // `runJob` gives every recognising job an engine, or fails it with the engine's error.
                    guard let recogniser else { throw CLIError(code: 70, message: "\(image): no recognition engine") }
                    layout = try recogniser.recognise(imageData: data, path: image, sha256: sha256)
                case .layout(let path):
                    let description = try Recogniser.describeImage(data: data, path: image, sha256: sha256)
                    layout = try LayoutImporter.importLayout(layoutData ?? Data(), file: path, image: description)
                    layout.engine?.optionsDigest = digest
                }
                // Every format is rendered, then all are committed together: a failure leaves
                // the previous set (or nothing), never a mixed one.
                try AtomicFile.commit(try outputs(of: layout))
                outcome.layout = layout
                outcome.outputs = outputNames
            } catch {
                outcome.failure = CLIError(error)
            }
            return outcome
        }

        /// The options digest this page's outputs must record, and the layout file's bytes when
        /// importing (its hash is the digest, so an edited layout file is re-imported).
        func provenance() throws -> (digest: String, layoutData: Data?) {
            switch source {
            case .recognise:
                return (options.digest, nil)
            case .layout(let path):
                let bytes = try InputFile.read(path, what: "a layout file")
                return ("import-" + String(Checksum.sha256Hex(of: bytes).prefix(16)), bytes)
            }
        }

        /// The output files' names, relative to the output folder.
        var outputNames: [String] { formats.map { "\(IngestCommand.outputStem(image)).\($0.fileExtension)" } }

        /// Every requested format of `layout`, as files to write.
        func outputs(of layout: PageLayout) throws -> [AtomicFile.Output] {
            let stem = IngestCommand.outputStem(image)
            return try formats.map { format in
                let path = "\(output)/\(stem).\(format.fileExtension)"
                switch format {
                case .json: return AtomicFile.Output(path: path, bytes: try layout.encodeDocument())
                case .hocr: return AtomicFile.Output(path: path, bytes: Data(layout.hOCRDocument(systemName: systemName(layout)).utf8))
                case .txt: return AtomicFile.Output(path: path, bytes: Data(layout.plainTextDocument().utf8))
                case .alto: return AtomicFile.Output(path: path, bytes: Data(layout.altoDocument(softwareName: systemName(layout)).utf8))
                }
            }
        }

        func systemName(_ layout: PageLayout) -> String {
            "legible (\(layout.engine.map { "\($0.name) \($0.version)" } ?? "unknown"))"
        }

        /// The existing document when the output folder's JSON records the same image hash and
        /// options digest. Every other output is derived from that document alone, so each
        /// requested sibling (`.hocr`, `.txt`, `.alto.xml`) is checked by rendering it again
        /// from the document and comparing bytes; a missing or stale sibling (say, from an older
        /// image) is rewritten from the document, without recognising again
        /// (`Docs/CLI.md`, "Up to date").
        func upToDate(sha256: String, digest: String) throws -> PageLayout? {
            let jsonPath = "\(output)/\(IngestCommand.outputStem(image)).json"
            guard let existing = (try? InputFile.read(jsonPath)).flatMap({ try? PageLayout.decodeDocument($0) }),
                existing.image.sha256 == sha256, existing.engine?.optionsDigest == digest
            else { return nil }
            let stale = try outputs(of: existing).filter { (try? InputFile.read($0.path)) != $0.bytes }
            if !stale.isEmpty { try AtomicFile.commit(stale) }
            return existing
        }
    }
}
