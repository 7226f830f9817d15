import Foundation
import LegibleLayout
import LegiblePages
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page document on disk that a person corrects (`Docs/Editing.md`, "Saving"). Every save
/// happens under the document's ``FileLock``: the file is read again under it, and written
/// back atomically only while it still holds what was read or last written here, so a
/// correction saved meanwhile by another program (`legible edit`, `align`, another viewer) is
/// never silently replaced. A command that reads, corrects and saves at once holds the lock
/// from the read to the save (``open(_:holdingLock:)``), so writers queue instead of failing.
/// A document with fields this build does not know is not opened for correcting: writing it
/// again would drop them. Paths are file-system paths.
public final class PageDocumentFile {
    /// Why a document was not opened for correcting, or a save did not replace it.
    public enum SaveFailure: Error, Sendable {
        /// The file no longer holds what was read or last written here.
        case changedOnDisk
        /// Another process held the document's lock for the whole wait.
        case busy
        /// The document holds fields this build does not know (their JSON paths).
        case unknownFields([String])
        /// The edited document would be `bytes` long, more than a reader takes
        /// (``PageLayout/maximumDocumentBytes``): it is not written (`Docs/Hardening.md`,
        /// "Edits that make a document unreadable").
        case tooLarge(bytes: Int)
        /// The document, its lock file or the file beside it could not be written: the kind
        /// (`.cannotCreate`, `.io`) and a message naming the file and the cause.
        case file(FileError)
    }

    /// The document's path.
    public let path: String
    /// The bytes the file held when it was read or last written here.
    public private(set) var known: Data
    /// The lock held from the read to the save, by ``open(_:holdingLock:)``.
    private var heldLock: FileLock?

    /// A document read from `path` as `bytes`.
    public init(path: String, bytes: Data) {
        self.path = path
        self.known = bytes
    }

    /// Reads the document at `path` and its page, to be corrected. With `holdingLock`, the
    /// document's lock is taken first and held until this value ends. Throws the file system's
    /// ``FileError``, ``PageDocumentError``, or ``SaveFailure`` (`.busy`, `.file` for the lock,
    /// `.unknownFields`).
    public static func open(_ path: String, holdingLock: Bool = false) throws -> (file: PageDocumentFile, page: ScannedPage) {
        let lock = holdingLock ? try Self.lock(path) : nil
        let bytes = try InputFile.read(path, what: "a page document")
        let page = try ScannedPage(documentData: bytes)
        let unknown = try PageLayout.unknownFields(in: bytes)
        guard unknown.isEmpty else { throw SaveFailure.unknownFields(unknown) }
        let file = PageDocumentFile(path: path, bytes: bytes)
        file.heldLock = lock
        return (file, page)
    }

    /// Writes `layout` over the document, atomically (a kill leaves the old or the new
    /// document), under the document's lock, once the file is read again and found as it was
    /// known. Throws ``SaveFailure/changedOnDisk`` otherwise, writing nothing.
    public func save(_ layout: PageLayout) throws(SaveFailure) {
        let document = try Self.encoded(layout)
        let lock = try heldOrTakenLock()
        defer { withExtendedLifetime(lock) {} }
        guard (try? InputFile.read(path)) == known else { throw .changedOnDisk }
        do {
            try AtomicFile.write(document, to: path)
        } catch {
            throw .file(error)
        }
        known = document
    }

    /// Writes `layout` beside the document, as `NAME.corrections.json` (or `-2`, `-3`… when
    /// that exists), for a save that found the document changed: the corrections are kept and
    /// nothing is overwritten. The name is chosen and written under the document's lock, so two
    /// writers never choose one name. Returns the path written.
    public func saveBeside(_ layout: PageLayout) throws(SaveFailure) -> String {
        let document = try Self.encoded(layout)
        let lock = try heldOrTakenLock()
        defer { withExtendedLifetime(lock) {} }
        let stem = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        var target = stem + ".corrections.json"
        var number = 2
        // `lstat`, not `access`: a dangling symbolic link is a name taken too.
        var status = stat()
        while lstat(target, &status) == 0 {
            target = stem + ".corrections-\(number).json"
            number += 1
        }
        // The corrections are the document's words: they get its permission bits, not the
        // default, so a private document's corrections stay private.
        let permissions: mode_t? = lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
        do {
            try AtomicFile.commit([AtomicFile.Output(path: target, bytes: document, permissions: permissions)])
        } catch {
            throw .file(error)
        }
        return target
    }

    /// The lock this file holds, or the document's lock taken now.
    func heldOrTakenLock() throws(SaveFailure) -> FileLock {
        if let heldLock { return heldLock }
        return try Self.lock(path)
    }

    /// The document's lock, waited for.
    static func lock(_ path: String) throws(SaveFailure) -> FileLock {
        do {
            return try FileLock(for: path)
        } catch {
            switch error {
            case .busy: throw .busy
            case .system(let message): throw .file(FileError(.cannotCreate, message))
            }
        }
    }

    static func encoded(_ layout: PageLayout) throws(SaveFailure) -> Data {
        do {
            return try layout.encodeDocument()
        } catch PageDocumentError.tooLarge(let bytes) {
            throw .tooLarge(bytes: bytes)
        } catch {
            throw .file(FileError(.io, "cannot encode the page document: \(error)"))
        }
    }
}
