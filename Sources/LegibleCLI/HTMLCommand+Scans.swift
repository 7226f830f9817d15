import Foundation
import LegibleIngest
import LegibleOCR
import LegiblePages
import LegibleSystem

extension HTMLCommand {
    /// A page's scan, found on disk and checked against the hash its document records
    /// (`Docs/Web.md`, "Images").
    package struct Scan {
        /// The image file's name as the document records it.
        var name: String
        /// Where it was found.
        package var path: String

        /// Looks for the scan of `page` next to its document, then in each of `folders`. The name
        /// is a plain file name (a document with any other is refused when it is read), and a
        /// file whose SHA-256 differs from the recorded one is passed over.
        package static func find(for page: ScannedPage, documentPath: String, searching folders: [String]) throws -> Scan {
            guard let name = page.layout.image.file else {
                throw CLIError.badData("\(documentPath): records no image file name, so its scan cannot be found")
            }
            // The document's validation has proved the name plain (`PlainFileName`).
            let candidates = ([AtomicFile.folderPath(of: documentPath)] + folders).map { $0 + "/" + name }
            var mismatched: String?
            for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
                // One read serves the hash and the gate; one scan at a time is in memory, so
                // finding a notebook's scans never holds them all.
                let bytes = try InputFile.read(candidate, what: "an image")
                if let expected = page.layout.image.sha256, Checksum.sha256Hex(of: bytes) != expected.lowercased() {
                    mismatched = candidate
                    continue
                }
                try admit(bytes, at: candidate, for: page, documentPath: documentPath)
                return Scan(name: name, path: candidate)
            }
            if let mismatched {
                throw CLIError.badData("\(mismatched) is not the image \(documentPath) was recognised from (its SHA-256 differs)")
            }
            let searched = candidates.map { AtomicFile.folderPath(of: $0) }.joined(separator: ", ")
            throw CLIError.missingInput("\(documentPath): its scan \(name) is not in \(searched); name its folder with --scans DIR")
        }

        /// The one image gate of every command that shows a scan (`Docs/Hardening.md`, "Classes
        /// closed"): the header is read without decoding, and a scan above the pixel limit, a
        /// multi-page TIFF, an animated PNG or a scan whose displayed size is not the recognised
        /// page's is refused (65) before anything decodes it. The size check is what proves a
        /// scan to be the recognised one when the document records no SHA-256.
        static func admit(_ bytes: Data, at path: String, for page: ScannedPage, documentPath: String) throws {
            let size: (width: Int, height: Int)
            do {
                size = try Recogniser.displayedSize(of: bytes, path: path)
            } catch {
                throw CLIError(error)
            }
            let image = page.layout.image
            guard size.width == image.width, size.height == image.height else {
                throw CLIError.badData(
                    "\(path) is \(size.width)×\(size.height) pixels, not the \(image.width)×\(image.height) image \(documentPath) was recognised from"
                )
            }
        }

        /// The scan's bytes, read when a placement needs them.
        func bytes() throws -> Data { try InputFile.read(path, what: "an image") }

        /// `bytes` as a browser shows them, and their extension (TIFF becomes PNG).
        func browserReady(_ bytes: Data) throws -> (bytes: Data, fileExtension: String) {
            guard let ready = BrowserImage.ready(bytes) else {
                throw CLIError.badData("\(path): is not an image a browser or Leptonica can read")
            }
            return ready
        }
    }

    /// Where each page's `<img>` points; the copies are staged as they are made.
    struct Placement {
        var sources: [String?] = []
    }

    /// Places every scan as `mode` asks. Copies go to `DIR/images/<stem>.<ext>`; two different
    /// scans with one name get `-2`, `-3`… suffixes, and one scan used twice is copied once.
    /// Each copy is written to its temporary file at once (`staging`), so one scan at a time is
    /// in memory, not the notebook's (`Docs/Web.md`, "Images").
    static func place(_ scans: [Scan], mode: Images, output: String, staging: AtomicFile.Staging) throws -> Placement {
        var placement = Placement()
        var copied: [String: String] = [:]
        for scan in scans {
            let bytes = try scan.bytes()
            if mode == .link, BrowserImage.browserExtension(of: bytes) != nil {
                placement.sources.append(relativeURL(from: output, to: scan.path))
                continue
            }
            let ready = try scan.browserReady(bytes)
            if mode == .embed {
                placement.sources.append("data:\(mimeType(ready.fileExtension));base64,\(ready.bytes.base64EncodedString())")
                continue
            }
            let digest = Checksum.sha256Hex(of: ready.bytes)
            let name = uniqueName(for: scan, fileExtension: ready.fileExtension, digest: digest, taken: copied)
            if copied[name] == nil {
                if copied.isEmpty { try Ingest.prepareOutputFolder(output + "/images") }
                copied[name] = digest
                try staging.stage(AtomicFile.Output(path: "\(output)/images/\(name)", bytes: ready.bytes))
            }
            placement.sources.append("images/" + percentEncoded(name))
        }
        return placement
    }

    /// `<stem>.<ext>`, or `<stem>-N.<ext>` when another scan (by its bytes' SHA-256) already
    /// holds that name.
    static func uniqueName(for scan: Scan, fileExtension: String, digest: String, taken: [String: String]) -> String {
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
