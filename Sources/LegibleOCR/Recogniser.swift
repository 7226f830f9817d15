import Foundation
import LegibleImage
import LegibleLayout
import LegibleLines
import LegibleSystem

/// Reads notebook page images into page layouts: load (Leptonica) → preprocess → Tesseract LSTM
/// → walk the result → Swift values. Every C object is freed before a call returns.
///
/// One recogniser owns one Tesseract engine, which is not thread-safe: create one per worker
/// thread (`legible ingest --jobs N` does). It is `Sendable` so it can be handed to the thread
/// that will use it; it must not be used from two threads at once.
public final class Recogniser: @unchecked Sendable {
    /// The options every page is read with.
    public let options: OCROptions
    /// A folder where each page's preprocessed image (what Tesseract is given) is written as
    /// `<stem>.pre.png`, for inspecting preprocessing; `nil` writes nothing.
    public let preprocessedImageFolder: String?
    private let loader: EngineLoader
    /// A second reader of each line, whose reading is chosen against Tesseract's as
    /// ``OCROptions/lineChoice`` says (`Docs/Recognition.md`, "Handwriting"); nil reads with
    /// Tesseract alone.
    public var lineReader: (any LineReader)?
    /// A text detector whose lines are one more reading of a poor page (``ReadingStrategy/detectedLines``,
    /// `Docs/Recognition.md`, "Detected lines"); nil tries none.
    public var lineDetector: (any LineDetector)?
    /// The engine, waited for: it loads while the first page is prepared.
    var api: TesseractAPI { get throws { try loader.engine() } }

