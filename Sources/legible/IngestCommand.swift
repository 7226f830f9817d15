import Foundation
import LegibleImport
import LegibleLayout
import LegibleOCR

#if canImport(Glibc)
    import Glibc
#endif

/// `legible ingest IMAGE… -o DIR [--format json,hocr,txt,alto] [--jobs N] [-l LANG] [--psm N]
/// [--dpi N] [--no-preprocess | --preprocess STEPS] [--layout FILE | --layouts DIR] [--force] [-q]`
///
/// Recognises each image with Tesseract — or, with `--layout FILE` (one image) or
/// `--layouts DIR` (pairs `IMAGE` with `DIR/<stem>.xml`, `.alto`, `.hocr` or `.html`), imports
/// an existing ALTO or hOCR transcription instead. Spreads the images over `--jobs` worker
/// threads, each with its own engine; skips images whose outputs are up to date (same image
/// hash and options or layout file) unless `--force`; writes every file atomically; never lets
/// one bad image stop the rest. Exit status: 0 when every image was read, else the code of the
/// first failure (65 bad image or layout, 66 missing file).
struct IngestCommand {
    enum Format: String, CaseIterable {
        case json, hocr, txt, alto
        /// The output file's extension (ALTO is XML).
        var fileExtension: String { self == .alto ? "alto.xml" : rawValue }
    }

    static let usage =
        "usage: legible ingest IMAGE... -o DIR [--format json,hocr,txt,alto] [--jobs N] [-l LANG] [--psm N] [--dpi N] [--no-preprocess | --preprocess colour,background,rules,deskew] [--layout FILE | --layouts DIR] [--timeout SECONDS] [--force] [-q]"

    /// Where a page's layout comes from.
    enum Source {
        case recognise
        case layout(path: String)
    }

    struct Outcome {
        var image: String
        var layout: PageLayout?
        var skipped = false
        var failure: CLIError?
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(
            arguments,
            valued: ["-o", "--output", "--format", "--jobs", "-l", "--psm", "--dpi", "--preprocess", "--layout", "--layouts", "--timeout"],
            flagNames: ["--no-preprocess", "--force", "-q", "--quiet"])
        let images = parsed.positionals
        guard !images.isEmpty else { throw CLIError.usage(usage) }
        guard let output = parsed.value("-o") ?? parsed.value("--output") else { throw CLIError.usage("ingest needs -o DIR\n" + usage) }
        let formats = try (parsed.value("--format") ?? "json").split(separator: ",", omittingEmptySubsequences: false).map {
            name -> Format in
            guard let format = Format(rawValue: String(name)) else {
                throw CLIError.usage("unknown format \"\(name)\" (json, hocr, txt, alto)")
            }
            return format
        }
        let jobs = try parsed.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let options = try ocrOptions(parsed)
        let sources = try layoutSources(parsed, images: images)
        let quiet = parsed.has("-q") || parsed.has("--quiet")
        let needsEngine = sources.contains { if case .recognise = $0 { return true } else { return false } }
        try refuseSharedStems(images)

        if needsEngine { prepareOCREnvironment(batch: images.count > 1) }
        try prepareOutputFolder(output)
        AtomicFile.removeStaleTemporaries(in: output)
        // Load one engine up front so a missing language fails once, with 69, before any work.
        var first: Recogniser?
        if needsEngine {
            do {
                first = try Recogniser(options: options)
            } catch let error as OCRError {
                throw CLIError(code: error.exitCode, message: error.description)
            }
        }

