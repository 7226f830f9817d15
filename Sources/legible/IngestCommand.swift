import Foundation
import LegibleLayout
import LegibleOCR

#if canImport(Glibc)
    import Glibc
#endif

/// `legible ingest IMAGE… -o DIR [--format json,hocr,txt] [--jobs N] [-l LANG] [--psm N]
/// [--dpi N] [--no-preprocess] [--force] [-q]`
///
/// Spreads the images over `--jobs` worker threads, each with its own Tesseract engine; skips
/// images whose outputs are up to date (same image hash and options) unless `--force`; writes
/// every file atomically; never lets one bad image stop the rest. Exit status: 0 when every
/// image was read, else the code of the first failure (65 bad image, 66 missing image).
struct IngestCommand {
    enum Format: String, CaseIterable {
        case json, hocr, txt
    }

    static let usage = "usage: legible ingest IMAGE... -o DIR [--format json,hocr,txt] [--jobs N] [-l LANG] [--psm N] [--dpi N] [--no-preprocess | --preprocess colour,background,rules,deskew] [--force] [-q]"

    struct Outcome {
        var image: String
        var layout: PageLayout?
        var skipped = false
        var error: OCRError?
        var writeError: CLIError?
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(
            arguments, valued: ["-o", "--output", "--format", "--jobs", "-l", "--psm", "--dpi", "--preprocess"],
            flagNames: ["--no-preprocess", "--force", "-q", "--quiet"])
        let images = parsed.positionals
        guard !images.isEmpty else { throw CLIError.usage(usage) }
        guard let output = parsed.value("-o") ?? parsed.value("--output") else { throw CLIError.usage("ingest needs -o DIR\n" + usage) }
        let formats = try (parsed.value("--format") ?? "json").split(separator: ",").map { name -> Format in
            guard let format = Format(rawValue: String(name)) else { throw CLIError.usage("unknown format \"\(name)\" (json, hocr, txt)") }
            return format
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs = try parsed.integer("--jobs", in: 1...256) ?? cores
        var options = OCROptions()
        if let languages = parsed.value("-l") { options.languages = languages }
        if let psm = try parsed.integer("--psm", in: 0...13) { options.pageSegmentationMode = psm }
        options.dpi = try parsed.integer("--dpi", in: 10...2400)
        if parsed.has("--no-preprocess") { options.preprocessing = .none }
        if let steps = parsed.value("--preprocess") {
            let names = Set(steps.split(separator: ",").map(String.init))
            let known: Set<String> = ["colour", "background", "rules", "deskew", "none"]
            guard names.isSubset(of: known) else { throw CLIError.usage("--preprocess takes a list of colour, background, rules, deskew (or none)") }
            options.preprocessing = PreprocessingOptions(
                backgroundNormalisation: names.contains("background"), colourDropout: names.contains("colour"),
                ruleRemoval: names.contains("rules"), deskew: names.contains("deskew"))
        }
        let quiet = parsed.has("-q") || parsed.has("--quiet")

        prepareOCREnvironment(batch: images.count > 1)
        try prepareOutputFolder(output)
        // Load one engine up front so a missing language fails once, with 69, before any work.
        let first: Recogniser
        do {
            first = try Recogniser(options: options)
        } catch let error as OCRError {
            throw CLIError(code: error.exitCode, message: error.description)
        }

        let progress = Progress(total: images.count, enabled: !quiet && isatty(2) != 0)
        let queue = WorkQueue(count: images.count)
        let outcomes = OutcomeStore(count: images.count)
        let frozenOptions = options
        let force = parsed.has("--force")
        let workerCount = min(jobs, images.count)
        var threads: [Thread] = []
        let group = DispatchGroup()
        for worker in 0..<workerCount {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let recogniser = worker == 0 ? first : (try? Recogniser(options: frozenOptions))
                while let index = queue.next() {
                    outcomes.set(index, process(images[index], recogniser: recogniser, options: frozenOptions, output: output, formats: formats, force: force))
                    progress.advance(label: (images[index] as NSString).lastPathComponent)
                }
            }
            thread.stackSize = 8 << 20
            threads.append(thread)
            thread.start()
        }
        group.wait()
        progress.finish()

        let done = outcomes.all
        let read = done.compactMap(\.layout)
        let failures = done.filter { $0.error != nil || $0.writeError != nil }
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
        for failure in failures {
            let message = failure.error?.description ?? failure.writeError?.message ?? "unknown error"
            FileHandle.standardError.write(Data("legible: \(message)\n".utf8))
        }
        if let first = failures.first {
            return first.error?.exitCode ?? first.writeError?.code ?? 70
        }
        return 0
    }

    static func prepareOutputFolder(_ output: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreate("cannot create output folder \(output)")
        }
        guard access(output, W_OK) == 0 else { throw CLIError.cannotCreate("output folder \(output) is not writable") }
    }

    static func process(_ image: String, recogniser: Recogniser?, options: OCROptions, output: String, formats: [Format], force: Bool) -> Outcome {
        var outcome = Outcome(image: image)
        guard let recogniser else {
            outcome.error = .engine(function: "TessBaseAPIInit3", detail: "could not start a worker engine")
            return outcome
        }
        let stem = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
        let targets = formats.map { (format: $0, path: "\(output)/\(stem).\($0.rawValue)") }
        guard let data = FileManager.default.contents(atPath: image) else {
            outcome.error = .missingInput(path: image)
            return outcome
        }
        let jsonPath = "\(output)/\(stem).json"
        if !force, formats.contains(.json), targets.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }),
            let existing = FileManager.default.contents(atPath: jsonPath).flatMap({ try? PageLayout.decodeDocument($0) }),
            existing.image.sha256 == SHA256.hex(of: data), existing.engine?.optionsDigest == options.digest
        {
            outcome.layout = existing
            outcome.skipped = true
            return outcome
        }
        do {
            let layout = try recogniser.recognise(imageData: data, path: image)
            outcome.layout = layout
            for target in targets {
                let bytes: Data
                switch target.format {
                case .json: bytes = try layout.encodeDocument()
                case .hocr: bytes = Data(layout.hOCRDocument(systemName: "legible (tesseract \(Recogniser.engineVersion))").utf8)
                case .txt: bytes = Data(layout.plainTextDocument().utf8)
                }
                try AtomicFile.write(bytes, to: target.path)
            }
        } catch let error as OCRError {
            outcome.error = error
            outcome.layout = nil
        } catch let error as CLIError {
            outcome.writeError = error
        } catch {
            outcome.writeError = CLIError.io("\(image): \(error)")
        }
        return outcome
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

/// Hands out indices 0..<count to worker threads.
final class WorkQueue: @unchecked Sendable {
    private var nextIndex = 0
    private let count: Int
    private let lock = NSLock()
    init(count: Int) { self.count = count }
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
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
