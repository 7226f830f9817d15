import Foundation
import LegibleImage
import LegibleSystem

/// Where each page's `<img>` points (`Docs/Web.md`, "Images"): its scan copied beside the
/// document, linked where it is, or embedded.
enum ScanPlacement {
    /// Places every scan as `mode` asks. Copies go to `DIR/images/<stem>.<ext>`; two different
    /// scans with one name get `-2`, `-3`… suffixes, and one scan used twice is copied once.
    /// Each copy is written to its temporary file at once (`staging`), so one scan at a time is
    /// in memory, not the notebook's (`Docs/Web.md`, "Images"). Each scan is read again here,
    /// and its bytes proved to be the ones verified (``VerifiedScan/bytes()``).
    static func place(_ scans: [VerifiedScan], mode: HTMLExport.Images, output: String, staging: AtomicFile.Staging) throws -> [String?] {
        var sources: [String?] = []
        var copied: [String: String] = [:]
        for scan in scans {
            let bytes = try scan.bytes()
            if mode == .link, BrowserImage.browserExtension(of: bytes) != nil {
                sources.append(relativeURL(from: output, to: scan.path))
                continue
            }
            if mode == .embed {
                let ready = try browserReady(bytes, of: scan)
                sources.append("data:\(mimeType(ready.fileExtension));base64,\(ready.bytes.base64EncodedString())")
                continue
            }
            // A copy is named by its scan's bytes: one scan used twice is copied once, and its
            // PNG conversion, written straight into its file, is never held.
            let fileExtension = BrowserImage.browserExtension(of: bytes) ?? "png"
            let name = uniqueName(for: scan, fileExtension: fileExtension, digest: scan.sha256, taken: copied)
            sources.append("images/" + percentEncoded(name))
            guard copied[name] == nil else { continue }
            // HTMLExport has swept the folder's stale temporaries already.
            if copied.isEmpty { try OutputFolder.make(output + "/images", naming: "output folder") }
            copied[name] = scan.sha256
            try copy(bytes, of: scan, to: "\(output)/images/\(name)", staging: staging)
        }
        return sources
    }

    /// Stages `bytes` of `scan` at `path` as they are, or converted to PNG straight into the
    /// file when no browser shows them.
    static func copy(_ bytes: Data, of scan: VerifiedScan, to path: String, staging: AtomicFile.Staging) throws {
        guard BrowserImage.browserExtension(of: bytes) == nil else {
            return try staging.stage(AtomicFile.Output(path: path, bytes: bytes))
        }
        guard let write = BrowserImage.pngWriter(for: bytes) else {
            throw NotebookError(.badData, "\(scan.path): is not an image a browser or Leptonica can read")
        }
        try staging.stage(path: path, writing: write)
    }

    /// `bytes` of `scan` as a browser shows them, and their extension (TIFF becomes PNG).
    static func browserReady(_ bytes: Data, of scan: VerifiedScan) throws -> (bytes: Data, fileExtension: String) {
        guard let ready = BrowserImage.ready(bytes) else {
            throw NotebookError(.badData, "\(scan.path): is not an image a browser or Leptonica can read")
        }
        return ready
    }

    /// `<stem>.<ext>`, or `<stem>-N.<ext>` when another scan (by its bytes' SHA-256) already
    /// holds that name.
    static func uniqueName(for scan: VerifiedScan, fileExtension: String, digest: String, taken: [String: String]) -> String {
        let stem = (scan.name as NSString).deletingPathExtension
        var name = "\(stem).\(fileExtension)"
        var suffix = 2
        while let existing = taken[name], existing != digest {
            name = "\(stem)-\(suffix).\(fileExtension)"
            suffix += 1
        }
        return name
    }

    static func mimeType(_ fileExtension: String) -> String {
        fileExtension == "jpg" ? "image/jpeg" : "image/\(fileExtension)"
    }

    /// A relative URL from folder `from` to file `to`, both resolved against the working folder.
    static func relativeURL(from folder: String, to file: String) -> String {
        let base = components(of: folder)
        let target = components(of: file)
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        let path = Array(repeating: "..", count: base.count - common) + target[common...]
        return "./" + path.map(percentEncoded).joined(separator: "/")
    }

    /// The absolute, lexically normalised path components of `path`.
    static func components(of path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var result: [String] = []
        for component in absolute.split(separator: "/") where component != "." {
            if component == ".." { _ = result.popLast() } else { result.append(String(component)) }
        }
        return result
    }

    /// One path segment for a URL: everything but unreserved characters percent-encoded.
    static func percentEncoded(_ segment: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
