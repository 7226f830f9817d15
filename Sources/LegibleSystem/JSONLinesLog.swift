import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only JSON Lines file that survives a kill at any moment (`Docs/Architecture.md`,
/// "System layer"). The clippings store and the batch manifests are both one.
///
/// - Each ``append(_:)`` is one `write(2)` of a whole line on an `O_APPEND` descriptor,
///   followed by `fsync(2)`, so an acknowledged line is on disk and a kill leaves at most one
///   torn last line.
/// - ``repairTail(keepingLastLine:)`` makes the file end at a line boundary again before
///   anything is appended: a torn last line is cut off; a last line that is whole but lacks its
///   newline (a hand-edited file) is kept and terminated.
/// - ``lines(in:)`` is the tolerant reader's half: it splits bytes into numbered lines and says
///   which one is unterminated, so a reader can skip a torn tail without changing the file.
/// - The log is opened with `O_NOFOLLOW` and must be a regular file: a symbolic link named as
///   the log could reach any file, and a FIFO or device is not a log.
public final class JSONLinesLog {
    /// Why the log could not be opened, read or written. The caller names the file.
    public enum Failure: Error, Sendable {
        /// The path is a symbolic link.
        case symbolicLink
        /// The path is a folder, FIFO, socket or device.
        case notARegularFile
        /// A system call failed; `action` is "cannot open", "cannot read", "cannot write", …
        case system(action: String, Errno)
    }

    /// One line of a log's bytes.
    public struct Line: Sendable {
        /// 1-based line number.
        public var number: Int
        /// The line without its newline.
        public var bytes: Data
        /// Whether a newline ends it; only the last line of a file can lack one.
        public var terminated: Bool
    }

    /// What ``repairTail(keepingLastLine:)`` did.
    public struct TailRepair: Sendable, Equatable {
        /// Bytes of a torn last line that were cut off.
        public var removedBytes = 0
        /// Whether a whole last line got its missing newline.
        public var addedNewline = false
        /// Nothing done.
        public init() {}
    }

    /// The file's path.
    public let path: String
    private let descriptor: FileDescriptor

    /// Opens the log at `path` for appending, creating it (and making its folder entry durable)
    /// when it does not exist. The folder must exist.
    public init(path: String, calls: SystemCalls = .live) throws(Failure) {
        self.path = path
        let created = access(path, F_OK) != 0
        do {
            descriptor = try FileDescriptor.open(path, .readWrite, options: [.create, .append, .nonBlocking, .noFollow], calls: calls)
        } catch {
            throw error == .symbolicLink ? .symbolicLink : .system(action: "cannot open", error)
        }
        guard (try? descriptor.kind()) == .regularFile else {
            descriptor.close()
            throw .notARegularFile
        }
        if created { Self.syncFolder(of: path) }
    }

    deinit { descriptor.close() }

    /// Runs `body` holding an exclusive `flock` on the file, which serialises writers in
    /// several processes.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        do {
            try descriptor.lockExclusively()
        } catch {
            throw Failure.system(action: "cannot lock", error)
        }
        defer { descriptor.unlock() }
        return try body()
    }

    /// The file's size in bytes.
    public func size() throws(Failure) -> Int64 {
        do { return try descriptor.size() } catch { throw .system(action: "cannot read", error) }
    }

    /// The first line's bytes, without its newline, reading at most `limit` bytes; `terminated`
    /// says whether a newline was found.
    public func firstLine(limit: Int) throws(Failure) -> (bytes: Data, terminated: Bool) {
        let size = try size()
        var line = Data()
        while Int64(line.count) < size, line.count < limit {
            let count = Int(min(Int64(64 << 10), size - Int64(line.count)))
            let block = try read(count: count, at: Int64(line.count))
            if let newline = block.firstIndex(of: 0x0A) {
                line.append(contentsOf: block[..<newline])
                return (line, true)
            }
            line.append(contentsOf: block)
        }
        return (line, false)
    }

    /// Makes the file end at a line boundary: a last line without a newline is kept and
    /// terminated when `isWhole` accepts it, else cut off. Reads only the tail, a block at a
    /// time from the end, so a long log whose last line is whole costs one small read.
    @discardableResult
    public func repairTail(keepingLastLine isWhole: (Data) -> Bool) throws(Failure) -> TailRepair {
        let size = try size()
        guard size > 0, try read(count: 1, at: size - 1) != [0x0A] else { return TailRepair() }
        let keep = try lastLineStart(size: size)
        let tail = Data(try read(count: Int(size - keep), at: keep))
        var repair = TailRepair()
        do {
            if isWhole(tail) {
                try descriptor.writeAll(Data([0x0A]))
                repair.addedNewline = true
            } else {
                try descriptor.truncate(to: keep)
                repair.removedBytes = tail.count
            }
            try descriptor.sync()
        } catch {
            throw .system(action: "cannot repair", error)
        }
        return repair
    }

    /// Appends `line` (which must hold no newline) and its newline in one write, then syncs.
    public func append(_ line: Data) throws(Failure) {
        do {
            try descriptor.writeAll(line + Data([0x0A]))
            try descriptor.sync()
        } catch {
            throw .system(action: "cannot write", error)
        }
    }

    /// Splits `data` into numbered lines; an empty line is kept, and the empty remainder after
    /// a final newline is not a line.
    public static func lines(in data: Data) -> [Line] {
        var lines: [Line] = []
        var start = data.startIndex
        while start < data.endIndex {
            let newline = data[start...].firstIndex(of: 0x0A)
            lines.append(Line(number: lines.count + 1, bytes: Data(data[start..<(newline ?? data.endIndex)]), terminated: newline != nil))
            start = newline.map { data.index(after: $0) } ?? data.endIndex
        }
        return lines
    }

    private func read(count: Int, at offset: Int64) throws(Failure) -> [UInt8] {
        do { return try descriptor.read(count: count, at: offset) } catch { throw .system(action: "cannot read", error) }
    }

    /// The offset just after the last newline before `size` (0 when there is none), scanning
    /// back in 64 KiB steps.
    private func lastLineStart(size: Int64) throws(Failure) -> Int64 {
        var end = size
        while end > 0 {
            let start = max(0, end - (64 << 10))
            let block = try read(count: Int(end - start), at: start)
            if let index = block.lastIndex(of: 0x0A) { return start + Int64(index) + 1 }
            end = start
        }
        return 0
    }

    /// Makes a new file's folder entry durable.
    static func syncFolder(of path: String) {
        AtomicFile.syncFolder(AtomicFile.folderPath(of: path))
    }
}