        let progress = Progress(total: images.count, enabled: !quiet && Console.messagesAreTerminal)
        // Largest files first (longest-processing-time order): a slow page picked up last would
        // leave the other worker idle at the end of the batch.
        let sizes = images.map { ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? NSNumber)?.intValue ?? 0 }
        let queue = WorkQueue(order: images.indices.sorted { sizes[$0] > sizes[$1] })
        let outcomes = OutcomeStore(count: images.count)
        let force = parsed.has("--force")
        let group = DispatchGroup()
        for worker in 0..<min(jobs, images.count) {
            group.enter()
            let firstEngine = first
            let thread = Thread {
                defer { group.leave() }
                var recogniser: Recogniser?
                while let index = queue.next() {
                    if case .recognise = sources[index], recogniser == nil {
                        recogniser = worker == 0 ? firstEngine : (try? Recogniser(options: options))
                    }
                    let job = Job(
                        image: images[index], source: sources[index], options: options, output: output, formats: formats, force: force)
                    outcomes.set(index, job.run(recogniser: recogniser))
                    progress.advance(label: (images[index] as NSString).lastPathComponent)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        progress.finish()

        let done = outcomes.all
        let read = done.compactMap(\.layout)
        let failures = done.compactMap(\.failure)
        if !quiet {
            let lines = read.reduce(0) { $0 + $1.lines.count }
            let words = read.reduce(0) { $0 + $1.lines.reduce(0) { $0 + ($1.words?.count ?? 0) } }
            let confidences = read.flatMap { $0.lines.flatMap { ($0.words ?? []).compactMap(\.confidence) } }
            let mean = confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
            let skipped = done.filter(\.skipped).count
            try Console.out(
                "ingested \(read.count) of \(images.count) pages (\(skipped) up to date): \(lines) lines, \(words) words, mean word confidence \(String(format: "%.2f", mean))\n"
            )
            try Console.out("documents in \(output)/ (\(formats.map(\.rawValue).joined(separator: ", ")))\n")
        }
        for failure in failures { Console.message(failure.message) }
        return failures.first?.code ?? 0
    }

    static func ocrOptions(_ parsed: Arguments) throws -> OCROptions {
        var options = OCROptions()
        if let languages = parsed.value("-l") {
            let names = languages.split(separator: "+", omittingEmptySubsequences: false)
            guard
                names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
            else {
                throw CLIError.usage("-l takes language names joined by +, such as eng or eng+deu; got \"\(languages)\"")
            }
            options.languages = languages
        }
        if let timeout = try parsed.number("--timeout", in: 0.1...86_400) { options.timeoutSeconds = timeout }
        if let psm = try parsed.integer("--psm", in: 0...13) { options.pageSegmentationMode = psm }
        options.dpi = try parsed.integer("--dpi", in: 10...2400)
        if parsed.has("--no-preprocess") { options.preprocessing = .none }
        if let steps = parsed.value("--preprocess") {
            let names = Set(steps.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
            let known: Set<String> = ["colour", "background", "rules", "deskew", "none"]
            guard names.isSubset(of: known) else {
                throw CLIError.usage("--preprocess takes a list of colour, background, rules, deskew (or none)")
            }
            options.preprocessing = PreprocessingOptions(
                backgroundNormalisation: names.contains("background"), colourDropout: names.contains("colour"),
                ruleRemoval: names.contains("rules"), deskew: names.contains("deskew"))
        }
        return options
    }

    /// `--layout FILE` for a single image, `--layouts DIR` to pair images with layout files by
    /// stem; otherwise every image is recognised.
    static func layoutSources(_ parsed: Arguments, images: [String]) throws -> [Source] {
        if let layout = parsed.value("--layout") {
            guard images.count == 1 else { throw CLIError.usage("--layout FILE takes exactly one image; use --layouts DIR for a batch") }
            return [.layout(path: layout)]
        }
        guard let folder = parsed.value("--layouts") else { return images.map { _ in .recognise } }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.missingInput("\(folder): no such folder")
        }
        return images.map { image in
            let stem = outputStem(image)
            for suffix in [".xml", ".alto.xml", ".alto", ".hocr", ".html"] {
                let candidate = (folder as NSString).appendingPathComponent(stem + suffix)
                if FileManager.default.fileExists(atPath: candidate) { return .layout(path: candidate) }
            }
            return .layout(path: (folder as NSString).appendingPathComponent(stem + ".xml"))
        }
    }

    /// The name every output of `image` shares: its file name without the extension.
    static func outputStem(_ image: String) -> String {
        ((image as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Two inputs whose outputs would share a name (`a/x.png b/x.png`, `x.png x.jpg`) are refused
    /// before any work, with 64 and both paths: one would silently replace the other.
    static func refuseSharedStems(_ images: [String]) throws {
        var first: [String: String] = [:]
        for image in images {
            let stem = outputStem(image)
            if let earlier = first[stem] {
                throw CLIError.usage(
                    "\(earlier) and \(image) would both be written as \(stem).*; rename one or ingest them into different folders")
            }
            first[stem] = image
        }
    }

    static func prepareOutputFolder(_ output: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreate("cannot create output folder \(output)")
        }
        guard access(output, W_OK) == 0 else { throw CLIError.cannotCreate("output folder \(output) is not writable") }
    }

    /// One image's work: read or import, then write every format atomically.
    struct Job {
        var image: String
        var source: Source
        var options: OCROptions
        var output: String
        var formats: [Format]
        var force: Bool

        func run(recogniser: Recogniser?) -> Outcome {
            var outcome = Outcome(image: image)
            do {
                let data = try InputFile.read(image, what: "an image")
                let (digest, layoutData) = try provenance()
                if !force, let existing = try upToDate(data: data, digest: digest) {
                    outcome.layout = existing
                    outcome.skipped = true
                    return outcome
                }
                var layout: PageLayout
                switch source {
                case .recognise:
                    guard let recogniser else {
                        throw OCRError.engine(function: "TessBaseAPIInit3", detail: "could not start a worker engine")
                    }
                    layout = try recogniser.recognise(imageData: data, path: image)
                case .layout(let path):
                    let description = try Recogniser.describeImage(data: data, path: image)
                    layout = try LayoutImporter.importLayout(layoutData ?? Data(), file: path, image: description)
                    layout.engine?.optionsDigest = digest
                }
                // Every format is rendered, then all are committed together: a failure leaves
                // the previous set (or nothing), never a mixed one.
                try AtomicFile.commit(try outputs(of: layout))
                outcome.layout = layout
            } catch let error as OCRError {
                outcome.failure = CLIError(code: error.exitCode, message: error.description)
            } catch let error as ImportError {
                outcome.failure = CLIError.badData(error.description)
            } catch let error as CLIError {
                outcome.failure = error
            } catch {
                outcome.failure = CLIError(code: 70, message: "\(image): \(error)")
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
                return ("import-" + String(SHA256.hex(of: bytes).prefix(16)), bytes)
            }
        }

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
        func upToDate(data: Data, digest: String) throws -> PageLayout? {
            let jsonPath = "\(output)/\(IngestCommand.outputStem(image)).json"
            guard let existing = (try? InputFile.read(jsonPath)).flatMap({ try? PageLayout.decodeDocument($0) }),
                existing.image.sha256 == SHA256.hex(of: data), existing.engine?.optionsDigest == digest
            else { return nil }
            let stale = try outputs(of: existing).filter { (try? InputFile.read($0.path)) != $0.bytes }
            if !stale.isEmpty { try AtomicFile.commit(stale) }
            return existing
        }
    }
}

/// Collects worker results by image index.
final class OutcomeStore: @unchecked Sendable {
    private var outcomes: [IngestCommand.Outcome?]
    private let lock = NSLock()
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: IngestCommand.Outcome) {
        lock.lock()
        outcomes[index] = outcome
        lock.unlock()
    }
    var all: [IngestCommand.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { $0 }
    }
}

/// Hands out image indices to worker threads in a given order.
final class WorkQueue: @unchecked Sendable {
    private var position = 0
    private let order: [Int]
    private let lock = NSLock()
    init(order: [Int]) { self.order = order }
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard position < order.count else { return nil }
        defer { position += 1 }
        return order[position]
    }
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private let lock = NSLock()

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func advance(label: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        Console.messageBytes("\r[\(bar)] \(done)/\(total) \(TerminalText.escaped(String(label.prefix(40))))\u{1B}[K")
    }

    func finish() {
        guard enabled else { return }
        Console.messageBytes("\n")
    }
}
