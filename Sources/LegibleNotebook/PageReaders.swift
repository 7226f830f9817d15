import Foundation
import LegibleCommandLine
import LegibleHandwriting
import LegibleIngest
import LegibleOCR
import LegiblePDFInput

extension LineChoice: OptionChoice {}

/// The page readers that `ingest` and `pdf` recognise with (`Docs/Recognition.md`,
/// "Handwriting"): Tesseract, and with `--reader handwriting|auto` the handwriting reader beside
/// it, one of each per worker; and how both read PDF pages.
enum Readers {
    /// A recogniser for `options`, with the handwriting reader when `options.lineChoice` asks
    /// for it, for one of `workers` workers: the cores the workers leave run the model's
    /// operators (``modelThreads(workers:)``). Its files missing or altered is a missing
    /// dependency (69), named in one line.
    static func recogniser(_ options: OCROptions, workers: Int) throws -> Recogniser {
        let recogniser = try Recogniser(options: options)
        guard options.lineChoice != .tesseract else { return recogniser }
        let folder = HandwritingModel.Files.defaultFolder(
            executable: DesktopCommands.ownPath(), environment: ProcessInfo.processInfo.environment)
        do {
            let model = try HandwritingModel(files: HandwritingModel.Files(folder: folder), threads: modelThreads(workers: workers))
            let words = try wordList(forLanguages: options.languages)
            recogniser.lineReader = HandwritingLineReader(model: model, words: words)
        } catch {
            // A model file or a word list: each failure is one line naming the file.
            throw CLIError(code: 69, message: String(describing: error))
        }
        return recogniser
    }

    /// Threads for each worker's handwriting model: the cores shared among `workers`, at least
    /// one. With one worker on two cores, the model's second thread took the five English
    /// letters from 7.3 s to 5.9 s (`Docs/Recognition.md`, "Handwriting"); with a worker a core,
    /// more threads would only contend.
    static func modelThreads(workers: Int) -> Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / max(workers, 1))
    }

    /// An ingest of `plan` whose workers each make their recogniser for the plan's options
    /// (``recogniser(_:workers:)``), as `ingest` and `pdf` run it.
    static func ingest(_ plan: IngestPlan) -> Ingest {
        Ingest(plan: plan, makeReader: { [options = plan.options, workers = plan.workers] in try recogniser(options, workers: workers) })
    }

    /// The word list for `languages`, read once per process and shared by every worker's
    /// reader (a trie is a value; `wfrench` alone is 346,000 words). Nil for languages without one.
    static func wordList(forLanguages languages: String) throws(WordList.LoadFailure) -> WordList? {
        let paths = WordList.debianPaths(forLanguages: languages)
        guard !paths.isEmpty else { return nil }
        wordListsLock.lock()
        defer { wordListsLock.unlock() }
        if let known = wordLists[languages] { return known }
        let list = try WordList.load(paths: paths)
        wordLists[languages] = list
        return list
    }

    private static let wordListsLock = NSLock()
    nonisolated(unsafe) private static var wordLists: [String: WordList] = [:]

    /// PDF pages are read by this executable again, one process a page, bounded in memory and
    /// by the page's deadline (`Docs/PDF.md`, "Bounds on reading a page").
    static func pdfDrawing(_ options: OCROptions) -> PageDrawing {
        .isolated(executable: DesktopCommands.ownPath(), limits: DrawingLimits(seconds: options.timeoutSeconds))
    }
}
