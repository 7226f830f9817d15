import Foundation
import LegibleImage
import LegibleIngest
import LegibleOCR
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
            let ready = try browserReady(bytes, of: scan)
            if mode == .embed {
                sources.append("data:\(mimeType(ready.fileExtension));base64,\(ready.bytes.base64EncodedString())")
                continue
            }
            let digest = ready.bytes == bytes ? scan.sha256 : Checksum.sha256Hex(of: ready.bytes)
            let name = uniqueName(for: scan, fileExtension: ready.fileExtension, digest: digest, taken: copied)
            if copied[name] == nil {
                if copied.isEmpty { try Ingest.prepareOutputFolder(output + "/images") }
                copied[name] = digest
                try staging.stage(AtomicFile.Output(path: "\(output)/images/\(name)", bytes: ready.bytes))
            }
            sources.append("images/" + percentEncoded(name))
        }
        return sources
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
