import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that is loaded as code or as a model, opened once so that what is checked is what is
/// loaded (`Docs/Hardening.md`, "What is loaded is what was checked"). The file is opened
/// relative to its folder's descriptor, without following a link and without waiting on a FIFO;
/// the folder and the file must belong to root or to the user who runs the process, and no one
/// else may write them (a folder others can write is allowed only when it is sticky, as `/tmp`
/// is, so that they cannot rename the file away). Callers hash and load from ``descriptor``
/// or from ``loadPath``, never from the path again. The descriptor is closed when the value goes.
public final class TrustedFile {
    /// The path it was opened by, for messages.
    public let path: String
    /// The open descriptor, read-only and close-on-exec.
    public let descriptor: FileDescriptor
    /// The file's size in bytes when it was opened.
    public let size: Int
    /// What the file is, in messages ("the handwriting model").
    public let what: String

    /// Why a file was not opened.
    public enum Problem: Equatable, Sendable {
        /// Neither the file nor, perhaps, its folder exists.
        case missing
        /// It is a folder, a FIFO, a device, a socket or a link, not a regular file.
        case notRegularFile(FileDescriptor.Kind)
        /// Someone other than root and this user owns it, or can write it or its folder.
        case writableByOthers
        /// It is larger than the caller allows, in bytes.
        case tooLarge(limit: Int)
        /// The system refused to open or read it.
        case unreadable(Errno)
    }

    /// A file that was not opened: what is wrong, and one line naming the path.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// What is wrong.
        public var problem: Problem
        /// One line naming the path and what is wrong with it.
        public var description: String
    }

    private init(path: String, descriptor: FileDescriptor, size: Int, what: String) {
        (self.path, self.descriptor, self.size, self.what) = (path, descriptor, size, what)
    }

    deinit { descriptor.close() }

    /// Opens the regular file at `path`, of at most `limit` bytes, after checking its folder
    /// and itself as the type's summary says. `what` names the file in messages ("the
    /// handwriting model").
    public static func open(_ path: String, what: String, limit: Int) throws(Refusal) -> TrustedFile {
        let url = URL(fileURLWithPath: path)
        let (folderPath, name) = (url.deletingLastPathComponent().path, url.lastPathComponent)
        let folder = openFolder(folderPath)
        guard folder >= 0 else { throw refusal(path, what, errno == ENOENT ? .missing : .unreadable(Errno.current)) }
        defer { closeFolder(folder) }
        var status = stat()
        guard fstat(folder, &status) == 0 else { throw refusal(path, what, .unreadable(Errno.current)) }
        guard folderIsTrusted(status) else {
            throw Refusal(
                problem: .writableByOthers,
                description:
                    "\(path): its folder \(folderPath) belongs to another user or others can write it, so \(what) is not loaded from it")
        }
        let opened = openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard opened >= 0 else {
            throw refusal(path, what, errno == ENOENT ? .missing : errno == ELOOP ? .notRegularFile(.other) : .unreadable(Errno.current))
        }
        let descriptor = FileDescriptor(rawValue: opened)
        guard fstat(opened, &status) == 0 else {
            descriptor.close()
            throw refusal(path, what, .unreadable(Errno.current))
        }
        if let problem = problem(withFile: status, limit: limit) {
            descriptor.close()
            throw refusal(path, what, problem)
        }
        return TrustedFile(path: path, descriptor: descriptor, size: Int(status.st_size), what: what)
    }

    /// What is wrong with a file of this status, nil when nothing is.
    static func problem(withFile status: stat, limit: Int) -> Problem? {
        let kind = FileDescriptor.kind(ofMode: status.st_mode)
        guard kind == .regularFile else { return .notRegularFile(kind) }
        guard ownerIsTrusted(status), status.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return .writableByOthers }
        guard Int(status.st_size) <= limit else { return .tooLarge(limit: limit) }
        return nil
    }

    /// Whether a folder of this status may hold files that are loaded: root's or the user's,
    /// and written by no one else unless it is sticky.
    static func folderIsTrusted(_ status: stat) -> Bool {
        let othersWrite = status.st_mode & (S_IWGRP | S_IWOTH) != 0
        return ownerIsTrusted(status) && (!othersWrite || status.st_mode & S_ISVTX != 0)
    }

    /// Whether root or the process's effective user owns a file of this status.
    static func ownerIsTrusted(_ status: stat) -> Bool {
        status.st_uid == 0 || status.st_uid == geteuid()
    }

    /// Whether the folder at `path` exists and may hold files that are loaded (``open(_:what:limit:)``).
    public static func isTrustedFolder(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, FileDescriptor.kind(ofMode: status.st_mode) == .folder else { return false }
        return folderIsTrusted(status)
    }

    static func refusal(_ path: String, _ what: String, _ problem: Problem) -> Refusal {
        let reason =
            switch problem {
            case .missing: "\(what) is missing"
            case .notRegularFile(let kind): "\(what) is not a regular file (it is \(describe(kind))), so it is not loaded"
            case .writableByOthers: "\(what) belongs to another user or others can write it, so it is not loaded"
            case .tooLarge(let limit): "\(what) is larger than the \(limit >> 20) MiB it may be"
            case .unreadable(let error): "\(what) cannot be opened (\(error))"
            }
        return Refusal(problem: problem, description: "\(path): \(reason)")
    }

    static func describe(_ kind: FileDescriptor.Kind) -> String {
        switch kind {
        case .regularFile: "a regular file"
        case .folder: "a folder"
        case .fifo: "a pipe (FIFO)"
        case .socket: "a socket"
        case .device: "a device"
        case .other: "a link"
        }
    }

    /// The path that names the open descriptor itself (`/dev/fd/N`, on Linux a link into
    /// `/proc/self/fd`), for a loader that takes only a path: it reaches the file that was
    /// opened and checked, whatever the path ``path`` names now.
    public var loadPath: String { "/dev/fd/\(descriptor.rawValue)" }

    /// The file's bytes, exactly ``size`` of them, read from the descriptor from its start.
    /// - Throws: a refusal when a read fails or the file has shrunk since it was opened.
    public func bytes() throws(Refusal) -> [UInt8] {
        try read(count: size, at: 0)
    }

    /// Passes the file's bytes to `body` in order, 1 MiB at a time, read from the descriptor.
    public func chunks(_ body: (UnsafeRawBufferPointer) -> Void) throws(Refusal) {
        var offset = 0
        while offset < size {
            let chunk = try read(count: min(1 << 20, size - offset), at: offset)
            chunk.withUnsafeBytes(body)
            offset += chunk.count
        }
    }

    /// `count` bytes from byte `offset`, by the package's one read loop
    /// (``FileDescriptor/read(count:at:)``); a file that ends sooner is unreadable.
    private func read(count: Int, at offset: Int) throws(Refusal) -> [UInt8] {
        do {
            return try descriptor.read(count: count, at: Int64(offset))
        } catch {
            throw Self.refusal(path, what, .unreadable(error))
        }
    }
}

/// `open(2)` of a folder for reading, under a name that ``TrustedFile/open(_:what:limit:)`` does
/// not shadow.
private func openFolder(_ path: String) -> Int32 { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }

/// `close(2)`, likewise.
private func closeFolder(_ descriptor: Int32) { _ = close(descriptor) }
