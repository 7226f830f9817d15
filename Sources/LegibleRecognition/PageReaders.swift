import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleIngest
import LegibleNotebook
import LegibleOCR
import LegiblePDFInput

/// The page readers that `ingest` and `pdf` recognise with (`Docs/Recognition.md`,
/// "Handwriting"): Tesseract, and with `--reader handwriting|auto` the handwriting reader beside
/// it, one of each per worker; and how both read PDF pages. `executable` is the `legible`
/// executable: the handwriting model is looked for beside it, and PDF pages are read by it
/// again, in a bounded process of their own.
public struct PageReaders: Sendable {
    /// The `legible` executable's path.
    public var executable: String

    /// Readers for the `legible` at `executable`.
    public init(executable: String) {
        self.executable = executable
    }

    /// Recognition's options as `ingest` and `pdf` take them: the defaults, with the languages
    /// (`-l`), the page deadline in seconds and the line reader given, `auto` when none is (the
    /// handwriting reader beside Tesseract; `Docs/Recognition.md`, "Handwriting"; the library's
    /// own ``OCROptions`` default stays Tesseract alone, as a bare ``Recogniser`` has no second
    /// reader to choose from). Languages must be names
    /// joined by `+` (letters, digits, `_`, `-`), since each becomes a file name in Tesseract's
    /// data folder; anything else is a usage error.
    /// A `model` that `legible adapt` made is read as one more line reader, once `executable`
    /// (this `legible`) has tried it in a bounded process of its own (``AdaptedModel/tried(executable:)``);
    /// one that is missing is `missingInput`, one that is not such a model, or that the trial
    /// could not load, `badData` (`Docs/Recognition.md`, "Learning the writer's hand";
    /// `Docs/Hardening.md`, "Models that crash Tesseract").
    public static func options(
        languages: String?, timeout: Double?, reader: LineChoice?, model: String? = nil, executable: String
    ) throws -> OCROptions {
        var options = OCROptions()
        if let model {
            do {
                let adapted = try AdaptedModel(path: model)
                try adapted.tried(executable: executable)
                options.adaptedModel = adapted
            } catch {
                throw NotebookError(error.missing ? .missingInput : .badData, error.description)
            }
        }
        if let languages {
            let names = languages.split(separator: "+", omittingEmptySubsequences: false)
            guard
                names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
            else {
                throw NotebookError(.usage, "-l takes language names joined by +, such as eng or eng+deu; got \"\(languages)\"")
            }
            options.languages = languages
        }
        if let timeout { options.timeoutSeconds = timeout }
        options.lineChoice = reader ?? .auto
        if options.lineChoice != .tesseract {
            options.secondReader = HandwritingModel.Files.identity(layer: lastLayer(options, network: options.adaptedModel?.network != nil))
        }
        return options
    }

    /// The last layer the handwriting reader reads with: a writer's network is read over the
    /// layer it was trained from, whatever the languages (`Docs/Learning.md`, "Reading with a
    /// writer's network"); else the French hand head where it reads
    /// (``HandwritingModel/handHeadReads(_:)``) and no writer's head from an adapted model's
    /// record takes its place (`Docs/Recognition.md`, "A French hand").
    public static func lastLayer(_ options: OCROptions, network: Bool) -> HandwritingModel.LastLayer {
        if network { return options.adaptedModel?.networkStart == .frenchHand ? .frenchHand : .own }
        let french = HandwritingModel.handHeadReads(options.languages) && options.adaptedModel?.head == nil
        return options.lineChoice != .tesseract && french ? .frenchHand : .own
    }

    /// A recogniser for `options`, with the handwriting reader when `options.lineChoice` asks
    /// for it, for one of `workers` workers: the cores the workers leave run the model's
    /// operators (``modelThreads(workers:)``). Its files missing or altered is a missing
    /// dependency (69), named in one line.
    ///
    /// The text detector loads now; the handwriting reader's network is made late, once the
    /// first page's lines are found (``PendingLineReader``, `Docs/Recognition.md`, "Speed and
    /// memory"), its files checked now. A writer's model is loaded now, whole: whether its
    /// network fits the pinned reader is known only by writing it into the model's bytes, and
    /// a misfit must be refused (65) before any page is read.
    public func recogniser(_ options: OCROptions, workers: Int) throws -> Recogniser {
        let recogniser = try Recogniser(options: options)
        guard options.lineChoice != .tesseract else { return try withAdaptedReader(recogniser, options, hand: nil) }
        let detector = try textDetector(workers: workers)
        recogniser.lineDetector = detector
        let hand: any LineReader
        if options.adaptedModel == nil {
            hand = try pendingHandwritingReader(options, beside: detector, workers: workers)
        } else {
            hand = try handwritingReader(options, beside: detector, workers: workers)
        }
        return try withAdaptedReader(recogniser, options, hand: hand)
    }

