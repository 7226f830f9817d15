/// One part of a batch split `count` ways: the inputs whose ``ShardKey`` hashes to `index`
/// (`Docs/Cluster.md`, "Shards").
///
/// `index` counts from 0, as Slurm array task IDs (`--array=0-3`) and Kubernetes completion
/// indexes do. Which shard an input belongs to depends only on its key and on `count`, never
/// on the order of the arguments or on the machine, so every task of an array agrees on the
/// split without talking to the others.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// This shard's number, `0 ..< count`.
    public let index: Int
    /// How many shards the batch is split into, at least 1.
    public let count: Int

    /// The largest shard count accepted: far above any array a scheduler runs, small enough
    /// that the manifest folder stays listable.
    public static let maximumCount = 1_000_000

    /// The whole batch as one shard.
    public static let whole = Shard(uncheckedIndex: 0, count: 1)

    /// `nil` unless `0 <= index < count <= maximumCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N`, as given to `--shard`.
    public var description: String { "\(index)/\(count)" }

    /// `K-of-N`: the shard's name in file names (`manifest/K-of-N.jsonl`).
    public var fileName: String { "\(index)-of-\(count)" }

    /// Whether the input with `key` belongs to this shard.
    public func contains(key: String) -> Bool { Self.index(of: key, count: count) == index }

    /// The shard, `0 ..< count`, that the input with `key` belongs to: a 64-bit hash of the
    /// key's UTF-8 bytes, reduced modulo `count`.
    public static func index(of key: String, count: Int) -> Int {
        Int(StableHash.of(key) % UInt64(max(1, count)))
    }
}
