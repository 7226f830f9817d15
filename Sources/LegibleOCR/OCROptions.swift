import LegibleLayout

/// Options of one recognition run. Every field that changes the output goes into
/// ``digest`` so `legible ingest` can tell whether an existing document is up to date.
public struct OCROptions: Hashable, Sendable {
    /// Tesseract languages, `+`-separated (`-l`).
    public var languages: String = "eng"
    /// Tesseract page segmentation mode (`--psm`); 3 (automatic) measured best on notebook
    /// pages (field notes §3: PSM 6 on raw pages is far worse).
    public var pageSegmentationMode: Int = 3
    /// Resolution to assume, dots per inch; `nil` uses the file's own, else 300.
    public var dpi: Int?
    /// Which preprocessing steps may run (`--no-preprocess` turns all off).
    public var preprocessing: PreprocessingOptions = .init()
    /// Tessdata folder; `nil` uses `TESSDATA_PREFIX` or Debian's folder.
    public var dataPath: String?

    /// Images whose header claims more pixels than this are refused before any pixel is
    /// allocated: 60 megapixels covers an A4 page at 600 dpi (35 MP) with room to spare.
    public static let maximumPixels = 60_000_000

    /// Creates default options.
    public init() {}

    /// A short stable digest of every option that changes recognition.
    public var digest: String {
        let description = "l=\(languages);psm=\(pageSegmentationMode);dpi=\(dpi.map(String.init) ?? "auto");pre=\(preprocessing.digest);v=1"
        return String(SHA256.hex(of: Array(description.utf8)).prefix(16))
    }
}

/// Preprocessing steps, each measured on `Scans/` before being kept (see ``Preprocessor``).
///
/// Every step defaults to OFF because, measured with `legible eval` on the 15 pages of
/// `Scans/` (2026-11-29), each made the overall CER worse than giving Tesseract the original
/// colour page: none 0.234; colour+background 0.247; +rules 0.248; background only 0.250;
/// colour+background+deskew 0.289. Tesseract's own Otsu and its tolerance of 1–2° skew at
/// PSM 3 already cope with these pages. The steps stay available (`--preprocess`) for scans
/// where they help, e.g. colour+background raised word-box recall from 0.78 to 0.82.
public struct PreprocessingOptions: Hashable, Sendable {
    /// Background normalisation + Otsu binarisation.
    public var backgroundNormalisation = false
    /// Drop coloured rulings by reading the red channel.
    public var colourDropout = false
    /// Remove long straight rulings by morphology.
    public var ruleRemoval = false
    /// Rotate the page level before recognition.
    public var deskew = false

    /// The measured default: every step off (see the type's documentation).
    public init() {}

    /// Every step on.
    public static let all = PreprocessingOptions(backgroundNormalisation: true, colourDropout: true, ruleRemoval: true, deskew: true)

    /// Every step off (`--no-preprocess`): Tesseract sees the original image.
    public static let none = PreprocessingOptions(backgroundNormalisation: false, colourDropout: false, ruleRemoval: false, deskew: false)

    /// Creates a set of steps.
    public init(backgroundNormalisation: Bool, colourDropout: Bool, ruleRemoval: Bool, deskew: Bool) {
        self.backgroundNormalisation = backgroundNormalisation
        self.colourDropout = colourDropout
        self.ruleRemoval = ruleRemoval
        self.deskew = deskew
    }

    var digest: String {
        [backgroundNormalisation, colourDropout, ruleRemoval, deskew].map { $0 ? "1" : "0" }.joined()
    }
}
