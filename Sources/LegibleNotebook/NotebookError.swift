import LegibleSystem

/// Why a notebook service refused its input (`Docs/Architecture.md`, "Notebook services").
/// Each kind is one exit status in the CLI.
public enum NotebookFailure: Sendable, Equatable {
    /// The request cannot be carried out as given (two pages whose outputs would share a name).
    case usage
    /// An input is not what it must be: a page document that does not validate, a scan that is
    /// not the image its document was recognised from.
    case badData
    /// An input is not there: a page's scan in none of the folders searched.
    case missingInput
    /// A step produced what it must never produce (an edit that does not validate): a bug,
    /// told as one.
    case internalError
    /// A part the service needs is not installed (Tesseract's `pdf.ttf`).
    case missingDependency
    /// Another writer holds the document or changed it since it was read: nothing was
    /// written, and running again will do it (`Docs/Editing.md`, "Saving").
    case busy
}

/// A notebook service's refusal, with one line naming the input and the cause.
public typealias NotebookError = KindedError<NotebookFailure>
