/// One line of a task's manifest, `DIR/manifest/K-of-N.jsonl` (`Docs/Cluster.md`,
/// "Manifests"): a JSON object tagged by its `record` field.
public enum ManifestRecord: Codable, Equatable, Sendable {
    /// Written when a task starts.
    case task(TaskRecord)
    /// Written when a task has finished with one input.
    case page(PageRecord)

    enum Tag: String, Codable { case task, page }
    enum CodingKeys: String, CodingKey { case record }

    public init(from decoder: Decoder) throws {
        switch try decoder.container(keyedBy: CodingKeys.self).decode(Tag.self, forKey: .record) {
        case .task: self = .task(try TaskRecord(from: decoder))
        case .page: self = .page(try PageRecord(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .task(let task):
            try container.encode(Tag.task, forKey: .record)
            try task.encode(to: encoder)
        case .page(let page):
            try container.encode(Tag.page, forKey: .record)
            try page.encode(to: encoder)
        }
    }
}

extension ManifestRecord {
    /// The latest time a record may carry, seconds since 1970 (the year 5138): far beyond any
    /// clock, short of figures that no report can print.
    static let latestTime = 1e11
    /// The most wall seconds one input may take in a record (about 115 days).
    static let longestSeconds = 1e7

    /// Why the record cannot have been written by a task, or `nil`: a count below zero or a
    /// shard larger than its batch, a time or duration that is not finite or out of range. A
    /// manifest holding one is bad data, never counted (`Docs/Cluster.md`, "Status").
    public var implausibility: String? {
        func time(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= Self.latestTime }
        switch self {
        case .task(let task):
            guard task.inputs >= 0, (0...task.inputs).contains(task.shardInputs) else {
                return "a task record with \(task.shardInputs) of \(task.inputs) inputs"
            }
            return time(task.started) ? nil : "a task record whose start is not a plausible time"
        case .page(let page):
            guard page.seconds.isFinite, (0...Self.longestSeconds).contains(page.seconds) else {
                return "a page record whose seconds are not between 0 and \(Int(Self.longestSeconds))"
            }
            return time(page.finished) ? nil : "a page record whose end is not a plausible time"
        }
    }
}

/// A task's start: which shard it ran and how much work the batch held.
public struct TaskRecord: Codable, Equatable, Sendable {
    /// `K/N`.
    public var shard: String
    /// Inputs in the whole batch, every shard together.
    public var inputs: Int
    /// Inputs in this task's shard.
    public var shardInputs: Int
    /// The host the task ran on.
    public var host: String
    /// When the task started, in seconds since 1970-01-01 UTC.
    public var started: Double
    /// The batch: ``identity(of:)`` of every input's key, every shard together. Tasks of one
    /// batch share it however the batch is split; manifests written before it existed lack it.
    public var batch: String?

    /// Creates the record of a task's start.
    public init(shard: Shard, inputs: Int, shardInputs: Int, host: String, started: Double, batch: String? = nil) {
        self.shard = shard.description
        self.inputs = inputs
        self.shardInputs = shardInputs
        self.host = host
        self.started = started
        self.batch = batch
    }

    /// The batch identity of a list of input keys: 16 hex digits of a stable hash of the keys,
    /// sorted, one a line, so the order of the list does not matter.
    public static func identity(of keys: [String]) -> String {
        let hash = StableHash.of(keys.sorted().joined(separator: "\n"))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// ``shard`` parsed, or `nil` when the record names no valid shard.
    public var parsedShard: Shard? { try? Shard.parse(shard) }
}

/// What became of one input.
public struct PageRecord: Codable, Equatable, Sendable {
    /// How an input ended.
    public enum Status: String, Codable, Sendable {
        /// Recognised (or imported) and every output committed.
        case done
        /// Its outputs already recorded this image and these options; nothing was recognised.
        case upToDate = "up-to-date"
        /// It failed; ``PageRecord/error`` says why.
        case failed
        /// A PDF page that already carries text, left alone (`Docs/PDF.md`, "Reading scanned PDFs").
        case carriesText = "carries-text"
    }

    /// The input's ``ShardKey``: its path relative to the batch root.
    public var input: String
    /// `K/N` of the task that handled it.
    public var shard: String
    /// The image's SHA-256, lower-case hex; absent when the image could not be read.
    public var sha256: String?
    /// How it ended.
    public var status: Status
    /// The files written or kept for it, relative to the output folder.
    public var outputs: [String]
    /// Wall seconds spent on it by its worker, including reading the image.
    public var seconds: Double
    /// When it ended, in seconds since 1970-01-01 UTC.
    public var finished: Double
    /// The failure's one-line message, for ``Status/failed``.
    public var error: String?

    /// Creates the record of one input's end.
    public init(
        input: String, shard: Shard, sha256: String?, status: Status, outputs: [String], seconds: Double, finished: Double,
        error: String?
    ) {
        self.input = input
        self.shard = shard.description
        self.sha256 = sha256
        self.status = status
        self.outputs = outputs
        self.seconds = seconds
        self.finished = finished
        self.error = error
    }
}
