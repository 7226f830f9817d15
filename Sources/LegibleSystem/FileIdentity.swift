import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, so that two names of one file (a symbolic link, `./a` and `a`, a hard
/// link) compare equal (`Docs/Hardening.md`, "Classes closed"): the device and inode of an
/// existing file, through symbolic links, else the absolute path with its folder's links resolved.
public enum FileIdentity: Hashable, Sendable {
    /// An existing file.
    case file(device: UInt64, inode: UInt64)
    /// A path where no file exists yet.
    case path(String)

    /// The identity of whatever `path` names now.
    public init(of path: String) {
        var status = stat()
        if stat(path, &status) == 0 {
            self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
        self = .path(folder.appendingPathComponent(url.lastPathComponent).path)
    }

    /// The order locks on files are taken in, so that any two processes take them alike
    /// whatever names they were given (`Docs/Hardening.md`, "Lock order"): existing files by
    /// device, then inode; then paths where no file exists yet, by their text.
    public static func lockOrder(_ lhs: FileIdentity, _ rhs: FileIdentity) -> Bool {
        switch (lhs, rhs) {
        case (.file(let a, let b), .file(let c, let d)): (a, b) < (c, d)
        case (.file, .path): true
        case (.path, .file): false
        case (.path(let a), .path(let b)): a < b
        }
    }

    /// The first of `outputs` that is one of `inputs`, with the input's name; `nil` when none is.
    public static func firstOverlap(outputs: [String], inputs: [String]) -> (output: String, input: String)? {
        let sources = Dictionary(inputs.map { (FileIdentity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            if let input = sources[FileIdentity(of: output)] { return (output, input) }
        }
        return nil
    }
}
