import Foundation
import LegibleLayout
import LegibleOCR

/// What turns one image into a page document (`Docs/Architecture.md`, "Ingest"). Each worker
/// of an ingest owns one reader and uses it for one page at a time. ``Recogniser`` (Tesseract)
/// is the reader of every real ingest; tests give a reader that needs no engine.
public protocol PageReader: AnyObject, Sendable {
    /// The page document of the image whose bytes are `imageData`, read from `path`, with
    /// SHA-256 `sha256` (lower-case hex). Geometry is in the displayed image's pixels.
    func read(imageData: Data, path: String, sha256: String) throws -> PageLayout
    /// Returns once anything the reader loads in the background is loaded, so that the
    /// process can exit without freeing a library's globals under a loading thread.
    func finishLoading()
}

extension Recogniser: PageReader {
    /// Recognises the image with this engine (``Recogniser/recognise(imageData:path:sha256:)``).
    public func read(imageData: Data, path: String, sha256: String) throws -> PageLayout {
        try recognise(imageData: imageData, path: path, sha256: sha256)
    }
}
