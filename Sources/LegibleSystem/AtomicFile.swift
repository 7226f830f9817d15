import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers see either the old files or the complete new ones, never a
/// half-written file (`Docs/CLI.md`, "Writing outputs"):
/// - every file of a set is first written to a temporary file in its target's folder and
///   flushed to disk; only when all of them are written are they renamed over their targets
///   (rename is atomic within a file system, including NFS with both names in one folder);
/// - if anything fails, every temporary file is removed and no target is touched;
/// - temporary names carry the host and process, `.<name>.legible-<host>-<pid>-<random>.tmp`,
///   so a later run on the same host removes those whose process is gone (a killed run), and
///   never those of a live run or of another host sharing the folder.
public enum AtomicFile {
    /// One file to write: its path and its whole contents.
    public struct Output: Sendable {
        /// Where the file goes.
        public var path: String
        /// Its bytes.
        public var bytes: Data
        /// The permission bits to give it; nil keeps those of the file it replaces, or the
        /// default (0644 less the umask) for a new file.
        public var permissions: mode_t?
        /// `bytes` to be written at `path`, with `permissions` when given.
        public init(path: String, bytes: Data, permissions: mode_t? = nil) {
            self.path = path
            self.bytes = bytes
            self.permissions = permissions
        }
    }

    /// What every temporary name holds, after the target's name.
    static let marker = ".legible-"

