import LegibleSystem

/// Why a PDF, or one of its pages, cannot be read (`Docs/PDF.md`, "Reading scanned PDFs").
public enum PDFInputFailure: String, Sendable, Equatable, Codable {
    /// The file is not a PDF, or its structure is damaged, truncated or loops.
    case malformed
    /// The file is encrypted; it must be decrypted first.
    case encrypted
    /// The file or a page is above a limit: page count, page size or image size.
    case tooLarge
    /// A page's image uses something neither library can decode.
    case unreadablePage
    /// Reading or drawing a page ran past the page's deadline (`--timeout`).
    case deadline
}

/// A PDF, or a page of it, that cannot be read; the description is one line naming the file.
public typealias PDFInputError = KindedError<PDFInputFailure>
