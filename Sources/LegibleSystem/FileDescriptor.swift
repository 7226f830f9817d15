import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor and the system calls it is used with (`Docs/Architecture.md`,
/// "System layer"). Every descriptor is opened close-on-exec. Failures are thrown as ``Errno``;
/// the caller adds the path and the action. The owner closes it with ``close()``.
public struct FileDescriptor: Sendable {
    /// The descriptor number.
    public let rawValue: Int32
    /// The calls made on it (``SystemCalls/live`` unless a test gave others).
    public let calls: SystemCalls

    /// How a file is opened for access.
    public enum Access: Sendable {
        /// `O_RDONLY`.
        case readOnly
        /// `O_WRONLY`.
        case writeOnly
        /// `O_RDWR`.
        case readWrite
        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// Options for ``open(_:_:options:permissions:calls:)``.
    public struct Options: OptionSet, Sendable {
        /// The `open(2)` flag bits.
        public let rawValue: Int32
        /// Creates options from `open(2)` flag bits.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// `O_CREAT`: create the file when it does not exist.
        public static let create = Options(rawValue: O_CREAT)
        /// `O_EXCL`: with ``create``, fail when the file exists.
        public static let exclusive = Options(rawValue: O_EXCL)
        /// `O_APPEND`: every write goes to the end of the file, atomically with the seek.
        public static let append = Options(rawValue: O_APPEND)
        /// `O_NOFOLLOW`: fail with `ELOOP` when the last part of the path is a symbolic link.
        public static let noFollow = Options(rawValue: O_NOFOLLOW)
        /// `O_NONBLOCK`: opening a FIFO does not wait for a writer.
        public static let nonBlocking = Options(rawValue: O_NONBLOCK)
    }

    /// What a descriptor refers to.
    public enum Kind: Sendable, Equatable {
        /// A regular file.
        case regularFile
        /// A folder (directory).
        case folder
        /// A FIFO (named pipe).
        case fifo
        /// A socket.
        case socket
        /// A character or block device.
        case device
        /// Anything else (a symbolic link seen by `lstat`).
        case other
    }

    /// Wraps a descriptor the caller already has (such as 0, 1 or 2).
    public init(rawValue: Int32, calls: SystemCalls = .live) {
        self.rawValue = rawValue
        self.calls = calls
    }

    /// Standard input, descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: 0)
    /// Standard output, descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: 1)

    /// Opens `path`; new files get `permissions` (before the umask).
    public static func open(
        _ path: String, _ access: Access, options: Options = [], permissions: mode_t = 0o644, calls: SystemCalls = .live
    ) throws(Errno) -> FileDescriptor {
        let descriptor = path.withCString { calls.open($0, access.flags | options.rawValue | O_CLOEXEC, permissions) }
        guard descriptor >= 0 else { throw Errno.current }
        return FileDescriptor(rawValue: descriptor, calls: calls)
    }

    /// Closes the descriptor. A failing close is not reported: every write that matters was
    /// followed by ``sync()``, whose failure is.
    public func close() { _ = systemClose(rawValue) }

    /// Flushes the file's data to the disk (`fsync`).
    public func sync() throws(Errno) {
        guard calls.fsync(rawValue) == 0 else { throw Errno.current }
    }

    /// Cuts or extends the file to `length` bytes.
    public func truncate(to length: Int64) throws(Errno) {
        guard calls.ftruncate(rawValue, off_t(length)) == 0 else { throw Errno.current }
    }

    /// The file's size in bytes.
    public func size() throws(Errno) -> Int64 {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw Errno.current }
        return Int64(status.st_size)
    }

    /// What the descriptor refers to.
    public func kind() throws(Errno) -> Kind {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw Errno.current }
        return Self.kind(ofMode: status.st_mode)
    }

    /// The kind of file a `stat` mode describes.
    public static func kind(ofMode mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regularFile
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR, S_IFBLK: .device
        default: .other
        }
    }

    /// Takes an exclusive advisory lock on the whole file (`flock`), waiting for other
    /// processes' locks and retrying after `EINTR`.
    public func lockExclusively() throws(Errno) {
        while flock(rawValue, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Errno.current }
        }
    }

    /// Takes an exclusive advisory lock on the whole file (`flock`) if no other open file holds
    /// one; returns false at once when one does.
    public func tryLockExclusively() throws(Errno) -> Bool {
        while flock(rawValue, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            guard errno == EINTR else { throw Errno.current }
        }
        return true
    }

    /// Releases the lock taken by ``lockExclusively()``.
    public func unlock() { _ = flock(rawValue, LOCK_UN) }
}

/// `close(2)`, under a name that ``FileDescriptor/close()`` does not shadow.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
