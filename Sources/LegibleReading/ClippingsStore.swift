import Foundation
import LegibleLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A saved piece of a page: the text a user selected and where it was. Stored as one JSON
/// object per line: `range` as `[start, end]`, `rects` as `[[x, y, width, height]]`, `savedAt`
/// as ISO 8601 in UTC (`Docs/Reading.md`, "Clippings store").
public struct Clipping: Codable, Hashable, Sendable {
    /// Unique id (UUID string).
    public var id: String
    /// When it was saved, to the second.
    public var savedAt: Date
    /// The page's image file name, when known.
    public var page: String?
    /// The page's image SHA-256, when known.
    public var pageSHA256: String?
    /// The page's position in its notebook, 0-based.
    public var pageIndex: Int
    /// The selection: UTF-16 offsets `[start, end)` of the page text.
    public var range: UTF16Span
    /// The selected text.
    public var text: String
    /// The selection rects, in image pixels of the page.
    public var rects: [PixelBox]

    /// Creates a clipping; `savedAt` defaults to now, truncated to the second.
    public init(
        id: String = UUID().uuidString, savedAt: Date = Clipping.now(), page: String?, pageSHA256: String?, pageIndex: Int,
        range: UTF16Span, text: String, rects: [PixelBox]
    ) {
        self.id = id
        self.savedAt = savedAt
        self.page = page
        self.pageSHA256 = pageSHA256
        self.pageIndex = pageIndex
        self.range = range
        self.text = text
        self.rects = rects
    }

    /// The current time, to the whole second (what ISO 8601 without fractions keeps).
    public static func now() -> Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }

    /// The encoder the store writes lines with: sorted keys, ISO 8601 dates.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder the store reads lines with.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// Saved clippings in a JSON Lines file that survives a kill at any moment.
///
/// - Each append is one `write(2)` of one complete line on an `O_APPEND` descriptor, followed
///   by `fsync(2)`; ``append(_:)`` returns only after that, so an acknowledged clipping is on
///   disk.
/// - Writers in several processes are serialised with an exclusive `flock(2)` on the file.
/// - Reading never changes the file: ``read()`` opens it read-only, so a store that is
///   readable but not writable still lists, and a listing can never lose an entry.
/// - Repair happens only inside a write, under the lock, and only for a tail that is not a
///   complete valid entry: a writer killed mid-write leaves a torn last line (no trailing
///   newline), which the next append truncates back to the last newline. A complete, valid
///   entry that merely lacks its newline (a hand-edited file) is kept and terminated instead.
/// - A file proves it is a clippings store before anything is written to it: its first line is
///   a clipping, or, when it has no complete line, the torn start of one. A file that is not a
///   store (`README.md`, a JSON settings file or `package.json`, any JSON object that is not a
///   clipping) is refused by every append and every read, so `--store` can never truncate or
///   append to it. A symbolic link is refused for writing: the store is the file named.
///   (`Docs/Reading.md`, "Clippings store".)
///
/// See `Docs/Reading.md`, "Clippings store".
public final class ClippingsStore {
    /// The JSON Lines file.
    public let url: URL

    /// What ``read()`` found.
    public struct Contents {
        /// Every complete, valid clipping, in file order.
        public var clippings: [Clipping]
        /// Bytes of a torn last line (0 when the file ends cleanly); the next append removes them.
        public var tornTailBytes: Int
        /// 1-based numbers of complete lines that are not valid clippings.
        public var invalidLines: [Int]
    }

    /// Why the store failed (one line).
    public struct StoreError: Error, CustomStringConvertible {
        /// The closed set of failures, so callers can map each to an exit status.
        public enum Kind: Sendable {
            /// The file exists but is not a clippings store; nothing was written.
            case notAStore
            /// Opening, locking, reading, writing or syncing failed.
            case io
        }
        /// What kind of failure this is.
        public var kind: Kind
        /// One line naming the file and the cause.
        public var description: String
    }

    /// The clipping this instance appended last (after it reached the disk).
    public private(set) var lastAppended: Clipping?

    /// Why this instance's last append failed, when it did (cleared by a successful append).
    public private(set) var lastFailure: StoreError?

    /// A store at `url`; the file and its folder are created on first append.
    public init(url: URL) {
        self.url = url
    }

    /// The default store for this platform (`Docs/Reading.md`, "Clippings store"):
    /// `$LEGIBLE_CLIPPINGS` when set; on Apple platforms `legible/clippings.jsonl` in the app's
    /// Application Support folder; elsewhere `$XDG_DATA_HOME/legible/clippings.jsonl`, else
    /// `~/.local/share/legible/clippings.jsonl`. An app that wants another place passes its own
    /// URL to ``init(url:)``.
    public static var defaultURL: URL { defaultURL(environment: ProcessInfo.processInfo.environment) }

