import Foundation
import LegibleBatch
import LegibleReading

#if canImport(Glibc)
    import Glibc
#endif

/// A task's manifest, `DIR/manifest/K-of-N.jsonl`, appended one record per line
/// (`Docs/Cluster.md`, "Manifests").
///
/// Each record is one `write(2)` of a whole line on an `O_APPEND` descriptor, then `fsync`, so
/// a kill leaves at most one torn last line. Opening the log cuts such a line off, so the
/// file is whole JSON lines again before anything is appended; `legible status` skips a torn
/// line it finds. One shard's file has one writer at a time: a scheduler runs each array task
/// once, and requeues it only after the previous run has ended.
final class ManifestLog: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    private let lock = NSLock()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Opens (creating) the manifest of `shard` in `output`; throws 73 or 74.
    init(output: String, shard: Shard) throws {
        let folder = (output as NSString).appendingPathComponent("manifest")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreate("cannot create manifest folder \(folder)")
        }
        path = (folder as NSString).appendingPathComponent(shard.fileName + ".jsonl")
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CLIError.cannotCreate("cannot create \(path): \(AtomicFile.errorText())") }
        try cutTornLine()
    }

    deinit { close(descriptor) }

    /// Appends `record` as one line and makes it durable; throws 74.
    func append(_ record: ManifestRecord) throws {
        // Workers append from their own threads; the shared encoder is used under the lock too.
        lock.lock()
        defer { lock.unlock() }
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        if let failure = WriteAll.write(line, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            throw CLIError.io("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Truncates the file after its last newline, removing a line a killed run left half
    /// written. Only the tail is read, a block at a time from the end, so opening a long
    /// manifest costs one small read when its last line is whole.
    private func cutTornLine() throws {
        var end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw CLIError.io("cannot read \(path): \(AtomicFile.errorText())") }
        let size = end
        var block = [UInt8](repeating: 0, count: 64 << 10)
        while end > 0 {
            let start = max(0, end - off_t(block.count))
            let count = Int(end - start)
            guard pread(descriptor, &block, count, start) == count else {
                throw CLIError.io("cannot read \(path): \(AtomicFile.errorText())")
            }
            if let newline = block[..<count].lastIndex(of: UInt8(ascii: "\n")) {
                let keep = start + off_t(newline) + 1
                guard keep < size else { return }
                return try truncate(to: keep)
            }
            end = start
        }
        if size > 0 { try truncate(to: 0) }
    }

    private func truncate(to length: off_t) throws {
        guard ftruncate(descriptor, length) == 0, fsync(descriptor) == 0 else {
            throw CLIError.io("cannot repair \(path): \(AtomicFile.errorText())")
        }
    }
}
