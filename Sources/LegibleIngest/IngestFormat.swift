/// A file written for each page (`Docs/Architecture.md`, "Ingest").
public enum IngestFormat: String, CaseIterable, Sendable {
    /// The page document, `<stem>.json`.
    case json
    /// hOCR, `<stem>.hocr`.
    case hocr
    /// The reading text, `<stem>.txt`.
    case txt
    /// ALTO XML, `<stem>.alto.xml`.
    case alto

    /// The output file's extension, without the dot (ALTO is XML).
    public var fileExtension: String { self == .alto ? "alto.xml" : rawValue }
}
