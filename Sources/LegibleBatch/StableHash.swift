/// A 64-bit hash of a string that is the same on every machine, in every process and in every
/// release (Swift's own `Hasher` is seeded per process, so it cannot split a batch across
/// machines).
///
/// FNV-1a over the UTF-8 bytes, then the SplitMix64 finaliser, which spreads FNV's weak low
/// bits over the whole word so that `hash % count` is balanced for any count
/// (`Docs/Cluster.md`, "Shards").
public enum StableHash {
    /// The hash of `text`'s UTF-8 bytes. Text is not normalised: `é` precomposed and decomposed
    /// hash differently, as they name different files.
    public static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return finalise(hash)
    }

    /// SplitMix64's output function: every input bit affects every output bit.
    public static func finalise(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// `0..<count` in an order fixed by `seed`: a Fisher–Yates shuffle drawn from a stable hash,
    /// so the same seed gives the same order on every machine (the lines `legible adapt` keeps
    /// aside, `Docs/Recognition.md`, "Learning the writer's hand").
    public static func shuffled(_ count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<count)
        var state = seed
        for index in stride(from: count - 1, to: 0, by: -1) {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            let other = Int(finalise(state) % UInt64(index + 1))
            order.swapAt(index, other)
        }
        return order
    }
}
