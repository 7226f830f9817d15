import Foundation
import LegibleImage
import LegibleLayout
import LegibleSystem

/// A page's scan, found on disk and proved to be the image its document was recognised from
/// (`Docs/Architecture.md`, "Notebook services"): its SHA-256 is the one the document records,
/// and its displayed size is the page's. Every command and surface that shows, places or reads
/// a page's scan (html, pdf, view, align) gets it here, under one rule.
public struct VerifiedScan: Sendable, Equatable {
    /// The image file's name as the document records it: a plain file name, never a path (a
    /// document naming anything else is refused when it is read).
    public var name: String
    /// Where the scan was found: the folder given or searched, joined with `name`, or the path
    /// given for it.
    public var path: String
    /// The SHA-256 of the file's bytes, lowercase hexadecimal.
    public var sha256: String
    /// The displayed width in pixels, orientation applied: the page image's width.
    public var width: Int
    /// The displayed height in pixels, orientation applied: the page image's height.
    public var height: Int

    /// A scan another gate has already proved: `sha256` of the bytes read from `path`, and the
    /// displayed size the page was read at. Only the ingest, which read and hashed the image it
    /// recognised, makes one this way (`Docs/Architecture.md`, "Notebook services").
    package init(name: String, path: String, sha256: String, width: Int, height: Int) {
        (self.name, self.path, self.sha256, self.width, self.height) = (name, path, sha256, width, height)
    }

    /// The scan of `layout`, looked for beside its document at `documentPath`, then in each of
    /// `folders`. A file whose SHA-256 differs from the recorded one is passed over; the first
    /// that matches must pass the image gate (``admit(_:at:for:documentPath:)``). Refused with
    /// `badData` when the document names no image, or only other images were found, and with
    /// `missingInput` when none is there. One scan at a time is in memory.
    public static func find(for layout: PageLayout, documentPath: String, searching folders: [String]) throws -> VerifiedScan {
        try findWithBytes(for: layout, documentPath: documentPath, searching: folders).scan
    }

    /// ``find(for:documentPath:searching:)``, with the bytes that were proved, so a caller that
    /// reads the scan reads it once.
    public static func findWithBytes(for layout: PageLayout, documentPath: String, searching folders: [String]) throws -> (
        scan: VerifiedScan, bytes: Data
    ) {
        guard let name = layout.image.file else {
            throw NotebookError(.badData, "\(documentPath): records no image file name, so its scan cannot be found")
        }
        let candidates = ([AtomicFile.folderPath(of: documentPath)] + folders).map { $0 + "/" + name }
        var mismatched: String?
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            guard let found = try read(candidate, name: name, for: layout, documentPath: documentPath) else {
                mismatched = candidate
                continue
            }
            return found
        }
        if let mismatched {
            throw NotebookError(.badData, "\(mismatched) is not the image \(documentPath) was recognised from (its SHA-256 differs)")
        }
        let searched = candidates.map { AtomicFile.folderPath(of: $0) }.joined(separator: ", ")
        throw NotebookError(.missingInput, "\(documentPath): its scan \(name) is not in \(searched); name its folder with --scans DIR")
    }

    /// The scan of `layout` with its bytes, read once so the bytes checked are the bytes used:
    /// `given` when there is one, which must be this page's scan (`badData` otherwise); else the
    /// image beside the document when it is there and is this page's scan; nil when there is
    /// none. A folder, FIFO or device is named as what it is.
    public static func withBytes(for layout: PageLayout, documentPath: String, given: String?) throws -> (scan: VerifiedScan, bytes: Data)?
    {
        if let given {
            guard let found = try read(given, name: layout.image.file ?? given, for: layout, documentPath: documentPath) else {
                throw NotebookError(.badData, "\(given): is not the scan this page was read from (its SHA-256 differs)")
            }
            return found
        }
        guard let name = layout.image.file else { return nil }
        let beside = AtomicFile.folderPath(of: documentPath) + "/" + name
        guard FileManager.default.fileExists(atPath: beside) else { return nil }
        return try read(beside, name: name, for: layout, documentPath: documentPath)
    }

    /// The scan's bytes, read again to be used (placed, copied, written into a PDF) and proved
    /// to be the ones verified: a scan changed since is refused (`busy`), never published under
    /// another page's text.
    public func bytes() throws -> Data {
        let bytes = try InputFile.read(path, what: "an image")
        guard Checksum.sha256Hex(of: bytes) == sha256 else {
            throw NotebookError(.busy, "\(path) changed while it was being used; run the command again")
        }
        return bytes
    }

    /// The file at `path` when its SHA-256 is the recorded one (any, when none is recorded) and
    /// it passes the image gate; nil when its SHA-256 differs.
    static func read(_ path: String, name: String, for layout: PageLayout, documentPath: String) throws -> (
        scan: VerifiedScan, bytes: Data
    )? {
        let bytes = try InputFile.read(path, what: "an image")
        let digest = Checksum.sha256Hex(of: bytes)
        if let expected = layout.image.sha256, digest != expected.lowercased() { return nil }
        try admit(bytes, at: path, for: layout, documentPath: documentPath)
        let scan = VerifiedScan(name: name, path: path, sha256: digest, width: layout.image.width, height: layout.image.height)
        return (scan, bytes)
    }

    /// The one image gate of every command that shows or reads a scan (`Docs/Hardening.md`,
    /// "Classes closed"): the header is read without decoding, and a scan above the pixel
    /// limit, a multi-page TIFF, an animated PNG or a scan whose displayed size is not the
    /// recognised page's is refused (`badData`, or the image's own error) before anything
    /// decodes it. The size check is what proves a scan to be the recognised one when the
    /// document records no SHA-256.
    public static func admit(_ bytes: Data, at path: String, for layout: PageLayout, documentPath: String) throws {
        let size = try ImageFile.displayedSize(of: bytes, path: path)
        let image = layout.image
        guard size.width == image.width, size.height == image.height else {
            throw NotebookError(
                .badData,
                "\(path) is \(size.width)×\(size.height) pixels, not the \(image.width)×\(image.height) image \(documentPath) was recognised from"
            )
        }
    }
}