    /// ``defaultURL`` for a given environment.
    public static func defaultURL(environment: [String: String]) -> URL {
        if let path = environment["LEGIBLE_CLIPPINGS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        #if canImport(Darwin)
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSTemporaryDirectory())
        #else
            let base =
                environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        #endif
        return base.appendingPathComponent("legible/clippings.jsonl")
    }

    /// Appends one clipping durably. Returns the number of torn bytes repaired first (0 usually).
    /// - Throws: ``StoreError`` (`.notAStore` when the file holds something else, `.io`).
    @discardableResult
    public func append(_ clipping: Clipping) throws -> Int {
        let entry = try Clipping.encoder.encode(clipping) + Data([0x0A])
        do {
            let repaired = try withLockedFile { descriptor in
                let tail = try prepareTail(descriptor)
                try writeAll(descriptor, tail.needsNewline ? Data([0x0A]) + entry : entry)
                guard fsync(descriptor) == 0 else { throw failure(.io, "fsync") }
                return tail.removedBytes
            }
            lastAppended = clipping
            lastFailure = nil
            return repaired
        } catch let error as StoreError {
            lastFailure = error
            throw error
        }
    }

    /// Truncates a torn last line, under the lock, without appending. Returns the bytes removed.
    /// A complete valid last entry without its newline is kept (and terminated).
    @discardableResult
    public func repair() throws -> Int {
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        return try withLockedFile { descriptor in
            let tail = try prepareTail(descriptor)
            if tail.needsNewline { try writeAll(descriptor, Data([0x0A])) }
            if tail.changed, fsync(descriptor) != 0 { throw failure(.io, "fsync") }
            return tail.removedBytes
        }
    }

    /// Reads every clipping without changing the file, reporting (never repairing) a torn tail
    /// and invalid lines. A valid last entry without its trailing newline counts as complete.
    /// - Throws: ``StoreError`` (`.notAStore` for a file that is something else, `.io`).
    public func read() throws -> Contents {
        guard let data = try bytes() else { return Contents(clippings: [], tornTailBytes: 0, invalidLines: []) }
        if !data.isEmpty {
            let newline = data.firstIndex(of: 0x0A)
            guard Self.isStore(firstLine: data[..<(newline ?? data.endIndex)], terminated: newline != nil) else { throw notAStore }
        }
        var contents = Contents(clippings: [], tornTailBytes: 0, invalidLines: [])
        let decoder = Clipping.decoder
        var lineNumber = 0
        var lineStart = data.startIndex
        while lineStart < data.endIndex {
            lineNumber += 1
            let newline = data[lineStart...].firstIndex(of: 0x0A)
            let line = data[lineStart..<(newline ?? data.endIndex)]
            if let clipping = Self.decode(line, with: decoder) {
                contents.clippings.append(clipping)
            } else if newline == nil {
                contents.tornTailBytes = line.count
            } else if !line.isEmpty {
                contents.invalidLines.append(lineNumber)
            }
            lineStart = newline.map { data.index(after: $0) } ?? data.endIndex
        }
        return contents
    }

