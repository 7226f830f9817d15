import Foundation

/// How often read words are right at each level of their reported confidence: the check that a
/// confidence means something (`Docs/Recognition.md`, "Confidence").
///
/// A read word is right when it is one of the words a longest common subsequence of the read
/// words and the truth's words pairs, compared exactly (case and punctuation kept).
public struct ConfidenceTable: Sendable, Equatable {
    /// One level of confidence: the words reported in `range` and how many were right.
    public struct Level: Sendable, Equatable {
        /// The confidences counted, `lowerBound` included, `upperBound` excluded (1 included in the last).
        public var range: Range<Double>
        /// Words reported at this level.
        public var words = 0
        /// Those that were right.
        public var right = 0
        /// The sum of their confidences.
        public var confidenceSum = 0.0
        /// Their mean confidence, 0…1; nil with no words. A calibrated confidence is close to
        /// ``accuracy``.
        public var meanConfidence: Double? { words == 0 ? nil : confidenceSum / Double(words) }
        /// The share right, 0…1; nil with no words.
        public var accuracy: Double? { words == 0 ? nil : Double(right) / Double(words) }
    }

    /// The levels, from the lowest confidence up.
    public private(set) var levels: [Level]

    /// An empty table cut at `bounds` (ascending, inside 0…1).
    public init(bounds: [Double] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
        let edges = [0.0] + bounds + [1.0]
        levels = zip(edges, edges.dropFirst()).map { Level(range: $0..<$1) }
    }

    /// Counts the words of one line: `read`, each with its confidence 0…1, against the truth's words.
    public mutating func add(read: [(word: String, confidence: Double)], truth: [String]) {
        let right = Self.paired(read.map(\.word), truth)
        for (index, word) in read.enumerated() {
            let level = levels.lastIndex { $0.range.lowerBound <= word.confidence } ?? 0
            levels[level].words += 1
            levels[level].confidenceSum += word.confidence
            if right[index] { levels[level].right += 1 }
        }
    }

    /// Adds another table's counts, cut at the same levels.
    public mutating func add(_ other: ConfidenceTable) {
        for index in levels.indices where index < other.levels.count {
            levels[index].words += other.levels[index].words
            levels[index].right += other.levels[index].right
            levels[index].confidenceSum += other.levels[index].confidenceSum
        }
    }

    /// For each of `read`, whether a longest common subsequence with `truth` pairs it.
    static func paired(_ read: [String], _ truth: [String]) -> [Bool] {
        let (n, m) = (read.count, truth.count)
        guard n > 0, m > 0 else { return [Bool](repeating: false, count: n) }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = read[i] == truth[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var right = [Bool](repeating: false, count: n)
        var (i, j) = (0, 0)
        while i < n, j < m {
            if read[i] == truth[j] {
                right[i] = true
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return right
    }

    /// Words counted on one side of a threshold.
    public struct Side: Sendable, Equatable {
        /// Words on this side.
        public var words = 0
        /// Those that were wrong.
        public var wrong = 0
        /// The share wrong, 0…1; nil with no words.
        public var shareWrong: Double? { words == 0 ? nil : Double(wrong) / Double(words) }
    }

    /// The words below `threshold` (uncertain, `Docs/Recognition.md`, "Uncertain words") and
    /// those at or above it, each with how many were wrong. `threshold` is taken at the level
    /// boundary at or below it: the table keeps counts per level, not per word.
    public func split(at threshold: Double) -> (uncertain: Side, certain: Side) {
        var sides = (uncertain: Side(), certain: Side())
        for level in levels {
            let wrong = level.words - level.right
            if level.range.upperBound <= threshold {
                sides.uncertain.words += level.words
                sides.uncertain.wrong += wrong
            } else {
                sides.certain.words += level.words
                sides.certain.wrong += wrong
            }
        }
        return sides
    }

    /// The table as text, one level a line: range, words, their mean confidence, share right.
    public var report: String {
        levels.map { level in
            let range = String(format: "%.1f–%.1f", level.range.lowerBound, level.range.upperBound)
            guard let accuracy = level.accuracy, let mean = level.meanConfidence else { return "  confidence \(range): 0 words" }
            return
                "  confidence \(range): \(level.words) words, mean \(String(format: "%.2f", mean)), \(Int((accuracy * 100).rounded())) % right"
        }.joined(separator: "\n")
    }
}
