import Foundation
import LegibleLayout
import LegibleSystem

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

    /// The system calls the store makes (``SystemCalls/live`` unless a test gave others).
    let calls: SystemCalls

    /// A store at `url`; the file and its folder are created on first append. `calls` are the
    /// system calls it makes: a test passes ones that fail or tear writes.
    public init(url: URL, calls: SystemCalls = .live) {
        self.url = url
        self.calls = calls
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
        let entry = try Clipping.encoder.encode(clipping)
        do {
            let repaired = try withLockedLog { log in
                let repair = try prepareTail(log)
                try log.append(entry)
                return repair.removedBytes
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
        return try withLockedLog { log in try prepareTail(log).removedBytes }
    }

    /// Reads every clipping without changing the file, reporting (never repairing) a torn tail
    /// and invalid lines. A valid last entry without its trailing newline counts as complete.
    /// - Throws: ``StoreError`` (`.notAStore` for a file that is something else, `.io`).
    public func read() throws -> Contents {
        var contents = Contents(clippings: [], tornTailBytes: 0, invalidLines: [])
        guard let data = try bytes() else { return contents }
        let lines = JSONLinesLog.lines(in: data)
        if let first = lines.first, !Self.isStore(firstLine: first.bytes, terminated: first.terminated) { throw notAStore }
        let decoder = Clipping.decoder
        for line in lines {
            if let clipping = Self.decode(line.bytes, with: decoder) {
                contents.clippings.append(clipping)
            } else if !line.terminated {
                contents.tornTailBytes = line.bytes.count
            } else if !line.bytes.isEmpty {
                contents.invalidLines.append(line.number)
            }
        }
        return contents
    }

    /// The file's bytes, read on a read-only, non-blocking descriptor (so a FIFO cannot block);
    /// `nil` when there is no file.
    private func bytes() throws -> Data? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(url.path, .readOnly, options: .nonBlocking, calls: calls)
        } catch {
            if error == .noSuchFile { return nil }
            throw failure("cannot read", error)
        }
        defer { descriptor.close() }
        guard (try? descriptor.kind()) == .regularFile else { throw notARegularFile }
        do {
            return try descriptor.readAll()
        } catch .system(let error) {
            throw failure("cannot read", error)
        } catch {
            throw failure("cannot read", .fileTooLarge)
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

    // MARK: File plumbing

    /// Opens the store as a ``JSONLinesLog`` (creating it and its folder) and runs `body`
    /// holding the log's lock.
    private func withLockedLog<T>(_ body: (JSONLinesLog) throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(kind: .io, description: "cannot create \(folder.path)")
        }
        do {
            let log = try JSONLinesLog(path: url.path, calls: calls)
            return try log.withLock { try body(log) }
        } catch let failure as JSONLinesLog.Failure {
            throw storeError(failure)
        }
    }

    /// Under the lock: refuses a file that is not a store, then makes the file end at a line
    /// boundary, keeping a last line that is a complete clipping.
    private func prepareTail(_ log: JSONLinesLog) throws -> JSONLinesLog.TailRepair {
        let size = try log.size()
        guard size > 0 else { return JSONLinesLog.TailRepair() }
        let first = try log.firstLine(limit: Self.firstLineLimit)
        let proven = first.terminated || Int64(first.bytes.count) == size
        guard proven, Self.isStore(firstLine: first.bytes, terminated: first.terminated) else { throw notAStore }
        return try log.repairTail(keepingLastLine: { Self.decode($0) != nil })
    }

    /// The store's error for a failure of its log.
    private func storeError(_ failure: JSONLinesLog.Failure) -> StoreError {
        switch failure {
        case .symbolicLink: StoreError(kind: .notAStore, description: "\(url.path) is a symbolic link, not a clippings store")
        case .notARegularFile: notARegularFile
        case .system(let action, let error): self.failure(action, error)
        }
    }

    private var notAStore: StoreError {
        StoreError(kind: .notAStore, description: "\(url.path) is not a clippings store (its first line is not a clipping)")
    }

    /// A store is a regular file; a folder, FIFO or device is refused before any read or write.
    private var notARegularFile: StoreError {
        StoreError(kind: .notAStore, description: "\(url.path) is not a regular file, so not a clippings store")
    }

    /// An I/O failure naming the action, the file and the system's reason.
    private func failure(_ action: String, _ error: Errno) -> StoreError {
        StoreError(kind: .io, description: "\(action) \(url.path): \(error)")
    }
}
