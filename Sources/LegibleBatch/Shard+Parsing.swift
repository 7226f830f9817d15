/// Why a shard could not be read from a flag or from the environment; `message` is one line
/// for stderr.
public struct ShardError: Error, Equatable, Sendable {
    /// What was wrong, naming the flag or variable.
    public let message: String

    init(_ message: String) { self.message = message }
}

extension Shard {
    /// Reads `K/N` (`0 <= K < N`), as given to `--shard`.
    public static func parse(_ text: String) throws(ShardError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = decimal(parts[0]), let count = decimal(parts[1]) else {
            throw ShardError("--shard takes K/N with 0 <= K < N, such as 0/4, or auto; got \"\(text)\"")
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ShardError("--shard \(text): K must be at least 0 and below N, and N between 1 and \(maximumCount)")
        }
        return shard
    }

    /// A non-negative decimal number of at most 9 digits (no sign, no spaces), else `nil`.
    static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
