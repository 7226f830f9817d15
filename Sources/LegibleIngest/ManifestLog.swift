import Foundation
import LegibleBatch
import LegibleSystem

/// A task's manifest, `DIR/manifest/K-of-N.jsonl`: one record per line in a ``JSONLinesLog``
/// (`Docs/Cluster.md`, "Manifests"). Opening it repairs a torn last line, so the file is whole
/// JSON lines again before anything is appended; `legible status` skips a torn line it finds.
/// One shard's file has one writer at a time: a scheduler runs each array task once, and
/// requeues it only after the previous run has ended.
public final class ManifestLog: @unchecked Sendable {
    // Sendable by its lock: workers append from their own threads, and the encoder and the
    // log are used only under it.
    private let log: JSONLinesLog
    private let lock = NSLock()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Opens (creating) the manifest of `shard` in the folder `output`.
    /// - Throws: ``FileError`` `.cannotCreate` or `.io`.
    public init(output: String, shard: Shard, calls: SystemCalls = .live) throws(FileError) {
        let folder = (output as NSString).appendingPathComponent("manifest")
        try OutputFolder.make(folder, naming: "manifest folder")
        let path = (folder as NSString).appendingPathComponent(shard.fileName + ".jsonl")
        do {
            log = try JSONLinesLog(path: path, calls: calls)
            let decoder = JSONDecoder()
            try log.repairTail(keepingLastLine: { (try? decoder.decode(ManifestRecord.self, from: $0)) != nil })
        } catch {
            throw Self.fileError(error, path: path)
        }
    }

    /// Appends `record` as one line and makes it durable.
    /// - Throws: ``FileError`` `.io`.
    public func append(_ record: ManifestRecord) throws {
        lock.lock()
        defer { lock.unlock() }
        let line = try encoder.encode(record)
        do {
            try log.append(line)
        } catch {
            throw Self.fileError(error, path: log.path)
        }
    }

    /// Appends the record of `outcome`, whose image has manifest key `key`; returns the error
    /// instead of throwing, as it runs on a worker thread.
    func log(_ outcome: PageOutcome, key: String, shard: Shard?) -> (any Error)? {
        let status: PageRecord.Status =
            outcome.failure != nil ? .failed : outcome.carriesText ? .carriesText : outcome.skipped ? .upToDate : .done
        let record = PageRecord(
            input: key, shard: shard ?? .whole, sha256: outcome.sha256, status: status, outputs: outcome.outputs,
            seconds: (outcome.seconds * 1000).rounded() / 1000, finished: Date().timeIntervalSince1970, error: outcome.failureMessage)
        do {
            try append(.page(record))
            return nil
        } catch {
            return error
        }
    }

    /// The record a sharded task writes when it starts.
    public static func taskRecord(_ plan: IngestPlan) -> TaskRecord {
        TaskRecord(
            shard: plan.shard ?? .whole, inputs: plan.total, shardInputs: plan.pages.count, host: AtomicFile.hostName,
            started: Date().timeIntervalSince1970, batch: plan.identity)
    }

    private static func fileError(_ failure: JSONLinesLog.Failure, path: String) -> FileError {
        switch failure {
        case .symbolicLink: FileError(.cannotCreate, "cannot create \(path): it is a symbolic link")
        case .notARegularFile: FileError(.cannotCreate, "cannot create \(path): it exists and is not a regular file")
        case .system("cannot open", let error): FileError(.cannotCreate, "cannot create \(path): \(error)")
        case .system(let action, let error): FileError(.io, "\(action) \(path): \(error)")
        }
    }
}
