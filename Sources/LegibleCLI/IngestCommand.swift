import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleIngest
import LegibleLayout
import LegibleNotebook
import LegibleOCR
import LegibleRecognition
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `legible ingest`: recognises each image with Tesseract — or, with `--layout FILE` (one
/// image) or `--layouts DIR` (pairs `IMAGE` with `DIR/<stem>.xml`, `.alto.xml`, `.alto`,
/// `.hocr` or `.html`), imports an existing ALTO or hOCR transcription instead. A PDF gives one
/// page per page, `<name>-p0001` on (`Docs/PDF.md`, "Reading scanned PDFs"). Spreads the
/// images over `--jobs` worker threads, each with its own engine; skips images whose outputs are
/// up to date unless `--force`; commits each page's outputs together; never lets one bad image
/// stop the rest (`Docs/CLI.md`). With `--shard`, takes only its shard of the images and logs
/// each one to `DIR/manifest/` (`Docs/Cluster.md`). Exit status: 0 when every image was read,
/// else the status of the first failure.
struct IngestCommand {
    /// `--preprocess` names: one per ``PreprocessingStepKind`` (its `optionName`), and `none`.
    enum StepName: String, OptionChoice {
        case colour, paper, background, rules, deskew, none
        /// The step this name turns on; `nil` for `none`.
        var step: PreprocessingStepKind? { PreprocessingStepKind.allCases.first { $0.optionName == rawValue } }
    }

    static let spec = CommandSpec(
        name: "ingest", arguments: "[IMAGE|PDF...]", positionalCount: 0...Int.max,
        summary: "Reads PNG, JPEG and TIFF pages and scanned PDFs into page documents (and hOCR, text, ALTO) in the output folder.",
        options: [
            output.spec, inputs.spec, shard.spec, shardCount.spec, root.spec, format.spec, jobs.spec, languages.spec, psm.spec, dpi.spec,
            noPreprocess.spec, preprocess.spec, layout.spec, layouts.spec, timeout.spec, reader.spec, model.spec, force.spec, quiet.spec,
        ], alternatives: [[noPreprocess.spec, preprocess.spec].map(\.canonical), [layout.spec, layouts.spec].map(\.canonical)], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let plan = try plan(command)
        // An ingest that fails before writing (a reader that cannot load), or whose every page
        // failed, leaves no empty folder behind.
        let folders = NewFolders([plan.output])
        let status = try folders.removingOnFailure { try run(command, plan: plan) }
        if status != 0 { folders.removeEmpty() }
        return status
    }

    /// The ingest of `plan`, once planned.
    static func run(_ command: ParsedCommand, plan: IngestPlan) throws -> Int32 {
        let progress = Progress(total: plan.pages.count, enabled: !command[quiet] && Console.messagesAreTerminal)
        var ingest = PageReaders(executable: DesktopCommands.ownPath()).ingest(plan)
        ingest.pageEnded = { progress.advance(label: $0) }
        // A process exits without freeing its engines; a test running the command in process frees them.
        let report = try ingest.perform(keepingReaders: Console.capture == nil)
        progress.finish()
        if !command[quiet] { try summarise(report.outcomes, of: plan) }
        for outcome in report.outcomes where outcome.carriesText {
            Console.message("\(outcome.page.name): already carries text, so it was left alone (--force reads it again)")
        }
        let failures = report.outcomes.compactMap { $0.failure.map(CLIError.init) }
        for failure in failures { Console.message(failure.message) }
        return failures.first?.exitCode ?? 0
    }

    /// The plan the command line asks for, checked before any work.
    static func plan(_ command: ParsedCommand) throws -> IngestPlan {
        let pages = try PageInput.expanding(try inputs(command))
        try IngestPlan.refuseSharedStems(pages)
        var plan = IngestPlan(
            pages: pages, output: command[output] ?? "", formats: command[format] ?? [.json],
            options: try ocrOptions(command), jobs: command[jobs] ?? Processors.usable,
            force: command[force])
        if let shard = try shard(command) {
            try plan.restrict(to: shard, root: command[root] ?? ".", currentFolder: FileManager.default.currentDirectoryPath)
        }
        plan.sources = try layoutSources(command, pages: plan.pages)
        plan.pdfDrawing = PageReaders(executable: DesktopCommands.ownPath()).pdfDrawing(plan.options)
        try plan.check(extraInputs: [command[inputs]].compactMap { $0 }.filter { $0 != "-" })
        return plan
    }

    /// The one-paragraph summary on stdout.
    static func summarise(_ outcomes: [PageOutcome], of batch: IngestPlan) throws {
        let totals = Ingest.Totals(outcomes)
        let left = totals.carryingText > 0 ? ", \(totals.carryingText) already with text" : ""
        let shard = batch.shard.map { "shard \($0) of a batch of \(batch.total): " } ?? ""
        let confidence = String(format: "%.2f", totals.meanWordConfidence)
        try Console.out(
            "\(shard)ingested \(totals.pages) of \(batch.pages.count) pages (\(totals.upToDate) up to date\(left)): \(totals.lines) lines, \(totals.words) words, mean word confidence \(confidence)\n"
        )
        guard totals.pages > 0 else { return }
        try Console.out("documents in \(batch.output)/ (\(batch.formats.map(\.rawValue).joined(separator: ", ")))\n")
    }

    static func ocrOptions(_ command: ParsedCommand) throws -> OCROptions {
        var options = try PageReaders.options(
            languages: command[languages], timeout: command[timeout], reader: command[reader], model: command[model],
            executable: DesktopCommands.ownPath())
        if let psm = command[psm] { options.pageSegmentationMode = psm }
        options.dpi = command[dpi]
        if command[noPreprocess] {
            options.preprocessing = .none
            options.retryPoorPages = false
        }
        if let names = command[preprocess] {
            options.preprocessing = PreprocessingOptions(steps: Set(names.compactMap(\.step)))
            options.retryPoorPages = false
        }
        return options
    }

    /// `--layout FILE` for a single page, `--layouts DIR` to pair pages with layout files by
    /// stem; otherwise every page is recognised.
    static func layoutSources(_ command: ParsedCommand, pages: [PageInput]) throws -> [PageSource] {
        if let layout = command[layout] {
            guard pages.count == 1 else { throw CLIError.usage("--layout FILE takes exactly one page; use --layouts DIR for a batch") }
            return [.layout(path: layout)]
        }
        guard let folder = command[layouts] else { return pages.map { _ in .recognise } }
        return try IngestPlan.layoutSources(in: folder, for: pages)
    }
}

/// `--format` names the formats of ``IngestFormat``.
extension IngestFormat: OptionChoice {}

/// `--reader` names the readers of ``LineChoice``.
extension LineChoice: OptionChoice {}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension IngestCommand {
    /// `-o`.
    static let output: Option<String?> = .text("-o", "--output", placeholder: "DIR", required: true, help: "the output folder")
    /// `--inputs`.
    static let inputs: Option<String?> = .text(
        "--inputs", placeholder: "FILE", help: "read more images from FILE, one path per line (- for stdin)")
    /// `--shard`.
    static let shard: Option<String?> = .text(
        "--shard", placeholder: "K/N|auto", help: "take only shard K of N (from 0), or the scheduler's task; log to DIR/manifest/")
    /// `--shard-count`.
    static let shardCount: Option<Int?> = .integer(
        "--shard-count", placeholder: "N", range: 1...Shard.maximumCount,
        help: "with --shard auto: the whole split's count (Kubernetes, resubmitted Slurm tasks)")
    /// `--root`.
    static let root: Option<String?> = .text(
        "--root", placeholder: "DIR", help: "the folder images are sharded relative to (default: the current folder)")
    /// `--format`.
    static let format: Option<[IngestFormat]?> = .list(
        "--format", of: IngestFormat.self, help: "the files to write per page (default json)")
    /// `--jobs`.
    static let jobs: Option<Int?> = .integer(
        "--jobs", placeholder: "N", range: 1...256,
        help: "worker threads, each with its own engine (default: the cores this process may use)")
    /// `-l`.
    static let languages: Option<String?> = .text("-l", placeholder: "LANG", help: "Tesseract languages joined by + (default eng)")
    /// `--psm`.
    static let psm: Option<Int?> = .integer("--psm", placeholder: "N", range: 0...13, help: "Tesseract page segmentation mode (default 3)")
    /// `--dpi`.
    static let dpi: Option<Int?> = .integer(
        "--dpi", placeholder: "N", range: 10...2400,
        help: "resolution to assume (default: the file's, else 300), and to draw PDF pages that are not one scan at")
    /// `--no-preprocess`.
    static let noPreprocess: Option<Bool> = .flag("--no-preprocess", help: "give Tesseract the original page")
    /// `--preprocess`.
    static let preprocess: Option<[StepName]?> = .list(
        "--preprocess", of: StepName.self, help: "the preprocessing steps to run (default colour,background,deskew)")
    /// `--layout`.
    static let layout: Option<String?> = .text(
        "--layout", placeholder: "FILE", help: "import this ALTO or hOCR file instead of recognising (one image)")
    /// `--layouts`.
    static let layouts: Option<String?> = .text(
        "--layouts", placeholder: "DIR", help: "import DIR/<stem>.xml, .alto.xml, .alto, .hocr or .html for each image")
    /// `--reader`.
    static let reader: Option<LineChoice?> = .choice(
        "--reader", of: LineChoice.self,
        help:
            "which reader reads each line: auto (default: Tesseract where it is confident, else the handwriting reader), handwriting, or tesseract (Tesseract alone)"
    )
    /// `--model`.
    static let model: Option<String?> = .text(
        "--model", placeholder: "MODEL.traineddata",
        help: "also read each line with a model legible adapt made from the writer's corrections (exit 66 missing, 65 not such a model)")
    /// `--timeout`.
    static let timeout: Option<Double?> = .number(
        "--timeout", placeholder: "SECONDS", range: 0.1...86_400, help: "recognition deadline per page (default 120; exit 75)")
    /// `--force`.
    static let force: Option<Bool> = .flag(
        "--force", help: "process pages even when their outputs are up to date, and PDF pages that already carry text")
    /// `-q`.
    static let quiet: Option<Bool> = .flag("-q", "--quiet", help: "no summary and no progress bar")
}
