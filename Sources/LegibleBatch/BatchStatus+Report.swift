import Foundation
import LegibleSystem

// A batch's status read from its folder and told (`Docs/Cluster.md`, "Status").
extension BatchStatus {
    /// How many failures and pending shards the report lists before "and N more".
    static let listed = 20

    /// Every `*.jsonl` in `folder`, as (path, bytes); `missingInput` when there is none.
    public static func manifests(in folder: String) throws -> [(name: String, bytes: Data)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileError(.missingInput, "\(folder): no such folder; a sharded ingest (--shard) writes it")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        guard !names.isEmpty else { throw FileError(.missingInput, "\(folder): holds no manifests (*.jsonl)") }
        return try names.map { name in
            let path = (folder as NSString).appendingPathComponent(name)
            return (path, try InputFile.read(path, what: "a manifest"))
        }
    }

    /// The report for people: counts, throughput, then what needs doing, one line each, control
    /// characters escaped.
    public var report: String {
        let status = self
        let expected = status.expected.map(String.init) ?? "?"
        var lines = [
            "\(status.done) done (\(status.upToDate) found up to date), \(status.failures.count) failed, \(status.missing.map(String.init) ?? "?") missing, of \(expected) inputs"
        ]
        if let rate = status.pagesPerSecond, let perPage = status.secondsPerPage {
            lines.append(
                String(
                    format: "throughput %.2f pages/s over %d recognitions; %.3f s per page per worker", rate, status.recognitions, perPage))
        }
        lines += Self.limited(
            status.pending.map { pending in
                "shard \(pending.shard): " + (pending.owing.map { "\($0) inputs not done" } ?? "never started")
            })
        lines += Self.limited(status.failures.map { "failed \($0.input): \($0.error)" })
        if !status.duplicates.isEmpty { lines.append("recognised more than once: \(status.duplicates.count) inputs (shards overlapped)") }
        if status.shardCounts.count > 1 {
            lines.append("manifests from \(status.shardCounts.count) different splits: \(status.shardCounts)")
        }
        if status.tornLines > 0 { lines.append("skipped \(status.tornLines) torn last lines (tasks killed mid-write)") }
        if status.otherBatchRecords > 0 {
            lines.append("left out \(status.otherBatchRecords) records of another batch written to this folder earlier")
        }
        lines.append(status.isComplete ? "complete" : "incomplete")
        return lines.map { TerminalText.escaped($0, keepingNewlines: false) }.joined(separator: "\n") + "\n"
    }

    static func limited(_ lines: [String]) -> [String] {
        lines.count <= listed ? lines : Array(lines.prefix(listed)) + ["… and \(lines.count - listed) more"]
    }
}

/// A batch's status as one JSON object (`legible status --json`).
public struct StatusOutput: Encodable, Sendable {
    struct Pending: Encodable {
        var shard: String
        var owing: Int?
    }
    struct Failure: Encodable {
        var input: String
        var error: String
    }
    var complete: Bool
    var expected: Int?
    var done: Int
    var upToDate: Int
    var recognitions: Int
    var failed: Int
    var missing: Int?
    var pagesPerSecond: Double?
    var secondsPerPage: Double?
    var pending: [Pending]
    var failures: [Failure]
    var duplicates: [String]
    var shardCounts: [Int]
    var tornLines: Int
    var otherBatchRecords: Int

    /// The JSON form of `status`.
    public init(_ status: BatchStatus) {
        complete = status.isComplete
        expected = status.expected
        done = status.done
        upToDate = status.upToDate
        recognitions = status.recognitions
        failed = status.failures.count
        missing = status.missing
        pagesPerSecond = status.pagesPerSecond
        secondsPerPage = status.secondsPerPage
        pending = status.pending.map { Pending(shard: $0.shard.description, owing: $0.owing) }
        failures = status.failures.map { Failure(input: $0.input, error: $0.error) }
        duplicates = status.duplicates
        shardCounts = status.shardCounts
        tornLines = status.tornLines
        otherBatchRecords = status.otherBatchRecords
    }
}
