/// The name an input is sharded by: its path relative to the batch's root, written with `/`,
/// without `.` or `..` parts (`Docs/Cluster.md`, "Shards").
///
/// Paths are compared as written, without following symbolic links: every task of an array
/// must compute the same key from the same input list, and a link may resolve differently on
/// different machines. With root `/data/scans`, the inputs `/data/scans/a/p1.png`,
/// `a/./p1.png` run from `/data/scans`, and `../scans/a/p1.png` run from `/data/other` all
/// have the key `a/p1.png`.
public enum ShardKey {
    /// The key of `path`, or `nil` when it does not lie inside `root`. Relative paths are
    /// taken from `currentFolder`, which must be absolute.
    public static func key(of path: String, root: String, currentFolder: String) -> String? {
        let rootParts = components(absolute(root, from: currentFolder))
        let parts = components(absolute(path, from: currentFolder))
        guard parts.count > rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts else { return nil }
        return parts.dropFirst(rootParts.count).joined(separator: "/")
    }

    /// The manifest key of one page: `fileKey` (from ``key(of:root:currentFolder:)``) with `%`
    /// and `#` percent-encoded, then `#p` and the page number for a PDF's page. A file name may
    /// hold `#`, so without the encoding an image named `scan.pdf#p1` would share the key of
    /// page 1 of `scan.pdf`, and one of them would never be recorded as done
    /// (`Docs/Cluster.md`, "Manifests").
    public static func pageKey(_ fileKey: String, pdfPage: Int?) -> String {
        let escaped = fileKey.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "#", with: "%23")
        return escaped + (pdfPage.map { "#p\($0)" } ?? "")
    }

    /// `path` itself when absolute, else `folder/path`.
    static func absolute(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// The parts of an absolute path with `.`, empty parts and `..` resolved as text; `..`
    /// above the root stays at the root, as the kernel does.
    static func components(_ path: String) -> [Substring] {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return parts
    }
}