    /// `recogniser` with its line reader: `hand`, or beside it the adapted Tesseract model, which
    /// reads again only where `adapt` measured it the better reader (`Docs/Learning.md`,
    /// "Reading again with the Tesseract model").
    func withAdaptedReader(_ recogniser: Recogniser, _ options: OCROptions, hand: (any LineReader)?) throws -> Recogniser {
        guard let model = options.adaptedModel, hand == nil || model.readsBesideHandwriting else {
            recogniser.lineReader = hand
            return recogniser
        }
        recogniser.lineReader = try AdaptedLineReader(model: model, alongside: hand, deadline: options.timeoutSeconds)
        return recogniser
    }

    /// The text detector (`Docs/Recognition.md`, "Detected lines"), with ONNX Runtime's
    /// library, each checked. Either missing or altered is a missing dependency (69).
    func textDetector(workers: Int) throws -> TextDetector {
        do {
            return try TextDetector(files: handwritingFiles, threads: Self.modelThreads(workers: workers))
        } catch {
            throw NotebookError(.missingDependency, error.description)
        }
    }

    /// The handwriting reader's files, in the folder the executable finds them in.
    var handwritingFiles: HandwritingModel.Files {
        HandwritingModel.Files(
            folder: HandwritingModel.Files.defaultFolder(executable: executable, environment: ProcessInfo.processInfo.environment))
    }

    /// The handwriting reader for `options` without a writer's model, made late beside
    /// `detector`: its files and word list are checked now, its network made and its word list
    /// built once the first page's lines are found (a French list's trie took 85 ms before
    /// the first page, and 12 MB beside the detector).
    func pendingHandwritingReader(_ options: OCROptions, beside detector: TextDetector, workers: Int) throws -> any LineReader {
        let (files, layer, threads) = (handwritingFiles, Self.lastLayer(options, network: false), Self.modelThreads(workers: workers))
        let languages = options.languages
        let words: WordList.Source?
        do {
            try HandwritingModel.check(files: files, layer: layer)
            words = try Self.wordListSource(forLanguages: languages)
        } catch {
            throw NotebookError(.missingDependency, String(describing: error))
        }
        // The loading thread reads only the detector's checked library, which never changes;
        // the detector itself stays on this worker's thread.
        nonisolated(unsafe) let detector = detector
        return PendingLineReader(name: .handwriting) {
            do {
                let model = try HandwritingModel(files: files, beside: detector, threads: threads, layer: layer)
                return HandwritingLineReader(model: model, words: words.map { Self.wordList(forLanguages: languages, from: $0) })
            } catch {
                throw NotebookError(.missingDependency, String(describing: error))
            }
        }
    }

    /// The handwriting reader for `options` (a writer's model among them), loaded now beside
    /// `detector`.
    func handwritingReader(_ options: OCROptions, beside detector: TextDetector, workers: Int) throws -> HandwritingLineReader {
        do {
            let network = try Self.network(of: options.adaptedModel)
            let layer = Self.lastLayer(options, network: network != nil)
            let model = try HandwritingModel(
                files: handwritingFiles, beside: detector, threads: Self.modelThreads(workers: workers),
                features: options.adaptedModel?.head != nil, layer: layer, network: network)
            var words = try Self.wordList(forLanguages: options.languages)
            if let taught = options.adaptedModel?.words, !taught.isEmpty {
                words = (words ?? WordList(words: [])).adding(taught)
            }
            if let bytes = options.adaptedModel?.head {
                // Checked before any page is read: a record's head that is not one for this
                // model's classes is a bad model, not a missing dependency.
                guard let head = WriterHead(bytes: bytes), head.classes == model.latinClasses().indices,
                    head.features == WriterHead.modelFeatures
                else {
                    throw NotebookError(
                        .badData, "\(options.adaptedModel?.path ?? ""): its record's head does not fit the handwriting model")
                }
                model.head = head
            }
            return HandwritingLineReader(model: model, words: words)
        } catch let error as NotebookError {
            throw error
        } catch let error as HandwritingModel.LoadFailure where error.badModel {
            throw NotebookError(.badData, "\(options.adaptedModel?.path ?? ""): \(error.description)")
        } catch {
            // A model file or a word list: each failure is one line naming the file.
            throw NotebookError(.missingDependency, String(describing: error))
        }
    }

