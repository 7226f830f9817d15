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
        "usage: legible ingest IMAGE... -o DIR [--format json,hocr,txt,alto] [--jobs N] [-l LANG] [--psm N] [--dpi N] [--no-preprocess | --preprocess colour,background,rules,deskew] [--layout FILE | --layouts DIR] [--force] [-q]"

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
            arguments, valued: ["-o", "--output", "--format", "--jobs", "-l", "--psm", "--dpi", "--preprocess", "--layout", "--layouts"],
            flagNames: ["--no-preprocess", "--force", "-q", "--quiet"])
        let images = parsed.positionals
        guard !images.isEmpty else { throw CLIError.usage(usage) }
        guard let output = parsed.value("-o") ?? parsed.value("--output") else { throw CLIError.usage("ingest needs -o DIR\n" + usage) }
        let formats = try (parsed.value("--format") ?? "json").split(separator: ",").map { name -> Format in
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

        if needsEngine { prepareOCREnvironment(batch: images.count > 1) }
        try prepareOutputFolder(output)
        // Load one engine up front so a missing language fails once, with 69, before any work.
        var first: Recogniser?
        if needsEngine {
            do {
                first = try Recogniser(options: options)
            } catch let error as OCRError {
                throw CLIError(code: error.exitCode, message: error.description)
            }
        }

        let progress = Progress(total: images.count, enabled: !quiet && isatty(2) != 0)
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
            print(
                "ingested \(read.count) of \(images.count) pages (\(skipped) up to date): \(lines) lines, \(words) words, mean word confidence \(String(format: "%.2f", mean))"
            )
            print("documents in \(output)/ (\(formats.map(\.rawValue).joined(separator: ", ")))")
        }
        for failure in failures { FileHandle.standardError.write(Data("legible: \(failure.message)\n".utf8)) }
        return failures.first?.code ?? 0
    }

    static func ocrOptions(_ parsed: Arguments) throws -> OCROptions {
        var options = OCROptions()
        if let languages = parsed.value("-l") { options.languages = languages }
        if let psm = try parsed.integer("--psm", in: 0...13) { options.pageSegmentationMode = psm }
        options.dpi = try parsed.integer("--dpi", in: 10...2400)
        if parsed.has("--no-preprocess") { options.preprocessing = .none }
        if let steps = parsed.value("--preprocess") {
            let names = Set(steps.split(separator: ",").map(String.init))
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
            let stem = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
            for suffix in [".xml", ".alto.xml", ".alto", ".hocr", ".html"] {
                let candidate = (folder as NSString).appendingPathComponent(stem + suffix)
                if FileManager.default.fileExists(atPath: candidate) { return .layout(path: candidate) }
            }
            return .layout(path: (folder as NSString).appendingPathComponent(stem + ".xml"))
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
            let stem = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
            let targets = formats.map { (format: $0, path: "\(output)/\(stem).\($0.fileExtension)") }
            do {
                guard let data = FileManager.default.contents(atPath: image) else { throw OCRError.missingInput(path: image) }
                let digest: String
                var layoutData: Data?
                switch source {
                case .recognise:
                    digest = options.digest
                case .layout(let path):
                    guard let bytes = FileManager.default.contents(atPath: path) else {
                        throw CLIError.missingInput("\(path): no such layout file")
                    }
                    layoutData = bytes
                    digest = "import-" + String(SHA256.hex(of: bytes).prefix(16))
                }
                if !force, let existing = upToDate(data: data, digest: digest, targets: targets.map(\.path)) {
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
                // Render every format before writing any, so a failure leaves no partial set.
                var outputs: [(path: String, bytes: Data)] = []
                for target in targets {
                    switch target.format {
                    case .json: outputs.append((target.path, try layout.encodeDocument()))
                    case .hocr: outputs.append((target.path, Data(layout.hOCRDocument(systemName: systemName(layout)).utf8)))
                    case .txt: outputs.append((target.path, Data(layout.plainTextDocument().utf8)))
                    case .alto: outputs.append((target.path, Data(layout.altoDocument(softwareName: systemName(layout)).utf8)))
                    }
                }
                for item in outputs { try AtomicFile.write(item.bytes, to: item.path) }
                outcome.layout = layout
            } catch let error as OCRError {
                outcome.failure = CLIError(code: error.exitCode, message: error.description)
            } catch let error as ImportError {
                outcome.failure = CLIError.badData(error.description)
            } catch let error as CLIError {
                outcome.failure = error
            } catch {
                outcome.failure = CLIError.io("\(image): \(error)")
            }
            return outcome
        }

        func systemName(_ layout: PageLayout) -> String {
            "legible (\(layout.engine.map { "\($0.name) \($0.version)" } ?? "unknown"))"
        }

        /// The existing document when every output exists and the JSON records the same image
        /// hash and options digest.
        func upToDate(data: Data, digest: String, targets: [String]) -> PageLayout? {
            let jsonPath = "\(output)/\(((image as NSString).lastPathComponent as NSString).deletingPathExtension).json"
            guard targets.allSatisfy({ FileManager.default.fileExists(atPath: $0) }),
                let existing = FileManager.default.contents(atPath: jsonPath).flatMap({ try? PageLayout.decodeDocument($0) }),
                existing.image.sha256 == SHA256.hex(of: data), existing.engine?.optionsDigest == digest
            else { return nil }
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
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label.prefix(40))\u{1B}[K".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
