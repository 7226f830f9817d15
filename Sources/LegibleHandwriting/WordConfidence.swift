/// A handwritten word's confidence as the share of such words that are right
/// (`Docs/Recognition.md`, "Confidence"): the mean probability of its characters, mapped by
/// how often words of that mean were right on the real corpus's English letters and 1914 diary,
/// apart for words in the page language's list and words outside it (numbers and names among
/// them), which were right about one time in fifty.
public enum WordConfidence {
    /// (mean character probability, share right) for words in the list, ascending; read
    /// between the points on straight lines.
    static let known: [(Double, Double)] = [
        (0, 0.05), (0.25, 0.12), (0.55, 0.23), (0.65, 0.34), (0.75, 0.40), (0.85, 0.49), (0.925, 0.67), (0.975, 0.72), (1, 0.75),
    ]
    /// The same for words outside it.
    static let unknown: [(Double, Double)] = [(0, 0), (0.75, 0.01), (0.85, 0.06), (0.925, 0.12), (1, 0.2)]

    /// The share of words read with mean character probability `mean` (0…1) that were right,
    /// 0…1; `listed` when the word, without the punctuation around it, is in the list.
    public static func calibrated(_ mean: Double, listed: Bool) -> Double {
        let points = listed ? known : unknown
        let x = min(max(mean.isFinite ? mean : 0, 0), 1)
        guard let upper = points.firstIndex(where: { $0.0 >= x }), upper > 0 else { return points[0].1 }
        let (a, b) = (points[upper - 1], points[upper])
        return a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0)
    }

    /// `word` without the punctuation around it, as the list is looked up.
    public static func core(_ word: String) -> Substring {
        let isWordy: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "\u{2019}" }
        guard let first = word.firstIndex(where: isWordy), let last = word.lastIndex(where: isWordy) else { return "" }
        return word[first...last]
    }
}
