#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library error number (`errno`), as a value that can be thrown and compared
/// (`Docs/Architecture.md`, "System layer").
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    public var rawValue: Int32

    /// The error numbered `rawValue`.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now, right after a failed call.
    public static var current: Errno { Errno(errno) }

    /// The system's one-line text for the error (`strerror`), such as "No space left on device".
    public var description: String { String(cString: strerror(rawValue)) }

    /// `EINTR`: a signal interrupted the call, which should be made again.
    public static let interrupted = Errno(EINTR)
    /// `ENOENT`: no such file or folder.
    public static let noSuchFile = Errno(ENOENT)
    /// `EIO`: a low-level input/output error.
    public static let ioError = Errno(EIO)
    /// `ENOSPC`: the file system is full.
    public static let noSpace = Errno(ENOSPC)
    /// `ELOOP`: a symbolic link where `O_NOFOLLOW` asked for none.
    public static let symbolicLink = Errno(ELOOP)
    /// `EFBIG`: a file larger than allowed.
    public static let fileTooLarge = Errno(EFBIG)
}
