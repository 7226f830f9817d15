import LegibleImage
import LegibleLayout

/// Options of one recognition run. Every field that changes the output goes into
/// ``digest`` so `legible ingest` can tell whether an existing document is up to date.
public struct OCROptions: Hashable, Sendable {
    /// Tesseract languages, `+`-separated (`-l`).
    public var languages: String = "eng"
    /// Tesseract page segmentation mode (`--psm`); 3 (automatic) measured best on notebook
    /// pages (`Docs/Recognition.md`, "Measured settings": PSM 6 on raw pages is far worse).
    public var pageSegmentationMode: Int = 3
    /// Resolution to assume, dots per inch; `nil` uses the file's own, else 300.
    public var dpi: Int?
    /// Which preprocessing steps may run (`--no-preprocess` turns all off).
    public var preprocessing: PreprocessingOptions = .init()
    /// Whether a page whose first reading leaves ink outside its lines is read again other ways
    /// and the best reading kept (`Docs/Recognition.md`, "Check and retry"). On by default;
    /// choosing the steps (`--preprocess`, `--no-preprocess`) turns it off, so a chosen pipeline
    /// is exactly what runs.
    public var retryPoorPages = true
    /// Tessdata folder; `nil` uses `TESSDATA_PREFIX` or Debian's folder.
    public var dataPath: String?
    /// Seconds Tesseract may spend recognising one page (`--timeout`); the engine checks it
    /// between words. A real notebook page takes about a second; the default leaves a wide
    /// margin while still ending a pathological page (a 60-megapixel noise image) promptly.
    /// Not part of ``digest``: it bounds the work, it does not change a finished result.
    public var timeoutSeconds: Double = 120
    /// How each line's reading is chosen between Tesseract's and the handwriting reader's
    /// (`--reader`; `Docs/Recognition.md`, "Handwriting").
    public var lineChoice: LineChoice = .tesseract
    /// A model `legible adapt` made, read as one more line reader (`--model`;
    /// `Docs/Recognition.md`, "Learning the writer's hand"); nil reads without one. Its SHA-256
    /// is in ``digest``.
    public var adaptedModel: AdaptedModel?
    /// What the second line reader is, as the module that owns it names it: its code's version,
    /// then the pinned SHA-256 (lower-case hex) of each model file it loads, in the order it
    /// loads them. Set by whoever makes that reader (`PageReaders.options` in
    /// `LegibleRecognition`, from `LegibleHandwriting` and the model manifest,
    /// `Models/MANIFEST.tsv`). In ``digest`` whenever a second reader reads, so a page read with
    /// other code or other model files is read again, and no number here is raised for it
    /// (`Docs/CLI.md`, "Up to date").
    public var secondReader: [String] = []

    /// How each line's reading is chosen between Tesseract's and the second reader's: as
    /// ``lineChoice`` says, except that with an adapted model and Tesseract alone asked for, the
    /// adapted model's reading is kept wherever it read anything (`Docs/Recognition.md`,
    /// "Learning the writer's hand").
    public var secondReadingChoice: LineChoice {
        adaptedModel != nil && lineChoice == .tesseract ? .handwriting : lineChoice
    }

    /// Creates default options.
    public init() {}

    /// The version of the recognition pipeline, raised whenever the same options read a page
    /// differently, so that `ingest` does not take an older reading as up to date
    /// (`Docs/CLI.md`, "Up to date"). 3: faint strokes, grain, no retry on confidence alone;
    /// 4: words of nothing but "|" are dropped, close rows are not taken for one line read twice,
    /// a textured page's ink stops at its grain's floor, and one with no ink but its grain is
    /// read as blank.
    static let pipelineVersion = 4
    /// A short stable digest of every option that changes recognition, and of the pipeline's
    /// version.
    public var digest: String {
        let description =
            "l=\(languages);psm=\(pageSegmentationMode);dpi=\(dpi.map(String.init) ?? "auto");pre=\(preprocessing.digest);retry=\(retryPoorPages ? 1 : 0);v=\(Self.pipelineVersion)"
            // Tesseract alone keeps the digest it always had, so its documents stay up to date.
            + (lineChoice == .tesseract ? "" : ";reader=\(lineChoice.rawValue);hand=\(secondReader.joined(separator: ","))")
            + (adaptedModel.map { ";adapted=\($0.sha256)" } ?? "")
        return String(Checksum.sha256Hex(of: Array(description.utf8)).prefix(16))
    }
}

/// Preprocessing steps, each measured before being kept (see ``Preprocessor``): the default is
/// colour drop-out, background normalisation with Otsu, and deskew; rule removal stays
/// available but off. The measurements are in `Docs/Recognition.md`, "Measured settings".
public struct PreprocessingOptions: Hashable, Sendable {
    /// Background normalisation + Otsu binarisation.
    public var backgroundNormalisation = true
    /// Drop coloured rulings by reading the red channel.
    public var colourDropout = true
    /// Remove long straight rulings by morphology (off: measured worse, see above).
    public var ruleRemoval = false
    /// Rotate the page level before recognition.
    public var deskew = true
    /// Find the paper in a photograph and leave out everything outside it (`Docs/Recognition.md`,
    /// "The paper").
    public var paper = true

    /// The measured default: colour drop-out, the paper, background normalisation and deskew.
    public init() {}

    /// Every step on.
    public static let all = PreprocessingOptions(
        backgroundNormalisation: true, colourDropout: true, ruleRemoval: true, deskew: true, paper: true)

    /// Exactly the given steps.
    public init(steps: Set<PreprocessingStepKind>) {
        self.init(
            backgroundNormalisation: steps.contains(.backgroundNormalisation), colourDropout: steps.contains(.colourDropout),
            ruleRemoval: steps.contains(.ruleRemoval), deskew: steps.contains(.deskew), paper: steps.contains(.paper))
    }

    /// Every step off (`--no-preprocess`): Tesseract sees the original image.
    public static let none = PreprocessingOptions(
        backgroundNormalisation: false, colourDropout: false, ruleRemoval: false, deskew: false, paper: false)

    /// Creates a set of steps.
    public init(backgroundNormalisation: Bool, colourDropout: Bool, ruleRemoval: Bool, deskew: Bool, paper: Bool = true) {
        self.backgroundNormalisation = backgroundNormalisation
        self.colourDropout = colourDropout
        self.ruleRemoval = ruleRemoval
        self.deskew = deskew
        self.paper = paper
    }

    var digest: String {
        // The paper's step came last: a letter after the others' digits.
        [backgroundNormalisation, colourDropout, ruleRemoval, deskew].map { $0 ? "1" : "0" }.joined() + (paper ? "p" : "")
    }
}
