import Foundation
import LegibleSystem

/// Why a manifest could not be read; `message` is one line for stderr.
public struct ManifestError: Error, Equatable, Sendable {
    /// What was wrong: the file and line.
    public let message: String
}

/// The state of a sharded batch, merged from every task's manifest (`Docs/Cluster.md`,
/// "Status"). An input's latest record wins, so a failure that a re-run fixed counts as done.
public struct BatchStatus: Equatable, Sendable {
    /// One input whose latest record is a failure.
    public struct Failure: Equatable, Sendable {
        /// The input's key.
        public var input: String
        /// The failure's message.
        public var error: String
    }

    /// One shard still owing work.
    public struct PendingShard: Equatable, Sendable {
        /// The shard.
        public var shard: Shard
        /// Inputs of the shard not yet done or up to date; `nil` when the shard never
        /// started, so its size is unknown.
        public var owing: Int?
    }

    /// Inputs in the batch, from the latest task record; `nil` when no task has started.
    public var expected: Int?
    /// Inputs whose outputs are all written: their latest record is done or up to date.
    public var done = 0
    /// Of ``done``, those whose latest record found them up to date (a re-run passed them).
    public var upToDate = 0
    /// Records of a recognition (or import), re-runs included: the work the tasks did.
    public var recognitions = 0
    /// Inputs whose latest record is a failure.
    public var failures: [Failure] = []
    /// Inputs recognised more than once (`done` in two records): shards that overlapped.
    public var duplicates: [String] = []
    /// Shards of the latest split that started never or did not finish, in index order.
    public var pending: [PendingShard] = []
    /// Distinct shard counts seen in task records: more than one means the batch was re-split.
    public var shardCounts: [Int] = []
    /// Torn last lines (a task killed mid-write), skipped.
    public var tornLines = 0
    /// Records of other batches written to the same folder, left out: the status is the newest
    /// batch's, the batch of the task that started last.
    public var otherBatchRecords = 0
    /// Recognitions per wall second while any task was working: the union of every task's
    /// span, from its start to its last record, so idle time between re-runs does not count.
    public var pagesPerSecond: Double?
    /// Mean wall seconds a worker spent per recognised page.
    public var secondsPerPage: Double?

    /// Inputs with no record at all; `nil` when no task has started.
    public var missing: Int? { expected.map { max(0, $0 - done - failures.count) } }

    /// Whether every input is done or up to date.
    public var isComplete: Bool { expected != nil && missing == 0 && failures.isEmpty }
}

extension BatchStatus {
    /// Merges manifests, given as (file name, bytes) in any order. Only the newest batch is
    /// judged: a page record belongs to the task record above it in its file, and records of a
    /// batch other than the one of the task that started last are left out and counted
    /// (`Docs/Cluster.md`, "Status").
    public static func merge(_ manifests: [(name: String, bytes: Data)]) throws(ManifestError) -> BatchStatus {
        var tasks: [TaskRecord] = []
        var pages: [(record: PageRecord, batch: String?)] = []
        var spans: [(span: ClosedRange<Double>, batch: String?)] = []
        var torn = 0
        for (name, bytes) in manifests {
            let read = try records(in: bytes, name: name)
            torn += read.torn
            var batch: String?
            for record in read.records {
                switch record {
                case .task(let task):
                    tasks.append(task)
                    batch = task.batch
                    spans.append((task.started...task.started, batch))
                case .page(let page):
                    pages.append((page, batch))
                    if let last = spans.last, page.finished >= last.span.lowerBound {
                        spans[spans.count - 1].span = last.span.lowerBound...page.finished
                    }
                }
            }
        }
        let newest = tasks.max(by: { $0.started < $1.started })?.batch
        let current = pages.filter { $0.batch == newest }.map(\.record)
        let currentTasks = tasks.filter { $0.batch == newest }
        let latest = latestRecords(current)
        var status = summarise(current, latest: latest)
        status.tornLines = torn
        status.otherBatchRecords = pages.count - current.count + tasks.count - currentTasks.count
        status.place(tasks: currentTasks, latest: latest)
        let busy = coveredLength(spans.filter { $0.batch == newest }.map(\.span))
        if status.recognitions > 0, busy > 0 { status.pagesPerSecond = Double(status.recognitions) / busy }
        return status
    }

