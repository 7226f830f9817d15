/// Why recognising an image failed, once it was read (an image that cannot be read is an
/// `ImageError`). Each case maps to a documented exit code (sysexits,
/// `Docs/CLI.md`, "Exit codes") and each description is one line for stderr.
public enum OCRError: Error, Equatable, CustomStringConvertible {
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
        case .timedOut(let path, let seconds):
            return "\(path): recognition stopped after the \(Self.format(seconds)) s page deadline (raise it with --timeout)"
        case .languageDataMissing(let language, let searched):
            return "language data for \"\(language)\" is not installed (looked for \(searched)); install tesseract-ocr-\(language)"
        case .languageDataCorrupt(let language, let path, let reason):
            return "language data for \"\(language)\" at \(path) is damaged (\(reason)); reinstall tesseract-ocr-\(language)"
        case .engine(let function, let detail): return "OCR engine error in \(function): \(detail)"
        }
    }

    /// This error naming its image `name` instead of the path it was read as (see
    /// `ImageError.naming(_:)`).
    public func naming(_ name: String) -> OCRError {
        switch self {
        case .timedOut(_, let seconds): return .timedOut(path: name, seconds: seconds)
        case .engine(let function, let detail): return .engine(function: function, detail: "\(detail), reading \(name)")
        case .languageDataMissing, .languageDataCorrupt: return self
        }
    }

    /// The sysexits code for this error.
    public var exitCode: Int32 {
        switch self {
        case .timedOut: return 75
        case .languageDataMissing, .languageDataCorrupt: return 69
        case .engine: return 70
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