    /// The file's bytes, read with `open`/`read` on a read-only, non-blocking descriptor (so a
    /// FIFO cannot block); `nil` when there is no file. (Foundation's `Data(contentsOf:)` leaks a
    /// buffer on an empty file.)
    private func bytes() throws -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(.io, "cannot read")
        }
        defer { close(descriptor) }
        try requireRegularFile(descriptor)
        do {
            return try ReadAll.read(from: descriptor)
        } catch .system(let code) {
            throw failure(.io, "cannot read", code: code)
        } catch {
            throw failure(.io, "cannot read", code: EFBIG)
        }
    }

    static func decode(_ line: Data, with decoder: JSONDecoder = Clipping.decoder) -> Clipping? {
        try? decoder.decode(Clipping.self, from: line)
    }

    /// Whether a file whose first line is `firstLine` is a clippings store: that line is a
    /// clipping, or, in a file with no complete line, the torn start of the first one (it starts
    /// as the store writes an entry, `{"id":"`, and is not a whole JSON value of another kind).
    static func isStore(firstLine: Data, terminated: Bool) -> Bool {
        if decode(firstLine) != nil { return true }
        guard !terminated, firstLine.starts(with: Data("{\"id\":\"".utf8)) else { return false }
        return (try? JSONSerialization.jsonObject(with: firstLine, options: [.fragmentsAllowed])) == nil
    }

    /// The longest first line a store is read for when it proves itself: far longer than any
    /// clipping of a page, short enough that a huge file of something else costs little.
    static let firstLineLimit = 16 << 20

    static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    }

    // MARK: File plumbing

    private func withLockedFile<T>(_ body: (Int32) throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent()
        let created = !FileManager.default.fileExists(atPath: url.path)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(kind: .io, description: "cannot create \(folder.path)")
        }
        // O_NOFOLLOW: a symbolic link named as the store could reach any file (Docs/Reading.md).
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw StoreError(kind: .notAStore, description: "\(url.path) is a symbolic link, not a clippings store") }
            throw failure(.io, "cannot open")
        }
        defer { close(descriptor) }
        try requireRegularFile(descriptor)
        if created {
            // Make the new file's directory entry durable too.
            let directory = open(folder.path, O_RDONLY | O_CLOEXEC)
            if directory >= 0 {
                _ = fsync(directory)
                close(directory)
            }
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure(.io, "cannot lock") }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body(descriptor)
    }

    /// What ``prepareTail(_:)`` did to the end of the file.
    private struct Tail {
        var removedBytes = 0
        var needsNewline = false
        var changed: Bool { removedBytes > 0 || needsNewline }
    }

    /// Under the lock: refuses a file that is not a store, then makes the file end at a line
    /// boundary. A last line without a newline is kept when it is a complete valid entry (the
    /// caller writes the newline) and truncated when it is torn.
    private func prepareTail(_ descriptor: Int32) throws -> Tail {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return Tail() }
        try requireStore(descriptor, size: size)
        guard try byte(descriptor, at: size - 1) != 0x0A else { return Tail() }
        let keep = try lastLineStart(descriptor, size: size)
        var tail = [UInt8](repeating: 0, count: Int(size - keep))
        guard tail.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, $0.count, keep) }) == tail.count else {
            throw failure(.io, "cannot read")
        }
        if Self.decode(Data(tail)) != nil { return Tail(needsNewline: true) }
        guard ftruncate(descriptor, keep) == 0 else { throw failure(.io, "cannot repair") }
        return Tail(removedBytes: tail.count)
    }

    /// Refuses a file whose first line does not prove it a store (``isStore(firstLine:terminated:)``).
    private func requireStore(_ descriptor: Int32, size: off_t) throws {
        var line = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while off_t(line.count) < size, line.count < Self.firstLineLimit {
            let count = Int(min(off_t(buffer.count), size - off_t(line.count)))
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(line.count)) }
            guard read == count else { throw failure(.io, "cannot read") }
            if let newline = buffer[..<count].firstIndex(of: 0x0A) {
                line.append(contentsOf: buffer[..<newline])
                guard Self.isStore(firstLine: line, terminated: true) else { throw notAStore }
                return
            }
            line.append(contentsOf: buffer[..<count])
        }
        guard off_t(line.count) == size, Self.isStore(firstLine: line, terminated: false) else { throw notAStore }
    }

    private func byte(_ descriptor: Int32, at offset: off_t) throws -> UInt8 {
        var value: UInt8 = 0
        guard pread(descriptor, &value, 1, offset) == 1 else { throw failure(.io, "cannot read") }
        return value
    }

    /// The offset just after the last newline before `size` (0 when there is none), scanning
    /// back in 64 KiB steps.
    private func lastLineStart(_ descriptor: Int32, size: off_t) throws -> off_t {
        var end = size
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while end > 0 {
            let start = max(0, end - off_t(buffer.count))
            let count = Int(end - start)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, start) }
            guard read == count else { throw failure(.io, "cannot read") }
            if let index = buffer[..<count].lastIndex(of: 0x0A) { return start + off_t(index) + 1 }
            end = start
        }
        return 0
    }

    /// Test hook: with `LEGIBLE_CLIPPINGS_SPLIT_WRITES=1` each line is written in two halves
    /// 2 ms apart, so a writer killed at a random moment often leaves a torn line. The
    /// durability test uses it to prove torn lines are repaired without losing acknowledged
    /// entries; a single small `write` is otherwise almost never cut by SIGKILL.
    static let splitWrites = ProcessInfo.processInfo.environment["LEGIBLE_CLIPPINGS_SPLIT_WRITES"] == "1"

    /// Writes `data` whole; with the test hook, in two halves 2 ms apart.
    private func writeAll(_ descriptor: Int32, _ data: Data) throws {
        let parts = Self.splitWrites && data.count > 1 ? [data.prefix(data.count / 2), data.dropFirst(data.count / 2)] : [data[...]]
        for (index, part) in parts.enumerated() {
            if index > 0 { usleep(2_000) }
            if let error = WriteAll.write(Data(part), to: descriptor) { throw failure(.io, "cannot write", code: error) }
        }
    }

    private var notAStore: StoreError {
        StoreError(kind: .notAStore, description: "\(url.path) is not a clippings store (its first line is not a clipping)")
    }

    /// A store is a regular file; a folder, FIFO or device is refused before any read or write.
    private func requireRegularFile(_ descriptor: Int32) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(kind: .notAStore, description: "\(url.path) is not a regular file, so not a clippings store")
        }
    }

    /// A failure naming the action, the file and the system's reason (`errno` by default).
    private func failure(_ kind: StoreError.Kind, _ action: String, code: Int32 = errno) -> StoreError {
        StoreError(kind: kind, description: "\(action) \(url.path): \(String(cString: strerror(code)))")
    }
}
