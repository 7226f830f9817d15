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

    /// (confidence as the maps above give it, share right) for words read with the French hand
    /// head (`Docs/Recognition.md`, "A French hand"), ascending: it reads surer words than the
    /// model's own layer, so the same mean is right more often. Drawn through the shares measured
    /// on the real corpus's diary and French sheets read with it (`ingest -l fra --reader auto`,
    /// 2,942 words), as the maps above were drawn on its English letters and diary.
    /// Its top was raised where PP-OCRv6 small's surest words were right more often (86 % on
    /// those pages, against 80 %).
    static let frenchHand: [(Double, Double)] = [
        (0, 0.04), (0.025, 0.06), (0.155, 0.21), (0.24, 0.28), (0.355, 0.48), (0.44, 0.59), (0.545, 0.71), (0.655, 0.80), (0.665, 0.86),
        (1, 0.87),
    ]

    /// (confidence as `known` and `unknown` give it, share right) for words read with the
    /// model's own last layer: the maps above were drawn for PP-OCRv5, and PP-OCRv6 small's
    /// words are right more often. Drawn by eye near the shares measured on the real corpus's
    /// five English letters read with it (`ingest -l eng --reader auto`, 240 words, 12–73 a
    /// level), rising where the measured shares fell back (0.35 → 32 %, 0.73 → 82 %).
    static let ownLayer: [(Double, Double)] = [
        (0, 0), (0.1, 0.08), (0.25, 0.24), (0.4, 0.45), (0.5, 0.68), (0.6, 0.8), (0.75, 0.86), (1, 0.9),
    ]

    /// The share of words read with mean character probability `mean` (0…1) that were right,
    /// 0…1; `listed` when the word, without the punctuation around it, is in the list;
    /// `frenchHand` when the reader read with the French hand head, else with the model's own
    /// layer.
    public static func calibrated(_ mean: Double, listed: Bool, frenchHand: Bool = false) -> Double {
        let share = interpolate(listed ? known : unknown, at: mean)
        return interpolate(frenchHand ? Self.frenchHand : ownLayer, at: share)
    }

    /// The piecewise-linear function through `points` (ascending in x, from 0 to 1) at `x`,
    /// clamped to 0…1 (not a number reads as 0).
    static func interpolate(_ points: [(Double, Double)], at x: Double) -> Double {
        let x = min(max(x.isFinite ? x : 0, 0), 1)
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
