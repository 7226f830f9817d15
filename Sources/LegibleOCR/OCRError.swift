/// Why recognising an image failed. Each case maps to a documented exit code (sysexits,
/// the README's exit-code table) and each description is one line for stderr.
public enum OCRError: Error, Equatable, CustomStringConvertible {
    /// The image file does not exist or cannot be opened (exit 66).
    case missingInput(path: String)
    /// The bytes are empty, truncated or not a PNG/JPEG/TIFF image (exit 65).
    case unreadableImage(path: String, reason: String)
    /// The header claims more pixels than ``OCROptions/maximumPixels`` (exit 65).
    case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
    /// A TIFF holds several pages; each must be its own image file (exit 65).
    case multiPageImage(path: String, pages: Int)
    /// Recognition did not finish within the page deadline, in seconds (exit 75).
    case timedOut(path: String, seconds: Double)
    /// A language's `.traineddata` is not installed (exit 69).
    case languageDataMissing(language: String, searched: String)
    /// A language's `.traineddata` exists but is not a Tesseract model (exit 69).
    case languageDataCorrupt(language: String, path: String, reason: String)
    /// A Tesseract or Leptonica call failed; `function` names it (exit 70).
    case engine(function: String, detail: String)

    public var description: String {
        switch self {
        case .missingInput(let path): return "\(path): no such file"
        case .unreadableImage(let path, let reason): return "\(path): not a readable image (\(reason))"
        case .imageTooLarge(let path, let width, let height, let limit):
            return "\(path): image is \(width)×\(height) pixels, above the limit of \(limit) pixels"
        case .multiPageImage(let path, let pages):
            // The page chain is followed only so far: a count that reached the limit is a floor.
            let count = pages >= ImageMetadata.maximumPages ? "at least \(pages) pages" : "\(pages) pages"
            return "\(path): a multi-page TIFF (\(count)); legible reads one page per image file, so split it first (tiffsplit)"
        case .timedOut(let path, let seconds):
            return "\(path): recognition stopped after the \(Self.format(seconds)) s page deadline (raise it with --timeout)"
        case .languageDataMissing(let language, let searched):
            return "language data for \"\(language)\" is not installed (looked for \(searched)); install tesseract-ocr-\(language)"
        case .languageDataCorrupt(let language, let path, let reason):
            return "language data for \"\(language)\" at \(path) is damaged (\(reason)); reinstall tesseract-ocr-\(language)"
        case .engine(let function, let detail): return "OCR engine error in \(function): \(detail)"
        }
    }

    /// This error naming its image `name` instead of the path it was read as: a PDF page's
    /// image is read under the path it will be kept at, which a failed page never writes, so
    /// its errors must name the page ("scan.pdf page 1").
    public func naming(_ name: String) -> OCRError {
        switch self {
        case .missingInput: return .missingInput(path: name)
        case .unreadableImage(_, let reason): return .unreadableImage(path: name, reason: reason)
        case .imageTooLarge(_, let width, let height, let limit):
            return .imageTooLarge(path: name, width: width, height: height, limit: limit)
        case .multiPageImage(_, let pages): return .multiPageImage(path: name, pages: pages)
        case .timedOut(_, let seconds): return .timedOut(path: name, seconds: seconds)
        case .languageDataMissing, .languageDataCorrupt, .engine: return self
        }
    }

    /// The sysexits code for this error.
    public var exitCode: Int32 {
        switch self {
        case .missingInput: return 66
        case .unreadableImage, .imageTooLarge, .multiPageImage: return 65
        case .timedOut: return 75
        case .languageDataMissing, .languageDataCorrupt: return 69
        case .engine: return 70
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