    /// The writer's network of `adapted`, when its record keeps one; refused (65) when its
    /// bytes, which matched the record, are not a network file.
    static func network(of adapted: AdaptedModel?) throws -> NetworkWeights? {
        guard let adapted, let bytes = adapted.network else { return nil }
        guard let network = NetworkWeights(bytes: bytes) else {
            throw NotebookError(.badData, "\(AdaptedModel.networkPath(for: adapted.path)): is not a writer's network")
        }
        return network
    }

    /// Where `Tools/install-dependencies` puts the start model `legible adapt` fine-tunes
    /// (tessdata_best's float `fra`): beside the handwriting reader's files.
    public var startModel: String {
        HandwritingModel.Files.defaultFolder(executable: executable, environment: ProcessInfo.processInfo.environment)
            + "/tessdata-best-fra.traineddata"
    }

    /// Threads for each worker's handwriting model: the cores shared among `workers`, at least
    /// one. With one worker on two cores, the model's second thread took the five English
    /// letters from 7.3 s to 5.9 s (`Docs/Recognition.md`, "Handwriting"); with a worker a core,
    /// more threads would only contend.
    public static func modelThreads(workers: Int) -> Int {
        max(1, Processors.usable / max(workers, 1))
    }

    /// An ingest of `plan` whose workers each make their recogniser for the plan's options
    /// (``recogniser(_:workers:)``), as `ingest` and `pdf` run it.
    public func ingest(_ plan: IngestPlan) -> Ingest {
        Ingest(
            plan: plan, makeReader: { [self, options = plan.options, workers = plan.workers] in try recogniser(options, workers: workers) })
    }

    /// The word list for `languages`, read once per process and shared by every worker's
    /// reader (a trie is a value; `wfrench` alone is 346,000 words). Nil for languages without one.
    public static func wordList(forLanguages languages: String) throws(WordList.LoadFailure) -> WordList? {
        try wordListSource(forLanguages: languages).map { wordList(forLanguages: languages, from: $0) }
    }

    /// The files of the word list for `languages`, read and checked; nil for languages without
    /// one.
    static func wordListSource(forLanguages languages: String) throws(WordList.LoadFailure) -> WordList.Source? {
        let paths = WordList.debianPaths(forLanguages: languages)
        return paths.isEmpty ? nil : try WordList.read(paths: paths)
    }

    /// The word list for `languages` made from `source` once per process, and shared.
    static func wordList(forLanguages languages: String, from source: WordList.Source) -> WordList {
        wordListsLock.lock()
        defer { wordListsLock.unlock() }
        if let known = wordLists[languages] { return known }
        let list = WordList(source)
        wordLists[languages] = list
        return list
    }

    private static let wordListsLock = NSLock()
    nonisolated(unsafe) private static var wordLists: [String: WordList] = [:]

    /// PDF pages are read by this executable again, one process a page, bounded in memory and
    /// by the page's deadline (`Docs/PDF.md`, "Bounds on reading a page").
    public func pdfDrawing(_ options: OCROptions) -> PageDrawing {
        .isolated(executable: executable, limits: DrawingLimits(seconds: options.timeoutSeconds))
    }

    /// Recognises `pages` into page documents in `folder`, as `legible ingest` would with
    /// `options`, and returns them in input order, in hand for the PDF (`PDFExport.Page`). The
    /// first failure stops it, and so does a PDF page that already carries text, unless
    /// `force`. `keepingReaders`: whether the engines are kept to the process's end rather than
    /// freed (`Docs/Recognition.md`, "Speed and memory").
    public func ingestForPDF(
        _ pages: [PageInput], into folder: String, options: OCROptions, jobs: Int, force: Bool, keepingReaders: Bool
    ) throws -> [PDFExport.Page] {
        var plan = IngestPlan(pages: pages, output: folder, options: options, jobs: jobs, force: force)
        plan.pdfDrawing = pdfDrawing(options)
        try plan.check()
        let report = try ingest(plan).perform(keepingReaders: keepingReaders)
        if let failure = report.outcomes.compactMap(\.failure).first { throw failure }
        if let page = report.outcomes.first(where: \.carriesText)?.page {
            throw NotebookError(.badData, "\(page.name): already carries text; give --force to recognise it again")
        }
        return report.outcomes.compactMap { PDFExport.Page.ingested($0, plan: plan) }
    }
}
