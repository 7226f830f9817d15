import Foundation
import LegibleBatch
import LegibleImport
import LegibleLayout
import LegibleOCR

#if canImport(Glibc)
    import Glibc
#endif

/// `legible ingest`: recognises each image with Tesseract — or, with `--layout FILE` (one
/// image) or `--layouts DIR` (pairs `IMAGE` with `DIR/<stem>.xml`, `.alto.xml`, `.alto`,
/// `.hocr` or `.html`), imports an existing ALTO or hOCR transcription instead. Spreads the
/// images over `--jobs` worker threads, each with its own engine; skips images whose outputs are
/// up to date unless `--force`; commits each page's outputs together; never lets one bad image
/// stop the rest (`Docs/CLI.md`). With `--shard`, takes only its shard of the images and logs
/// each one to `DIR/manifest/` (`Docs/Cluster.md`). Exit status: 0 when every image was read,
/// else the status of the first failure.
struct IngestCommand {
    /// `--format`: the files written per page.
    enum Format: String, OptionChoice {
        case json, hocr, txt, alto
        /// The output file's extension (ALTO is XML).
        var fileExtension: String { self == .alto ? "alto.xml" : rawValue }
    }

    /// `--preprocess` names: one per ``PreprocessingStepKind``, and `none`.
    static let stepNames = PreprocessingStepKind.allCases.map(\.optionName) + ["none"]

    static let spec = CommandSpec(
        name: "ingest", arguments: "[IMAGE...]", positionalCount: 0...Int.max,
        summary: "Reads PNG, JPEG and TIFF pages into page documents (and hOCR, text, ALTO) in the output folder.",
        options: [
            OptionSpec("-o", "--output", kind: .text("DIR"), required: true, help: "the output folder"),
            OptionSpec("--inputs", kind: .text("FILE"), help: "read more images from FILE, one path per line (- for stdin)"),
            OptionSpec(
                "--shard", kind: .text("K/N|auto"), help: "take only shard K of N (from 0), or the scheduler's task; log to DIR/manifest/"),
            OptionSpec(
                "--shard-count", kind: .integer("N", 1...Shard.maximumCount),
                help: "with --shard auto: the whole split's count (Kubernetes, resubmitted Slurm tasks)"),
            OptionSpec("--root", kind: .text("DIR"), help: "the folder images are sharded relative to (default: the current folder)"),
            OptionSpec("--format", kind: .list(Format.names), help: "the files to write per page (default json)"),
            OptionSpec("--jobs", kind: .integer("N", 1...256), help: "worker threads, each with its own engine (default: the cores)"),
            OptionSpec("-l", kind: .text("LANG"), help: "Tesseract languages joined by + (default eng)"),
            OptionSpec("--psm", kind: .integer("N", 0...13), help: "Tesseract page segmentation mode (default 3)"),
            OptionSpec("--dpi", kind: .integer("N", 10...2400), help: "resolution to assume (default: the file's, else 300)"),
            OptionSpec("--no-preprocess", help: "give Tesseract the original page"),
            OptionSpec("--preprocess", kind: .list(stepNames), help: "the preprocessing steps to run (default colour,background,deskew)"),
            OptionSpec("--layout", kind: .text("FILE"), help: "import this ALTO or hOCR file instead of recognising (one image)"),
            OptionSpec("--layouts", kind: .text("DIR"), help: "import DIR/<stem>.xml, .alto.xml, .alto, .hocr or .html for each image"),
            OptionSpec("--timeout", kind: .number("SECONDS", 0.1...86_400), help: "recognition deadline per page (default 120; exit 75)"),
            OptionSpec("--force", help: "process pages even when their outputs are up to date"),
            OptionSpec("-q", "--quiet", help: "no summary and no progress bar"),
        ], alternatives: [["--no-preprocess", "--preprocess"], ["--layout", "--layouts"]], run: run)

    /// Where a page's layout comes from.
    enum Source {
        case recognise
        case layout(path: String)

        var needsEngine: Bool { if case .recognise = self { return true } else { return false } }
    }

