import LegibleLayout

/// Accuracy of one recognised page against its ground truth.
public struct PageScore: Sendable, Codable {
    /// Character error rate: Levenshtein distance / ground-truth length, case-sensitive.
    public var characterErrorRate: Double
    /// The same after lower-casing both texts.
    public var caseFoldedCharacterErrorRate: Double
    /// Word error rate: word-level Levenshtein distance / ground-truth word count.
    public var wordErrorRate: Double
    /// Share of ground-truth lines matched by a recognised line with IoU ≥ 0.5.
    public var lineRecall: Double
    /// Share of recognised lines that match a ground-truth line with IoU ≥ 0.5.
    public var linePrecision: Double
    /// Mean IoU of the matched line pairs (0 when none match).
    public var meanLineIoU: Double
    /// Share of ground-truth word boxes matched by a recognised word box with IoU ≥ 0.5;
    /// `nil` when the truth has no word boxes.
    public var wordBoxRecall: Double?
    /// Ground-truth characters (after normalisation), for weighting.
    public var truthCharacters: Int
    /// Ground-truth lines.
    public var truthLines: Int
}

/// Scores recognised pages against ground truth. Texts are normalised before comparison:
/// soft hyphens removed, every run of white space (including line breaks) made one space,
/// ends trimmed — so layout differences (soft wraps vs newlines) are not counted as errors.
public enum Scorer {
    /// The IoU two boxes need to count as the same line or word.
    public static let matchingIoU = 0.5

    /// Scores `hypothesis` against `truth`.
    public static func score(_ hypothesis: ScoredPage, against truth: ScoredPage) -> PageScore {
        let truthText = normalise(truth.text)
        let hypothesisText = normalise(hypothesis.text)
        let truthCharacters = Array(truthText)
        let hypothesisCharacters = Array(hypothesisText)
        let cer = rate(levenshtein(truthCharacters, hypothesisCharacters), truthCharacters.count, hypothesisCharacters.count)
        let folded = rate(
            levenshtein(Array(truthText.lowercased()), Array(hypothesisText.lowercased())), truthCharacters.count,
            hypothesisCharacters.count)
        let truthWords = truthText.split(separator: " ").map(String.init)
        let hypothesisWords = hypothesisText.split(separator: " ").map(String.init)
        let wer = rate(levenshtein(truthWords, hypothesisWords), truthWords.count, hypothesisWords.count)

        let matches = greedyMatches(truth.lines.map(\.box), hypothesis.lines.map(\.box))
        let wordMatches = greedyMatches(truth.wordBoxes, hypothesis.wordBoxes)
        return PageScore(
            characterErrorRate: cer, caseFoldedCharacterErrorRate: folded, wordErrorRate: wer,
            lineRecall: truth.lines.isEmpty ? (hypothesis.lines.isEmpty ? 1 : 0) : Double(matches.count) / Double(truth.lines.count),
            linePrecision: hypothesis.lines.isEmpty
                ? (truth.lines.isEmpty ? 1 : 0) : Double(matches.count) / Double(hypothesis.lines.count),
            meanLineIoU: matches.isEmpty ? 0 : matches.reduce(0, +) / Double(matches.count),
            wordBoxRecall: truth.wordBoxes.isEmpty ? nil : Double(wordMatches.count) / Double(truth.wordBoxes.count),
            truthCharacters: truthCharacters.count, truthLines: truth.lines.count)
    }

    /// Error count over reference length; an empty reference scores 0 against an empty
    /// hypothesis and 1 against anything else.
    static func rate(_ distance: Int, _ referenceLength: Int, _ hypothesisLength: Int) -> Double {
        guard referenceLength > 0 else { return hypothesisLength == 0 ? 0 : 1 }
        return Double(distance) / Double(referenceLength)
    }

    /// Soft hyphens removed, white space collapsed to single spaces, ends trimmed.
    public static func normalise(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{AD}", with: "")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Edit distance (insertions, deletions, substitutions each cost 1), O(n·m) time, O(m) memory.
    public static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// One-to-one matching, best IoU first, keeping pairs with IoU ≥ ``matchingIoU``; returns
    /// the IoUs of the matched pairs.
    static func greedyMatches(_ truth: [PixelBox], _ hypothesis: [PixelBox]) -> [Double] {
        var pairs: [(Double, Int, Int)] = []
        for (i, t) in truth.enumerated() {
            for (j, h) in hypothesis.enumerated() {
                let iou = t.intersectionOverUnion(h)
                if iou >= matchingIoU { pairs.append((iou, i, j)) }
            }
        }
        pairs.sort { $0.0 > $1.0 }
        var usedTruth = Set<Int>()
        var usedHypothesis = Set<Int>()
        var matched: [Double] = []
        for (iou, i, j) in pairs where !usedTruth.contains(i) && !usedHypothesis.contains(j) {
            usedTruth.insert(i)
            usedHypothesis.insert(j)
            matched.append(iou)
        }
        return matched
    }
}

/// Scores of many pages, summed the way corpus-level CER is usually reported: total edits over
/// total reference characters (longer pages weigh more); box metrics averaged over lines.
public struct CorpusScore: Sendable, Codable {
    /// Weighted character error rate.
    public var characterErrorRate: Double
    /// Weighted case-folded character error rate.
    public var caseFoldedCharacterErrorRate: Double
    /// Mean word error rate over pages.
    public var wordErrorRate: Double
    /// Line recall over all lines.
    public var lineRecall: Double
    /// Mean line precision over pages.
    public var linePrecision: Double
    /// Mean matched-line IoU over pages.
    public var meanLineIoU: Double
    /// Mean word-box recall over pages that have word truth.
    public var wordBoxRecall: Double?
    /// Pages scored.
    public var pages: Int

    /// Aggregates page scores.
    public init(_ scores: [PageScore]) {
        let characters = Double(max(1, scores.reduce(0) { $0 + $1.truthCharacters }))
        let lines = Double(max(1, scores.reduce(0) { $0 + $1.truthLines }))
        func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
        characterErrorRate = scores.reduce(0) { $0 + $1.characterErrorRate * Double($1.truthCharacters) } / characters
        caseFoldedCharacterErrorRate = scores.reduce(0) { $0 + $1.caseFoldedCharacterErrorRate * Double($1.truthCharacters) } / characters
        wordErrorRate = mean(scores.map(\.wordErrorRate))
        lineRecall = scores.reduce(0) { $0 + $1.lineRecall * Double($1.truthLines) } / lines
        linePrecision = mean(scores.map(\.linePrecision))
        meanLineIoU = mean(scores.map(\.meanLineIoU))
        let wordRecalls = scores.compactMap(\.wordBoxRecall)
        wordBoxRecall = wordRecalls.isEmpty ? nil : mean(wordRecalls)
        pages = scores.count
    }
}
