import LegibleLayout

/// What became of one image of an ingest.
public struct PageOutcome {
    /// The image's path, as given.
    public var image: String
    /// The page document, when the page was read or was up to date.
    public var layout: PageLayout?
    /// Whether the outputs were up to date, so nothing was read again.
    public var skipped = false
    /// Why the page failed, when it did.
    public var failure: (any Error)?
    /// The image's SHA-256 (lower-case hex), once read.
    public var sha256: String?
    /// The files written or kept, relative to the output folder.
    public var outputs: [String] = []
    /// Wall-clock seconds spent on the image.
    public var seconds = 0.0

    /// The outcome of `image` before any work.
    public init(image: String) { self.image = image }

    /// One line for a failure: the error's own description.
    public var failureMessage: String? { failure.map { String(describing: $0) } }
}
