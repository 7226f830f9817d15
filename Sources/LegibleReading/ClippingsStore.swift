import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A saved piece of a page: the text a user selected and where it was.
public struct Clipping: Codable, Hashable, Sendable {
    /// Unique id (UUID string).
    public var id: String
    /// When it was saved (ISO 8601, UTC).
    public var savedAt: String
    /// The page's image file name, when known.
    public var page: String?
    /// The page's image SHA-256, when known.
    public var pageSHA256: String?
    /// The page's position in its notebook, 0-based.
    public var pageIndex: Int
    /// The selection, UTF-16 offsets `[start, end)` of the page text.
    public var range: [Int]
    /// The selected text.
    public var text: String
    /// The selection rects in page pixels, `[x, y, width, height]` each.
    public var rects: [[Double]]

    /// Creates a clipping.
    public init(
        id: String = UUID().uuidString, savedAt: String = Clipping.now(), page: String?, pageSHA256: String?, pageIndex: Int, range: [Int],
        text: String, rects: [[Double]]
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

    /// The current time, ISO 8601 UTC.
    public static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}

/// Saved clippings in a JSON Lines file that survives a kill at any moment.
///
/// - Each append is one `write(2)` of one complete line on an `O_APPEND` descriptor, followed
///   by `fsync(2)`; ``append(_:)`` returns only after that, so an acknowledged clipping is on
///   disk.
/// - Writers in several processes are serialised with an exclusive `flock(2)` on the file.
/// - A writer killed mid-write can leave a torn last line (no trailing newline). Every append
///   and ``repair()`` first checks the tail under the lock and truncates a torn line back to the
///   last newline. Only that unacknowledged line is ever removed; earlier lines end in a newline
///   and are never touched. ``read()`` reports a torn tail without changing the file.
public final class ClippingsStore {
    /// The JSON Lines file.
    public let url: URL

    /// What ``read()`` found.
    public struct Contents {
        /// Every complete, valid clipping, in file order.
        public var clippings: [Clipping]
        /// Bytes of a torn last line (0 when the file ends cleanly).
        public var tornTailBytes: Int
        /// 1-based numbers of complete lines that are not valid clippings.
        public var invalidLines: [Int]
    }

    /// Why the store failed (one line).
    public struct StoreError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The clipping this instance appended last (after it reached the disk).
    public private(set) var lastAppended: Clipping?

    /// A store at `url`; the file and its folder are created on first append.
    public init(url: URL) {
        self.url = url
    }

    /// The default store: `$LEGIBLE_CLIPPINGS`, else `$XDG_DATA_HOME/legible/clippings.jsonl`,
    /// else `~/.local/share/legible/clippings.jsonl`.
    public static var defaultURL: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LEGIBLE_CLIPPINGS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let base =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent("legible/clippings.jsonl")
    }

    /// Appends one clipping durably. Returns the number of torn bytes repaired first (0 usually).
    @discardableResult
    public func append(_ clipping: Clipping) throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(clipping)
        line.append(0x0A)
        let repaired = try withLockedFile { descriptor in
            let repaired = try repairTail(descriptor)
            try writeAll(descriptor, line)
            guard fsync(descriptor) == 0 else { throw StoreError(description: "fsync \(url.path): \(errorText())") }
            return repaired
        }
        lastAppended = clipping
        return repaired
    }

    /// Truncates a torn last line, under the lock. Returns the bytes removed.
    @discardableResult
    public func repair() throws -> Int {
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        return try withLockedFile { descriptor in
            let removed = try repairTail(descriptor)
            if removed > 0, fsync(descriptor) != 0 { throw StoreError(description: "fsync \(url.path): \(errorText())") }
            return removed
        }
    }

    /// Reads every clipping, reporting (not repairing) a torn tail and invalid lines.
    public func read() throws -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents(clippings: [], tornTailBytes: 0, invalidLines: []) }
        let data = try Data(contentsOf: url)
        var clippings: [Clipping] = []
        var invalid: [Int] = []
        let decoder = JSONDecoder()
        var lineStart = data.startIndex
        var lineNumber = 0
        while let newline = data[lineStart...].firstIndex(of: 0x0A) {
            lineNumber += 1
            let line = data[lineStart..<newline]
            if !line.isEmpty {
                if let clipping = try? decoder.decode(Clipping.self, from: line) {
                    clippings.append(clipping)
                } else {
                    invalid.append(lineNumber)
                }
            }
            lineStart = data.index(after: newline)
        }
        return Contents(clippings: clippings, tornTailBytes: data.endIndex - lineStart, invalidLines: invalid)
    }

    // MARK: File plumbing

    private func withLockedFile<T>(_ body: (Int32) throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent()
        let created = !FileManager.default.fileExists(atPath: url.path)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(description: "cannot create \(folder.path)")
        }
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError(description: "cannot open \(url.path): \(errorText())") }
        defer { close(descriptor) }
        if created {
            // Make the new file's directory entry durable too.
            let directory = open(folder.path, O_RDONLY | O_CLOEXEC)
            if directory >= 0 {
                _ = fsync(directory)
                close(directory)
            }
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError(description: "cannot lock \(url.path): \(errorText())") }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        return try body(descriptor)
    }

    /// If the file does not end in a newline, truncates it after the last newline.
    private func repairTail(_ descriptor: Int32) throws -> Int {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return 0 }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, size - 1) == 1 else { throw StoreError(description: "cannot read \(url.path): \(errorText())") }
        guard last != 0x0A else { return 0 }
        // Scan back for the last newline in 64 KiB steps.
        var end = size
        var keep: off_t = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        search: while end > 0 {
            let start = max(0, end - off_t(buffer.count))
            let count = Int(end - start)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, start) }
            guard read == count else { throw StoreError(description: "cannot read \(url.path): \(errorText())") }
            for index in stride(from: count - 1, through: 0, by: -1) where buffer[index] == 0x0A {
                keep = start + off_t(index) + 1
                break search
            }
            end = start
        }
        guard ftruncate(descriptor, keep) == 0 else { throw StoreError(description: "cannot repair \(url.path): \(errorText())") }
        return Int(size - keep)
    }

    /// Test hook: with `LEGIBLE_CLIPPINGS_SPLIT_WRITES=1` each line is written in two halves
    /// 2 ms apart, so a writer killed at a random moment often leaves a torn line. The
    /// durability test uses it to prove torn lines are repaired without losing acknowledged
    /// entries; a single small `write` is otherwise almost never cut by SIGKILL.
    static let splitWrites = ProcessInfo.processInfo.environment["LEGIBLE_CLIPPINGS_SPLIT_WRITES"] == "1"

    private func writeAll(_ descriptor: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                var chunk = buffer.count - written
                if Self.splitWrites, written == 0 {
                    chunk = buffer.count / 2
                }
                if Self.splitWrites, written > 0, written == buffer.count / 2 { usleep(2_000) }
                let result = write(descriptor, buffer.baseAddress! + written, chunk)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw StoreError(description: "cannot write \(url.path): \(errorText())")
                }
                written += result
            }
        }
    }

    private func errorText() -> String { String(cString: strerror(errno)) }
}