    /// This host's name, reduced to characters safe in a file name. A constant of the process,
    /// read once.
    public static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self).filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
        return name.isEmpty ? "host" : name
    }()

    /// Writes one file atomically, first removing its temporaries left by killed runs.
    public static func write(_ data: Data, to path: String, calls: SystemCalls = .live) throws(FileError) {
        removeStaleTemporaries(in: folderPath(of: path), of: (path as NSString).lastPathComponent)
        try commit([Output(path: path, bytes: data)], calls: calls)
    }

    /// Writes every output to a temporary file, then renames them all; on any failure removes
    /// the temporary files and throws ``FileError`` (`.cannotCreate`, `.io`).
    public static func commit(_ outputs: [Output], calls: SystemCalls = .live) throws(FileError) {
        let staging = Staging(calls: calls)
        for output in outputs { try staging.stage(output) }
        try staging.commit()
    }

    /// A set of files written one at a time and renamed together: each ``stage(_:)`` writes
    /// its file's temporary at once, so its bytes need not be held until the commit (a
    /// notebook's copied scans pass through memory one by one). Temporaries not committed are
    /// removed when the staging ends.
    public final class Staging {
        private var staged: [(temporary: String, path: String)] = []
        private var committed = false
        private let calls: SystemCalls

        /// An empty set, whose files are written and renamed with `calls`.
        public init(calls: SystemCalls = .live) { self.calls = calls }

        /// Writes `output` to its temporary file now.
        public func stage(_ output: Output) throws(FileError) {
            staged.append((try AtomicFile.writeTemporary(output, calls: calls), output.path))
        }

        /// Writes `path`'s temporary file now with `write`, given its open descriptor, for an
        /// output made straight into its file rather than held (a scan converted to PNG);
        /// `write` returning false fails the stage, and its temporary is removed.
        public func stage(path: String, writing write: (_ descriptor: Int32) -> Bool) throws(FileError) {
            let (temporary, descriptor, existing) = try AtomicFile.openTemporary(for: path, calls: calls)
            defer { descriptor.close() }
            if let existing { _ = fchmod(descriptor.rawValue, existing & 0o7777) }
            do {
                guard write(descriptor.rawValue) else { throw Errno.current }
                try descriptor.sync()
            } catch {
                unlink(temporary)
                throw FileError(.io, "cannot write \(path): \(error)")
            }
            staged.append((temporary, path))
        }

        /// Renames every staged file over its target; on a failure removes the temporaries.
        public func commit() throws(FileError) {
            for file in staged {
                guard calls.rename(file.temporary, file.path) == 0 else {
                    let error = FileError(.io, "cannot write \(file.path): \(Errno.current)")
                    discard()
                    throw error
                }
            }
            committed = true
            for folder in Set(staged.map { folderPath(of: $0.path) }) { syncFolder(folder) }
        }

        private func discard() {
            for file in staged { unlink(file.temporary) }
            staged = []
        }

        deinit { if !committed { discard() } }
    }

    /// The folder part of `path` (`.` when there is none). Written out because Foundation's
    /// `NSString.deletingLastPathComponent` traps on a one-character path such as `a`.
    public static func folderPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Creates, fills and fsyncs the temporary file for `output`; returns its path.
    static func writeTemporary(_ output: Output, calls: SystemCalls) throws(FileError) -> String {
        let (temporary, descriptor, existing) = try openTemporary(for: output.path, calls: calls)
        // A replaced file keeps its permission bits: a private document must not become
        // readable by all when it is corrected (`Docs/CLI.md`, "Writing outputs").
        if let mode = output.permissions ?? existing { _ = fchmod(descriptor.rawValue, mode & 0o7777) }
        defer { descriptor.close() }
        do {
            try descriptor.writeAll(output.bytes)
            try descriptor.sync()
        } catch {
            unlink(temporary)
            throw FileError(.io, "cannot write \(output.path): \(error)")
        }
        return temporary
    }

    /// Creates the temporary file for `path` in its folder, refusing a `path` that names a
    /// folder, device, FIFO or socket; also returns the mode of the regular file it replaces.
    static func openTemporary(for path: String, calls: SystemCalls) throws(FileError) -> (String, FileDescriptor, mode_t?) {
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileError(.cannotCreate, "cannot create \(path): not a file name")
        }
        // Never rename over a folder, device, FIFO or socket (`-o /dev/full` must not replace
        // the device node): only a regular file, or nothing, may be replaced.
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw FileError(.cannotCreate, "cannot write \(path): it exists and is not a regular file")
        }
        let temporary =
            folderPath(of: path) + "/.\(namePrefix(name))\(marker)\(hostName)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let existing = lstat(path, &status) == 0 ? status.st_mode : nil
        do {
            return (temporary, try FileDescriptor.open(temporary, .writeOnly, options: [.create, .exclusive], calls: calls), existing)
        } catch {
            throw FileError(.cannotCreate, "cannot create \(path): \(error)")
        }
    }

    /// One file written piece by piece and renamed over its target at the end, for an output
    /// too large to hold whole (a PDF of many scans): readers see the old file or the whole new
    /// one. Not committed, its temporary is removed when it ends.
    public final class Streamed {
        /// The target's path.
        public let path: String
        private let temporary: String
        private let descriptor: FileDescriptor
        private let calls: SystemCalls
        private var finished = false
        /// Bytes written so far.
        public private(set) var count = 0

        /// Starts writing `path` (through its temporary), first removing its temporaries left
        /// by killed runs.
        public init(path: String, calls: SystemCalls = .live) throws(FileError) {
            self.path = path
            self.calls = calls
            AtomicFile.removeStaleTemporaries(in: AtomicFile.folderPath(of: path), of: (path as NSString).lastPathComponent)
            let existing: mode_t?
            (temporary, descriptor, existing) = try AtomicFile.openTemporary(for: path, calls: calls)
            if let existing { _ = fchmod(descriptor.rawValue, existing & 0o7777) }
        }

        /// Appends `data`.
        public func append(_ data: Data) throws(FileError) {
            do {
                try descriptor.writeAll(data)
            } catch {
                throw FileError(.io, "cannot write \(path): \(error)")
            }
            count += data.count
        }

        /// Flushes the file to disk and renames it over the target.
        public func commit() throws(FileError) {
            do {
                try descriptor.sync()
            } catch {
                throw FileError(.io, "cannot write \(path): \(error)")
            }
            guard calls.rename(temporary, path) == 0 else { throw FileError(.io, "cannot write \(path): \(Errno.current)") }
            finished = true
            descriptor.close()
            AtomicFile.syncFolder(AtomicFile.folderPath(of: path))
        }

        deinit {
            guard !finished else { return }
            descriptor.close()
            unlink(temporary)
        }
    }

    /// At most 100 UTF-8 bytes of `name`, cut at a character: enough to recognise a temporary,
    /// short enough that the temporary's name stays within the 255-byte file-name limit for
    /// any target name that fits it.
    static func namePrefix(_ name: String) -> String {
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + character.utf8.count <= 100 else { break }
            prefix.append(character)
        }
        return prefix
    }

    /// Makes renames in `folder` durable.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Removes temporary files in `folder` left by killed runs on this host; with `target`, only
    /// those of that file name. Returns how many. A command writing a batch calls it once per
    /// output folder; writing one file does it for that file itself.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String, of target: String? = nil) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let prefix = "\(marker)\(hostName)-"
        let start = target.map { "." + namePrefix($0) + marker } ?? "."
        var removed = 0
        for name in names where name.hasPrefix(start) && name.hasSuffix(".tmp") {
            guard let range = name.range(of: prefix, options: .backwards) else { continue }
            let pidText = name[range.upperBound...].prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink((folder as NSString).appendingPathComponent(name)) == 0 { removed += 1 }
        }
        return removed
    }
}
