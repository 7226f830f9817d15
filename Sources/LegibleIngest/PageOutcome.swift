import LegibleLayout

/// What became of one page of an ingest.
public struct PageOutcome {
    /// The page.
    public var page: PageInput
    /// The page document, when the page was read or was up to date.
    public var layout: PageLayout?
    /// Whether the outputs were up to date, so nothing was read again.
    public var skipped = false
    /// Whether the page was left alone because it is a PDF page that already carries text.
    public var carriesText = false
    /// Why the page failed, when it did.
    public var failure: (any Error)?
    /// The page image's SHA-256 (lower-case hex), once read.
    public var sha256: String?
    /// The files written or kept, relative to the output folder.
    public var outputs: [String] = []
    /// Wall-clock seconds spent on the page.
    public var seconds = 0.0

    /// The outcome of `page` before any work.
    public init(page: PageInput) { self.page = page }

    /// One line for a failure: the error's own description.
    public var failureMessage: String? { failure.map { String(describing: $0) } }
}