    struct Outcome {
        var image: String
        var layout: PageLayout?
        var skipped = false
        var failure: CLIError?
        /// The image's SHA-256, once read.
        var sha256: String?
        /// The files written or kept, relative to the output folder.
        var outputs: [String] = []
        /// Wall seconds spent on the image.
        var seconds = 0.0
    }

    /// Everything a batch needs, read from the command line and checked before any work.
    struct Batch {
        var images: [String]
        var sources: [Source]
        var output: String
        var formats: [Format]
        var options: OCROptions
        var jobs: Int
        var force: Bool
        var quiet: Bool
        /// With `--shard`: the shard, the size of the whole batch, and each image's key.
        var shard: Shard?
        var total: Int
        var keys: [String]
        /// With `--shard`: the batch's identity, from every input's key (``TaskRecord/batch``).
        var identity: String?
    }

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let batch = try batch(command)
        let needsEngine = batch.sources.contains(where: \.needsEngine)
        if needsEngine { prepareOCREnvironment(batch: batch.images.count > 1) }
        try prepareOutputFolder(batch.output)
        AtomicFile.removeStaleTemporaries(in: batch.output)
        // The task's start is logged before the engine loads, so the manifests' spans include it.
        let manifest = try batch.shard.map { try ManifestLog(output: batch.output, shard: $0) }
        try manifest?.append(.task(taskRecord(batch)))
        // Load one engine up front so a missing language fails once, with 69, before any work.
        let first = needsEngine ? try Recogniser(options: batch.options) : nil
        EngineParking.park(first)
        defer { EngineParking.settle() }
        let outcomes = try process(batch, firstEngine: first, manifest: manifest)
        if !batch.quiet { try summarise(outcomes, of: batch) }
        let failures = outcomes.compactMap(\.failure)
        for failure in failures { Console.message(failure.message) }
        return failures.first?.exitCode ?? 0
    }

    static func batch(_ command: ParsedCommand) throws -> Batch {
        let output = command.text("-o") ?? ""
        var images = try inputs(command)
        try refuseSharedStems(images)
        let total = images.count
        let shard = try shard(command)
        var keys: [String] = []
        var identity: String?
        if let shard {
            let selection = try select(images, shard: shard, root: command.text("--root") ?? ".")
            keys = selection.indexes.map { selection.keys[$0] }
            identity = TaskRecord.identity(of: selection.keys)
            images = selection.indexes.map { images[$0] }
        }
        let batch = Batch(
            images: images, sources: try layoutSources(command, images: images), output: output,
            formats: command.list("--format", as: Format.self) ?? [.json], options: try ocrOptions(command),
            jobs: command.integer("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount, force: command.flag("--force"),
            quiet: command.flag("-q"), shard: shard, total: total, keys: keys, identity: identity)
        try refuseOutputsOverInputs(batch, list: command.text("--inputs"))
        return batch
    }

    /// No page's output may be an image, a layout file or the `--inputs` list of the batch:
    /// `--layouts DIR -o DIR --format alto` would otherwise replace the user's own transcription
    /// with the export, and `--inputs list.txt --format txt` an image `list.png`'s list.
    static func refuseOutputsOverInputs(_ batch: Batch, list: String?) throws {
        var inputs = batch.images + [list].compactMap { $0 }.filter { $0 != "-" }
        for case .layout(let path) in batch.sources { inputs.append(path) }
        let outputs = batch.images.flatMap { image in
            batch.formats.map { "\(batch.output)/\(outputStem(image)).\($0.fileExtension)" }
        }
        try OutputGuard.refuse(outputs: outputs, overwriting: inputs)
    }

    /// Runs every image on `batch.jobs` worker threads, logging each to `manifest`, and returns
    /// the outcomes in input order; throws 74 when the manifest could not be written.
    static func process(_ batch: Batch, firstEngine: Recogniser?, manifest: ManifestLog?) throws -> [Outcome] {
        let progress = Progress(total: batch.images.count, enabled: !batch.quiet && Console.messagesAreTerminal)
        // Largest files first (longest-processing-time order): a slow page picked up last would
        // leave the other worker idle at the end of the batch.
        let sizes = batch.images.map { ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? NSNumber)?.intValue ?? 0 }
        let queue = WorkQueue(order: batch.images.indices.sorted { sizes[$0] > sizes[$1] })
        let outcomes = OutcomeStore(count: batch.images.count)
        let group = DispatchGroup()
        for worker in 0..<min(batch.jobs, batch.images.count) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                var engine = worker == 0 ? firstEngine : nil
                while let index = queue.next() {
                    let outcome = runJob(index, of: batch, engine: &engine)
                    outcomes.set(index, outcome)
                    if let manifest { outcomes.record(error: log(outcome, key: batch.keys[index], of: batch, to: manifest)) }
                    progress.advance(label: (batch.images[index] as NSString).lastPathComponent)
                }
                EngineParking.park(engine)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        progress.finish()
        if let error = outcomes.firstError { throw error }
        return outcomes.all
    }

    /// One image on a worker, creating the worker's engine the first time it is needed. An
    /// engine that cannot start fails this image with the engine's own error.
    static func runJob(_ index: Int, of batch: Batch, engine: inout Recogniser?) -> Outcome {
        if batch.sources[index].needsEngine, engine == nil {
            do {
                engine = try Recogniser(options: batch.options)
            } catch {
                return Outcome(image: batch.images[index], failure: CLIError(error))
            }
        }
        let job = Job(
            image: batch.images[index], source: batch.sources[index], options: batch.options, output: batch.output,
            formats: batch.formats, force: batch.force)
        return job.run(recogniser: engine)
    }

    /// The one-paragraph summary on stdout.
    static func summarise(_ outcomes: [Outcome], of batch: Batch) throws {
        let read = outcomes.compactMap(\.layout)
        let lines = read.reduce(0) { $0 + $1.lines.count }
        let words = read.reduce(0) { $0 + $1.lines.reduce(0) { $0 + ($1.words?.count ?? 0) } }
        let confidences = read.flatMap { $0.lines.flatMap { ($0.words ?? []).compactMap(\.confidence) } }
        let mean = confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
        let skipped = outcomes.filter(\.skipped).count
        let shard = batch.shard.map { "shard \($0) of a batch of \(batch.total): " } ?? ""
        try Console.out(
            "\(shard)ingested \(read.count) of \(batch.images.count) pages (\(skipped) up to date): \(lines) lines, \(words) words, mean word confidence \(String(format: "%.2f", mean))\n"
        )
        try Console.out("documents in \(batch.output)/ (\(batch.formats.map(\.rawValue).joined(separator: ", ")))\n")
    }

    static func ocrOptions(_ command: ParsedCommand) throws -> OCROptions {
        var options = OCROptions()
        if let languages = command.text("-l") {
            let names = languages.split(separator: "+", omittingEmptySubsequences: false)
            guard
                names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
            else {
                throw CLIError.usage("-l takes language names joined by +, such as eng or eng+deu; got \"\(languages)\"")
            }
            options.languages = languages
        }
        if let timeout = command.number("--timeout") { options.timeoutSeconds = timeout }
        if let psm = command.integer("--psm") { options.pageSegmentationMode = psm }
        options.dpi = command.integer("--dpi")
        if command.flag("--no-preprocess") {
            options.preprocessing = .none
            options.retryPoorPages = false
        }
        if let names = command.text("--preprocess").map({ Set($0.split(separator: ",").map(String.init)) }) {
            options.preprocessing = PreprocessingOptions(
                steps: Set(PreprocessingStepKind.allCases.filter { names.contains($0.optionName) }))
            options.retryPoorPages = false
        }
        return options
    }

    /// `--layout FILE` for a single image, `--layouts DIR` to pair images with layout files by
    /// stem; otherwise every image is recognised.
    static func layoutSources(_ command: ParsedCommand, images: [String]) throws -> [Source] {
        if let layout = command.text("--layout") {
            guard images.count == 1 else { throw CLIError.usage("--layout FILE takes exactly one image; use --layouts DIR for a batch") }
            return [.layout(path: layout)]
        }
        guard let folder = command.text("--layouts") else { return images.map { _ in .recognise } }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw CLIError.missingInput("\(folder): no such folder")
        }
        guard isDirectory.boolValue else { throw CLIError.missingInput("\(folder): is a file, not a folder of layout files") }
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
        Recogniser.stem(of: image)
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
}
