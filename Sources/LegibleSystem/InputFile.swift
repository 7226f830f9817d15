import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading an input file whole (`Docs/CLI.md`, "Bad input"): the kind of file is checked
/// before it is opened, so a folder, a FIFO (whose `open` would block forever) or a device gets
/// its own message, and the size is capped before anything is allocated. Files are opened
/// read-only; nothing here can change them.
public enum InputFile {
    /// The largest input read into memory, in bytes: far above any real page image, page
    /// document or layout file, far below what would exhaust the machine.
    public static let maximumBytes = 1 << 30

    /// Throws ``FileError`` (`.missingInput`, or `.tooLarge`) naming what `path` is when it is not
    /// a readable regular file. With `allowMissing`, a path that does not exist passes (a store
    /// not yet created). `what` names the expected file in messages ("an image").
    public static func checkReadable(_ path: String, allowMissing: Bool = false, what: String = "a file") throws(FileError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT, allowMissing { return }
            let reason = errno == ENOENT ? "no such file" : Errno.current.description
            throw FileError(.missingInput, "\(path): \(reason)")
        }
        switch FileDescriptor.kind(ofMode: status.st_mode) {
        case .regularFile: break
        case .folder: throw FileError(.missingInput, "\(path): is a folder, not \(what)")
        case .fifo: throw FileError(.missingInput, "\(path): is a pipe (FIFO), not \(what)")
        case .socket: throw FileError(.missingInput, "\(path): is a socket, not \(what)")
        case .device, .other: throw FileError(.missingInput, "\(path): is a device, not \(what)")
        }
        guard access(path, R_OK) == 0 else { throw FileError(.missingInput, "\(path): cannot be read (\(Errno.current))") }
        guard Int(status.st_size) <= maximumBytes else {
            throw FileError(.tooLarge, "\(path): \(status.st_size) bytes is larger than the \(maximumBytes >> 20) MiB input limit")
        }
    }

    /// The bytes of a regular file, after ``checkReadable(_:allowMissing:what:)``.
    public static func read(_ path: String, what: String = "a file", calls: SystemCalls = .live) throws(FileError) -> Data {
        try checkReadable(path, what: what)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking, calls: calls)
        } catch {
            throw FileError(.missingInput, "\(path): cannot be read (\(error))")
        }
        defer { descriptor.close() }
        do {
            return try descriptor.readAll(limit: maximumBytes)
        } catch {
            switch error {
            case .system(let error): throw FileError(.io, "\(path): read failed (\(error))")
            case .tooLarge: throw FileError(.tooLarge, "\(path): larger than the \(maximumBytes >> 20) MiB input limit")
            }
        }
    }

    /// The bytes of `path`, or of standard input for `-`: an I/O error there is `.io`, and more
    /// than the input limit is `.tooLarge`, as for a file of that size.
    public static func readFileOrStandardInput(_ path: String, what: String) throws(FileError) -> Data {
        guard path == "-" else { return try read(path, what: what) }
        do {
            return try FileDescriptor.standardInput.readAll(limit: maximumBytes)
        } catch {
            switch error {
            case .tooLarge: throw FileError(.tooLarge, "standard input: larger than the \(maximumBytes >> 20) MiB input limit for \(what)")
            case .system(let error): throw FileError(.io, "cannot read \(what) from standard input (\(error))")
            }
        }
    }
}