    /// Checks the language data for `options.languages` and starts loading the engine on a
    /// thread of its own (``EngineLoader``); recognition waits for it.
    /// - Throws: ``OCRError/languageDataMissing(language:searched:)`` when a language's
    ///   `.traineddata` is not installed, ``OCRError/languageDataCorrupt(language:path:reason:)``
    ///   when it is not a model. An engine that then fails to initialise throws
    ///   ``OCRError/engine(function:detail:)`` from each `recognise` call instead.
    public init(options: OCROptions = OCROptions(), preprocessedImageFolder: String? = nil) throws {
        self.options = options
        self.preprocessedImageFolder = preprocessedImageFolder
        Leptonica.silence()
        let folder = options.dataPath ?? Self.defaultDataFolder()
        var firstModel: String?
        for language in options.languages.split(separator: "+").map(String.init) {
            let path = (folder as NSString).appendingPathComponent("\(language).traineddata")
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw OCRError.languageDataMissing(language: language, searched: path)
            }
            if let problem = TrainedDataCheck.problem(atPath: path) {
                throw OCRError.languageDataCorrupt(language: language, path: path, reason: problem)
            }
            if firstModel == nil { firstModel = path }
        }
        loader = EngineLoader(dataPath: folder, languages: options.languages, model: firstModel)
    }

    /// Waits until the engine thread has finished (the engine loaded, or failed to, and the
    /// model hashed), and the second line reader, when it is being made late. A process must
    /// not exit while they run: exit frees libcrypto's and libtesseract's globals under them,
    /// and ThreadSanitizer caught a page that failed at once exiting while the model was being
    /// hashed, which crashed in libcrypto.
    public func finishLoading() {
        _ = loader.modelSHA256()
        lineReader?.finishLoading()
    }

    /// A recogniser dropped while its engine loads waits for the engine thread, so no thread of
    /// it outlives it and runs on into the process's exit.
    deinit {
        finishLoading()
    }

    /// The version of the Tesseract library linked, such as "5.3.0".
    public static var tesseractVersion: String { TesseractAPI.version }

    /// `TESSDATA_PREFIX` (the folder itself or its parent) or Debian's tessdata folder
    /// (``TesseractData/folder()``).
    public static func defaultDataFolder() -> String { TesseractData.folder() }

    /// Recognises the image file at `path` (PNG, JPEG or TIFF).
    /// - Throws: ``OCRError`` (missing file 66, unreadable or oversized image 65, engine 70).
    public func recognise(imageAt path: String) throws -> PageLayout {
        guard FileManager.default.fileExists(atPath: path) else { throw ImageError.missingInput(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageError.missingInput(path: path) }
        return try recognise(imageData: data, path: path)
    }

    /// Recognises image bytes; `path` names the image in errors and in the document. A poor
    /// first reading is retried other ways and the best kept (``OCROptions/retryPoorPages``).
    /// `sha256` is the bytes' SHA-256 when the caller has it already (lower-case hex).
    public func recognise(imageData data: Data, path: String, sha256: String? = nil) throws -> PageLayout {
        try recogniseChecked(imageData: data, path: path, sha256: sha256).layout
    }

    /// ``recognise(imageData:path:sha256:)``, with what its check measured and chose as values;
    /// the check is nil when the options chose the pipeline (no check ran).
    func recogniseChecked(imageData data: Data, path: String, sha256: String? = nil) throws -> (
        layout: PageLayout, check: RecognitionCheck?
    ) {
        pageEnd = Date(timeIntervalSinceNow: options.timeoutSeconds)
        let first = try firstReading(data, path: path)
        let (readings, best, reference) = try retried(first, data: data, path: path)
        let checked = reference != nil
        let kept = readings[best]
        var steps = kept.steps + (checked ? [Self.checkStep(readings, kept: kept)] : [])
        var keptLines = kept.lines
        if readsAgain, let reference {
            let size = (first.width, first.height)
            let mended = try mendingGaps(
                kept.lines, reference: reference, prepared: first.prepared, size: size, resolution: first.resolution, path: path)
            (keptLines, steps) = (mended.lines, steps + [mended.step])
        }
        let engine = EngineInfo(
            name: "tesseract", version: TesseractAPI.version, languages: options.languages,
            pageSegmentationMode: kept.strategy.pageSegmentationMode(configured: options.pageSegmentationMode),
            modelSHA256: loader.modelSHA256(),
            optionsDigest: options.digest)
        let pageImage = PageImage(
            file: (path as NSString).lastPathComponent, width: first.width, height: first.height,
            sha256: sha256 ?? Checksum.sha256Hex(of: data), dpi: first.resolution,
            orientation: first.header.orientation == 1 ? nil : first.header.orientation)
        // Taken out of the first reading here, so that its prepared page is freed before the
        // second reading.
        let (ink, rotation) = (first.prepared.pageInk, first.prepared.rotationDegrees)
        let grey = first.grey.map { GreyImage(width: first.width, height: first.height, pixels: $0) }
        let second = try readAgain(keptLines, grey: grey, data: data, path: path)
        var lines = second.lines.filter { !$0.words.isEmpty }
        if let step = second.step { steps.append(step) }
        if kept.strategy == .detectedLines { lines = Self.withLayoutGeometry(lines, layout: readings[0].lines) }
        let layout = PageLayout.assemble(ParagraphGrouping.group(lines), image: pageImage, engine: engine, preprocessing: steps)
        let check = checked ? RecognitionCheck(readings, kept: kept) : nil
        guard let reader = lineReader, readsAgain else { return (layout, check) }
        let finished = try reader.finish(layout) {
            // The first reading's ink, when it kept it; else the page is prepared again.
            if let ink { return try PageInk.mask(ink, rotationDegrees: rotation, path: path) }
            return try PageInk.mask(imageData: data, path: path)
        }
        return (finished, check)
    }

    /// `lines` each read again by the second line reader, when there is one, on the page in
    /// `grey` (decoded again from `data` when not given), and the reading kept as its choice
    /// says, noise and the other side's writing dropped; each kept line names its reader. With
    /// the step that records how many lines were seen through the paper, when lines were read
    /// again.
    func readAgain(
        _ lines: [RecognisedLine], grey: GreyImage?, data: Data, path: String
    ) throws -> (lines: [RecognisedLine], step: PreprocessingStep?) {
        guard let reader = lineReader, readsAgain, !lines.isEmpty else { return (lines, nil) }
        let choice = options.secondReadingChoice
        let page = try grey ?? ImageFile.greyImage(data: data, path: path)
        let second: [SecondReading]
        do {
            second = try reader.read(lines, page: page, until: pageEnd)
        } catch is LineReaderTimeout {
            throw OCRError.timedOut(path: path, seconds: options.timeoutSeconds)
        }
        let kept = zip(lines, second).compactMap { line, reading in
            var first = line
            first.reader = .tesseract
            return choice.choose(first, reading)
        }
        let seen = second.filter { $0 == .seenThrough }.count
        let detail =
            seen > 0
            ? "\(seen) of the \(lines.count) lines read again read surer turned over: the other side's writing, seen through the paper, left out"
            : "none of the \(lines.count) lines read again is the other side's writing seen through the paper"
        let step = PreprocessingStep(.showThrough, applied: seen > 0, detail: detail)
        return (kept, step)
    }

    /// The configured reading of a page, and what the retries need of it.
    struct FirstReading {
        var header: ImageHeader
        /// The displayed image's size, px.
        var width: Int
        var height: Int
        /// Dots per inch, as given, from the file, or 300.
        var resolution: Int
        var reading: Reading
        var prepared: Preprocessor.Result
        /// The page in grey (`width × height`, row-major), kept for a second line reader; nil
        /// without one.
        var grey: [UInt8]?
    }

    /// When the page being read must be done: `--timeout` after its reading began. Every
    /// reading of the page, Tesseract's retries and the second line reader included, shares it
    /// (`Docs/Hardening.md`, "Bounds that bound").
    var pageEnd = Date.distantFuture

    /// The seconds left until ``pageEnd``, at least a millisecond, so that a call made past it
    /// stops at its first check.
    var remainingSeconds: Double { max(0.001, pageEnd.timeIntervalSinceNow) }

    /// Whether a second line reader reads the lines again (``OCROptions/lineChoice``).
    var readsAgain: Bool { lineReader != nil && options.secondReadingChoice != .tesseract }

    /// Decodes and reads the page the configured way. The decoded image is released before
    /// this returns, and only a retry that prepares the page anew (rule removal, the original
    /// page) decodes it again: the retries that read the prepared page (half size, one column,
    /// the lines found in the ink) run without it (a 2500 × 3242 photo is 32 MB decoded).
    /// The longest side, in pixels, of a page Tesseract can read.
    public static let maximumSide = 32_767

    func firstReading(_ data: Data, path: String) throws -> FirstReading {
        let (header, image) = try ImageFile.decoded(data, path: path)
        // Tesseract keeps coordinates in 16 bits and fails a wider page with no reason given
        // (`Docs/Hardening.md`, "Messages and exit codes").
        guard image.width <= Self.maximumSide, image.height <= Self.maximumSide else {
            throw ImageError.unreadableImage(
                path: path,
                reason: "it is \(image.width)×\(image.height) pixels; Tesseract reads pages of at most \(Self.maximumSide) pixels a side")
        }
        let resolution = options.dpi ?? (image.resolution > 0 ? image.resolution : 300)
        let (reading, prepared) = try read(image, .standard, resolution: resolution, path: path)
        return FirstReading(
            header: header, width: image.width, height: image.height, resolution: resolution, reading: reading, prepared: prepared,
            grey: readsAgain ? Leptonica.greyPixels(image) : nil)
    }

    /// Every reading made, the first one first, the index of the best, and the ink the check
    /// measured them against (nil when it did not run).
    func retried(_ first: FirstReading, data: Data, path: String) throws -> ([Reading], Int, Reference?) {
        var readings = [first.reading]
        guard options.retryPoorPages, let binary = first.prepared.binary,
            let reference = Reference(
                standard: binary, textured: first.prepared.textured, rotationDegrees: first.prepared.rotationDegrees, width: first.width,
                height: first.height)
        else { return (readings, 0, nil) }
        readings[0].coverage = reference.coverage(of: first.reading.lines)
        var best = 0  // The first reading wins ties: it is the configured one.
        var original: PixImage?
        // Every page is read along the detector's lines too, and they are kept before the
        // layout's when they hold as much of its ink, less a little (`Docs/Recognition.md`,
        // "Detected lines"). So a page reads empty only when it has no writing: where the layout
        // found no line, the detector's reading is kept if it has one.
        if lineDetector != nil {
            var next = try readDetectedLines(first, data: data, path: path)
            next.coverage = reference.coverage(of: next.lines)
            readings.append(next)
            if next.preferred(over: readings[0]) { best = 1 }
        }
        for strategy in Self.alternatives(after: readings[0], options: options.preprocessing, detecting: lineDetector != nil)
        where !readings[best].isGood && !readings.contains(where: { $0.strategy == strategy }) {
            let size = (first.width, first.height)
            var next: Reading
            switch strategy {
            case .foundLines:
                next = try readFoundLines(first.prepared, reference: reference, size: size, resolution: first.resolution, path: path)
            case .detectedLines:
                next = try readDetectedLines(first, data: data, path: path)
            case .halfSize, .singleColumn:
                next = try read(first.prepared, strategy, size: size, resolution: first.resolution, path: path)
            case .standard, .ruleRemoval, .original:
                let image = try original ?? ImageFile.decoded(data, path: path).1
                original = image
                next = try read(image, strategy, resolution: first.resolution, path: path).reading
            }
            next.coverage = reference.coverage(of: next.lines)
            readings.append(next)
            if next.replaces(readings[best]) { best = readings.count - 1 }
        }
        return (readings, best, reference)
    }

    /// One reading of `image` by a strategy that prepares its own page (the standard
    /// preprocessing, rule removal, the original page), with the page it prepared; coverage not
    /// yet measured.
    func read(_ image: PixImage, _ strategy: ReadingStrategy, resolution: Int, path: String) throws -> (
        reading: Reading, prepared: Preprocessor.Result
    ) {
        var preprocessing = options.preprocessing
        if strategy == .ruleRemoval { preprocessing.ruleRemoval = true }
        if strategy == .original { preprocessing = .none }
        var preprocessor = Preprocessor(options: preprocessing)
        preprocessor.keepsPageInk = strategy == .standard && readsAgain
        let prepared = try preprocessor.run(image)
        if strategy == .standard, let folder = preprocessedImageFolder {
            Leptonica.writePNG(prepared.image, to: "\(folder)/\(ImageFile.stem(of: path)).pre.png")
        }
        return (try read(prepared, strategy, size: (image.width, image.height), resolution: resolution, path: path), prepared)
    }

    /// One reading by `strategy` of a page already prepared; `size` is the original image's.
    /// Half size and one column read the page the first reading prepared, rather than
    /// decoding and preparing it again.
    func read(
        _ prepared: Preprocessor.Result, _ strategy: ReadingStrategy, size: (width: Int, height: Int), resolution: Int, path: String
    ) throws -> Reading {
        var image = prepared.image
        var steps = prepared.steps
        var scale = 1.0
        if strategy == .halfSize, let half = Leptonica.halfSizeGrey(image) {
            (image, scale) = (half, 2)
            steps.append(PreprocessingStep(.scale, applied: true, detail: "read at half size: the writing is large"))
        }
        let raw = try recognise(image, strategy, resolution: Int(Double(resolution) / scale), path: path)
        let mapping = RotationMapping(degrees: prepared.rotationDegrees, width: size.width, height: size.height, scale: scale)
        let lines = raw.compactMap { Self.recognisedLine($0, mapping: mapping, width: size.width, height: size.height) }
        return Self.reading(strategy, lines: lines, steps: steps)
    }

    /// Tesseract's lines for `image` read the way `strategy` reads (its page segmentation
    /// mode), the whole image or each of `rectangles`, within the page deadline.
    /// - Throws: ``OCRError/timedOut(path:seconds:)`` past the deadline.
    func recognise(_ image: PixImage, _ strategy: ReadingStrategy, resolution: Int, path: String, rectangles: [PixelBox] = []) throws
        -> [RawLine]
    {
        do {
            return try api.recognise(
                image, resolution: resolution,
                pageSegmentationMode: strategy.pageSegmentationMode(configured: options.pageSegmentationMode),
                deadline: remainingSeconds, rectangles: rectangles)
        } catch is RecogniseTimeout {
            throw OCRError.timedOut(path: path, seconds: options.timeoutSeconds)
        }
    }

    /// A reading of `lines` by `strategy`, its lines repaired (``LineRepair``), its coverage
    /// not yet measured.
    static func reading(_ strategy: ReadingStrategy, lines: [RecognisedLine], steps: [PreprocessingStep]) -> Reading {
        let repair = LineRepair.repaired(lines)
        return Reading(
            strategy: strategy, lines: repair.lines, steps: steps + [repair.step], coverage: 1, confidence: meanConfidence(repair.lines))
    }

    /// Converts a raw line: drops rule-line blocks and empty words (ruling comes back as lines
    /// with empty text and a bogus confidence of 95, `Docs/Platform.md`, "C library pitfalls"), maps boxes back to
    /// the original image, clips them to it, and validates glyph boxes.
    static func recognisedLine(_ raw: RawLine, mapping: RotationMapping, width: Int, height: Int) -> RecognisedLine? {
        guard !raw.isRuleBlock else { return nil }
        func original(_ box: PixelBox) -> PixelBox {
            mapping.toOriginal(box).clipped(toWidth: Double(width), height: Double(height))
        }
        let words = raw.words.compactMap { word -> RecognisedWord? in
            let text = word.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            let box = original(word.box)
            let symbols = word.symbols.map { RawSymbol(text: $0.text, box: original($0.box)) }
            return RecognisedWord(
                text: text, box: box, confidence: RecognisedConfidence.rounded(word.confidence),
                glyphs: GlyphBoxes.validated(symbols, wordText: text, wordBox: box))
        }
        guard let box = PixelBox.enclosing(words.map(\.box)) else { return nil }
        let baseline = raw.baseline.map { [mapping.toOriginal($0.0), mapping.toOriginal($0.1)] }
        return RecognisedLine(words: words, box: box, baseline: baseline, confidence: RecognisedConfidence.rounded(raw.confidence))
    }
}

/// SHA-256 of each language model, computed once per process: every worker's engine records
/// it, and hashing the 4 MB model again for each `--jobs` worker was repeated work.
/// Sendable by its lock, which guards the table (`Mutex` would let the compiler check it, but
/// needs macOS 15, and the package supports 13).
final class ModelHashes: @unchecked Sendable {
    static let shared = ModelHashes()
    private var hashes: [String: String] = [:]
    private let lock = NSLock()

    func hash(ofFileAt path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let known = hashes[path] { return known }
        let computed = Checksum.sha256Hex(ofFileAt: path)
        hashes[path] = computed
        return computed
    }
}
