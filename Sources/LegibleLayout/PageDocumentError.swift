/// Why a page document could not be read. Each description is one line for stderr.
public enum PageDocumentError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not JSON (detail says where parsing stopped).
    case notJSON(String)
    /// Valid JSON but not a Legible page document (its `format` is shown).
    case foreignDocument(format: String?)
    /// A page document of a version this build does not read.
    case unsupportedVersion(Int)
    /// A required field is missing or has the wrong type (`path` is a JSON path like `lines[3].box`).
    case malformed(path: String, reason: String)
    /// The fields are well-typed but inconsistent (a range outside the text, a box outside the image…).
    case inconsistent(path: String, reason: String)
    /// Larger than ``PageLayout/maximumDocumentBytes``; `bytes` is its size.
    case tooLarge(bytes: Int)

    public var description: String {
        switch self {
        case .notJSON(let detail): return "not a JSON document: \(detail)"
        case .foreignDocument(let format):
            return
                "not a Legible page document (format is \(format.map { "\"\($0)\"" } ?? "missing"), expected \"\(PageLayout.formatName)\")"
        case .unsupportedVersion(let version):
            return
                "page document version \(version) is not supported (this build reads versions \(PageLayout.oldestReadableVersion) to \(PageLayout.currentVersion))"
        case .malformed(let path, let reason): return "malformed page document at \(path): \(reason)"
        case .inconsistent(let path, let reason): return "inconsistent page document at \(path): \(reason)"
        case .tooLarge(let bytes):
            return
                "a page document of \(bytes) bytes is larger than the \(PageLayout.maximumDocumentBytes >> 20) MiB a page document may have"
        }
    }
}
