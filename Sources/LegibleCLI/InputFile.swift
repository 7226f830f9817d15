import Foundation
import LegibleReading

#if canImport(Glibc)
    import Glibc
#endif

/// Every file the CLI reads comes through here (`Docs/CLI.md`, "Bad input"): the kind of file
/// is checked before it is opened, so a folder, a FIFO (whose `open` would block forever) or a
/// device gets its own message, and the size is capped before anything is allocated. Files
/// are opened read-only; nothing here can change them.
enum InputFile {
    /// The largest input read into memory: far above any real page image, page document or
    /// layout file, far below what would exhaust the machine.
    static let maximumBytes = 1 << 30

    /// Throws 66 with a message naming what `path` is when it is not a readable regular file.
    /// With `allowMissing`, a path that does not exist passes (a store not yet created).
    static func checkReadable(_ path: String, allowMissing: Bool = false, what: String = "a file") throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT, allowMissing { return }
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw CLIError.missingInput("\(path): \(reason)")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CLIError.missingInput("\(path): is a folder, not \(what)")
        case S_IFIFO: throw CLIError.missingInput("\(path): is a pipe (FIFO), not \(what)")
        case S_IFSOCK: throw CLIError.missingInput("\(path): is a socket, not \(what)")
        default: throw CLIError.missingInput("\(path): is a device, not \(what)")
        }
        guard access(path, R_OK) == 0 else {
            throw CLIError.missingInput("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        guard Int(status.st_size) <= maximumBytes else {
            throw CLIError.badData("\(path): \(status.st_size) bytes is larger than the \(maximumBytes >> 20) MiB input limit")
        }
    }

    /// The bytes of a regular file, after ``checkReadable(_:allowMissing:what:)``.
    static func read(_ path: String, what: String = "a file") throws -> Data {
        try checkReadable(path, what: what)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw CLIError.missingInput("\(path): cannot be read (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        do {
            return try ReadAll.read(from: descriptor, limit: maximumBytes)
        } catch .system(let error) {
            throw CLIError.io("\(path): read failed (\(String(cString: strerror(error))))")
        } catch .tooLarge {
            throw CLIError.badData("\(path): larger than the \(maximumBytes >> 20) MiB input limit")
        }
    }

    /// The bytes of `path`, or of standard input for `-`: an I/O error there is 74, and more
    /// than the input limit is 65, as for a file of that size.
    static func readFileOrStandardInput(_ path: String, what: String) throws -> Data {
        guard path == "-" else { return try read(path, what: what) }
        do {
            return try ReadAll.read(from: 0, limit: maximumBytes)
        } catch .tooLarge {
            throw CLIError.badData("standard input: larger than the \(maximumBytes >> 20) MiB input limit for \(what)")
        } catch .system(let error) {
            throw CLIError.io("cannot read \(what) from standard input (\(String(cString: strerror(error))))")
        }
    }
}
