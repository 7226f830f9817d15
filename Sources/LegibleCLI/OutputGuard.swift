import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rule that an output is never one of the inputs (`Docs/Hardening.md`, "Classes
/// closed"): a command that would write a file it was asked to read is refused with 64 before
/// any work. Files are compared by what they are, not by how they are named: two names of one
/// file (a symbolic link, `./a` and `a`, a hard link) are the same file.
enum OutputGuard {
    /// Throws a usage error (64) naming the first output that is one of `inputs`.
    static func refuse(outputs: [String], overwriting inputs: [String]) throws {
        let sources = Dictionary(inputs.map { (identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            if let input = sources[identity(of: output)] {
                throw CLIError.usage("\(output) would be written over the input \(input); write the outputs somewhere else")
            }
        }
    }

    /// What a path names: the device and inode of an existing file (through symbolic links),
    /// else the absolute path with its folder's links resolved.
    enum Identity: Hashable {
        case file(device: UInt64, inode: UInt64)
        case path(String)
    }

    static func identity(of path: String) -> Identity {
        var status = stat()
        if stat(path, &status) == 0 { return .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
        return .path(folder.appendingPathComponent(url.lastPathComponent).path)
    }
}
