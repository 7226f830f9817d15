import Foundation

/// The readings a CTC prefix beam search holds (`Docs/Recognition.md`, "Decoding with words"):
/// every prefix ever followed is a node of a tree (its parent and its last class), made once
/// and found again by that pair, so that two paths to one text merge. Each node carries where
/// its last word stands in the word list and the score its words have earned so far.
struct PrefixSearch {
    /// The log odds of a prefix after a step: ending in a blank, or in its last class.
    struct Odds {
        var blank: Float
        var other: Float
        var total: Float { logSum(blank, other) }
    }

    /// The empty prefix.
    static let empty: Int32 = 0
    /// A word state: the word so far left the list (its penalty paid).
    static let unknown: Int32 = -1
    /// A word state: the word so far is a number.
    static let number: Int32 = -2

    let vocabulary: CTCDecoding.Vocabulary
    let unknownWord: Float
    let unknownCharacter: Float
    private var parent: [Int32] = [-1]
    private var label: [Int32] = [-1]
    private var state: [Int32] = [WordList.root]
    private var score: [Float] = [0]
    private var made: [Int64: Int32] = [:]

    init(vocabulary: CTCDecoding.Vocabulary, settings: CTCDecoding.BeamSettings) {
        (self.vocabulary, unknownWord, unknownCharacter) = (vocabulary, settings.unknownWord, settings.unknownCharacter)
    }

    /// The beams after one more step of `row` (probabilities), following the classes `followed`
    /// and keeping the `width` best by their odds plus their words' score.
    mutating func advance(_ beams: [Int32: Odds], row: ArraySlice<Float>, followed: [Int], width: Int) -> [Int32: Odds] {
        var next: [Int32: Odds] = [:]
        func add(_ prefix: Int32, blank: Float = -.infinity, other: Float = -.infinity) {
            var odds = next[prefix] ?? Odds(blank: -.infinity, other: -.infinity)
            odds.blank = logSum(odds.blank, blank)
            odds.other = logSum(odds.other, other)
            next[prefix] = odds
        }
        let base = row.startIndex
        for (prefix, odds) in beams {
            let total = odds.total
            add(prefix, blank: total + log(row[base]))
            let last = Int(label[Int(prefix)])
            if last > 0 { add(prefix, other: odds.other + log(row[base + last])) }
            for symbol in followed {
                let child = extend(prefix, symbol)
                add(child, other: (symbol == last ? odds.blank : total) + log(row[base + symbol]))
            }
        }
        guard next.count > width else { return next }
        let kept = next.sorted { $0.value.total + score[Int($0.key)] > $1.value.total + score[Int($1.key)] }.prefix(width)
        return Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }

    /// A beam's score at the end of the line: its last word is finished too.
    func finalScore(_ prefix: Int32, _ odds: Odds) -> Float {
        odds.total + score[Int(prefix)] + finishing(state[Int(prefix)])
    }

    /// The classes of `prefix`, first to last.
    func labels(of prefix: Int32) -> [Int] {
        var labels: [Int] = []
        var node = prefix
        while node != Self.empty {
            labels.append(Int(label[Int(node)]))
            node = parent[Int(node)]
        }
        return labels.reversed()
    }

    /// `prefix` followed by `symbol`, made the first time it is asked for.
    private mutating func extend(_ prefix: Int32, _ symbol: Int) -> Int32 {
        let key = Int64(prefix) << 24 | Int64(symbol)
        if let known = made[key] { return known }
        let (newState, cost) = transition(state[Int(prefix)], vocabulary.kinds[symbol])
        let node = Int32(parent.count)
        parent.append(prefix)
        label.append(Int32(symbol))
        state.append(newState)
        score.append(score[Int(prefix)] + cost)
        made[key] = node
        return node
    }

    /// Where a word stands after one more class, and what that costs.
    private func transition(_ current: Int32, _ kind: CTCDecoding.Vocabulary.Kind) -> (Int32, Float) {
        guard let words = vocabulary.words else { return (WordList.root, 0) }
        switch kind {
        case .blank: return (current, 0)
        case .space, .punctuation: return (WordList.root, finishing(current))
        case .symbol: return (WordList.root, finishing(current) + unknownWord + unknownCharacter)
        case .digit:
            if current == Self.number || current == Self.unknown { return (current, unknownCharacter) }
            return (current == WordList.root ? Self.number : Self.unknown, unknownWord + leaving(current))
        case .apostrophe(let scalar):
            if current > WordList.root, let next = words.child(of: current, scalar) { return (next, 0) }
            if current == Self.unknown { return (Self.unknown, unknownCharacter) }
            return (WordList.root, finishing(current))
        case .letter(let scalar):
            if current >= WordList.root, let next = words.child(of: current, scalar) { return (next, 0) }
            if current == Self.unknown { return (Self.unknown, unknownCharacter) }
            return (Self.unknown, unknownWord + leaving(current))
        }
    }

    /// What a word leaving the list at `current` pays for the characters it read inside it,
    /// and for the one that left it.
    private func leaving(_ current: Int32) -> Float {
        let letters = current > WordList.root ? vocabulary.words?.depth(of: current) ?? 0 : 0
        return Float(letters + 1) * unknownCharacter
    }

    /// What ending a word in `current` costs: a word left halfway through the list is unknown.
    private func finishing(_ current: Int32) -> Float {
        guard let words = vocabulary.words, current > WordList.root else { return 0 }
        return words.isWord(current) ? 0 : unknownWord + leaving(current) - unknownCharacter
    }
}

/// log(e^a + e^b), without overflow; −∞ stays −∞.
func logSum(_ a: Float, _ b: Float) -> Float {
    if a == -.infinity { return b }
    if b == -.infinity { return a }
    let high = max(a, b)
    return high + log1p(exp(min(a, b) - high))
}
