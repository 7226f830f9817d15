/// Where a page's layout comes from.
public enum PageSource: Sendable, Equatable {
    /// Recognise the image with the worker's ``PageReader``.
    case recognise
    /// Import the ALTO or hOCR file at `path` for the image.
    case layout(path: String)

    /// Whether a page from this source needs a reader.
    public var needsReader: Bool { self == .recognise }
}
