import Foundation
import LegibleLayout
import LegiblePages
import LegibleSystem

/// A page document on disk that a person corrects (`Docs/Editing.md`, "Saving"): read once,
/// and written back atomically only while the file still holds what was read or last written,
/// so that a correction saved meanwhile by another program (`legible edit`, another viewer) is
/// never silently replaced. Paths are file-system paths.
public final class PageDocumentFile {
    /// Why a save did not replace the document.
    public enum SaveFailure: Error, Equatable, Sendable {
        /// The file no longer holds what was read or last written here.
        case changedOnDisk
        /// The file could not be read or written; the message names it and the cause.
        case io(String)
    }

    /// The document's path.
    public let path: String
    /// The bytes the file held when it was read or last written here.
    public private(set) var known: Data

    /// A document read from `path` as `bytes`.
    public init(path: String, bytes: Data) {
        self.path = path
        self.known = bytes
    }

    /// Reads the document at `path` and its page. Throws the file system's ``FileError`` or
    /// ``PageDocumentError``.
    public static func open(_ path: String) throws -> (file: PageDocumentFile, page: ScannedPage) {
        let bytes = try InputFile.read(path, what: "a page document")
        return (PageDocumentFile(path: path, bytes: bytes), try ScannedPage(documentData: bytes))
    }

    /// Writes `layout` over the document, atomically (a kill leaves the old or the new
    /// document), once the file is read again and found as it was known. Throws
    /// ``SaveFailure/changedOnDisk`` otherwise, writing nothing.
    public func save(_ layout: PageLayout) throws(SaveFailure) {
        let document = try Self.encoded(layout)
        guard (try? InputFile.read(path)) == known else { throw .changedOnDisk }
        do {
            try AtomicFile.write(document, to: path)
        } catch {
            throw .io(error.description)
        }
        known = document
    }

    /// Writes `layout` beside the document, as `NAME.corrections.json` (or `-2`, `-3`… when
    /// that exists), for a save that found the document changed: the corrections are kept and
    /// nothing is overwritten. Returns the path written.
    public func saveBeside(_ layout: PageLayout) throws(SaveFailure) -> String {
        let document = try Self.encoded(layout)
        let stem = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        var target = stem + ".corrections.json"
        var number = 2
        while FileManager.default.fileExists(atPath: target) {
            target = stem + ".corrections-\(number).json"
            number += 1
        }
        do {
            try AtomicFile.write(document, to: target)
        } catch {
            throw .io(error.description)
        }
        return target
    }

    static func encoded(_ layout: PageLayout) throws(SaveFailure) -> Data {
        do {
            return try layout.encodeDocument()
        } catch {
            throw .io("cannot encode the page document: \(error)")
        }
    }
}