    /// The records of one manifest, in order, and how many torn lines were skipped (0 or 1);
    /// `name` names the file in errors. Only the last line may be torn (no final newline and not
    /// JSON): that is a kill mid-append, counted and skipped. Anything else unreadable is bad
    /// data.
    public static func records(in bytes: Data, name: String) throws(ManifestError) -> (records: [ManifestRecord], torn: Int) {
        var records: [ManifestRecord] = []
        let decoder = JSONDecoder()
        for line in JSONLinesLog.lines(in: bytes) where !line.bytes.isEmpty {
            let record: ManifestRecord
            do {
                record = try decoder.decode(ManifestRecord.self, from: line.bytes)
            } catch {
                if !line.terminated { return (records, 1) }
                throw ManifestError(message: "\(name) line \(line.number): not a manifest record")
            }
            if let flaw = record.implausibility { throw ManifestError(message: "\(name) line \(line.number): \(flaw)") }
            records.append(record)
        }
        return (records, 0)
    }

    /// Each input's latest record, by key.
    static func latestRecords(_ pages: [PageRecord]) -> [String: PageRecord] {
        var latest: [String: PageRecord] = [:]
        for page in pages {
            if let earlier = latest[page.input], earlier.finished > page.finished { continue }
            latest[page.input] = page
        }
        return latest
    }

    /// Counts by each input's latest record; recognitions and duplicates from every record.
    static func summarise(_ pages: [PageRecord], latest: [String: PageRecord]) -> BatchStatus {
        var status = BatchStatus()
        for page in latest.values.sorted(by: { $0.input < $1.input }) {
            switch page.status {
            case .done: status.done += 1
            case .upToDate, .carriesText:
                // A page left alone for its text is as finished as one found up to date.
                status.done += 1
                status.upToDate += 1
            case .failed: status.failures.append(Failure(input: page.input, error: page.error ?? "failed"))
            }
        }
        let work = pages.filter { $0.status == .done }
        var recognised: [String: Int] = [:]
        for page in work { recognised[page.input, default: 0] += 1 }
        status.duplicates = recognised.filter { $0.value > 1 }.keys.sorted()
        status.recognitions = work.count
        if !work.isEmpty { status.secondsPerPage = work.reduce(0) { $0 + $1.seconds } / Double(work.count) }
        return status
    }

    /// The batch size and the shards still owing work, from the task records.
    mutating func place(tasks: [TaskRecord], latest: [String: PageRecord]) {
        shardCounts = Set(tasks.compactMap { $0.parsedShard?.count }).sorted()
        guard let newest = tasks.max(by: { $0.started < $1.started }), let split = newest.parsedShard?.count else { return }
        expected = newest.inputs
        var latestTask: [Int: TaskRecord] = [:]
        for task in tasks {
            guard let shard = task.parsedShard, shard.count == split else { continue }
            if let earlier = latestTask[shard.index], earlier.started > task.started { continue }
            latestTask[shard.index] = task
        }
        var settled: [String: Set<String>] = [:]
        for page in latest.values where page.status != .failed { settled[page.shard, default: []].insert(page.input) }
        for index in 0..<split {
            let shard = Shard(index: index, count: split)!
            guard let task = latestTask[index] else {
                pending.append(PendingShard(shard: shard, owing: nil))
                continue
            }
            let owing = task.shardInputs - (settled[shard.description]?.count ?? 0)
            if owing > 0 { pending.append(PendingShard(shard: shard, owing: owing)) }
        }
    }

    /// The length of the union of `spans`.
    static func coveredLength(_ spans: [ClosedRange<Double>]) -> Double {
        var total = 0.0
        var current: ClosedRange<Double>?
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, span.lowerBound <= open.upperBound {
                current = open.lowerBound...max(open.upperBound, span.upperBound)
            } else {
                total += current.map { $0.upperBound - $0.lowerBound } ?? 0
                current = span
            }
        }
        return total + (current.map { $0.upperBound - $0.lowerBound } ?? 0)
    }
}
