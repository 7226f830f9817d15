import Foundation

extension CTCDecoding {
    /// `labels` (classes, in order) as characters placed on the time steps of their most likely
    /// CTC alignment to `values` (`steps × classes` probabilities): each character spans the
    /// steps the alignment gives it, and its confidence is its mean probability there. Empty
    /// when no alignment fits the steps.
    static func aligned(_ labels: [Int], values: [Float], steps: Int, classes: Int, alphabet: [String]) -> [Character] {
        guard !labels.isEmpty, steps > 0 else { return [] }
        let path = viterbiStates(labels, values: values, steps: steps, classes: classes)
        guard path.count == steps else { return [] }
        var characters: [Character] = []
        var index = -1
        for (step, state) in path.enumerated() where state % 2 == 1 {
            let position = state / 2
            let probability = values[step * classes + labels[position]]
            if position == index, var last = characters.popLast() {
                let count = Float(last.steps.count)
                last.confidence = (last.confidence * count + probability) / (count + 1)
                last.steps = last.steps.lowerBound...step
                characters.append(last)
            } else {
                characters.append(Character(symbol: alphabet[labels[position]], steps: step...step, confidence: probability))
                index = position
            }
        }
        return characters.count == labels.count ? characters : []
    }

    /// The state at each step of the most likely path through CTC's states for `labels`: even
    /// states are blanks between labels, state `2i + 1` is label `i`.
    static func viterbiStates(_ labels: [Int], values: [Float], steps: Int, classes: Int) -> [Int] {
        let states = 2 * labels.count + 1
        func symbol(_ state: Int) -> Int { state % 2 == 0 ? 0 : labels[state / 2] }
        var scores = [Float](repeating: -.infinity, count: states)
        var back = [UInt8](repeating: 0, count: steps * states)
        scores[0] = log(values[0])
        scores[1] = log(values[symbol(1)])
        for step in 1..<steps {
            var next = [Float](repeating: -.infinity, count: states)
            for state in 0..<states {
                var best = scores[state]
                var from: UInt8 = 0
                if state >= 1, scores[state - 1] > best { (best, from) = (scores[state - 1], 1) }
                if state >= 2, state % 2 == 1, labels[state / 2] != labels[state / 2 - 1], scores[state - 2] > best {
                    (best, from) = (scores[state - 2], 2)
                }
                next[state] = best + log(values[step * classes + symbol(state)])
                back[step * states + state] = from
            }
            scores = next
        }
        var state = states - 1
        if states >= 2, scores[states - 2] > scores[states - 1] { state = states - 2 }
        guard scores[state] > -.infinity else { return [] }
        var path = [Int](repeating: 0, count: steps)
        for step in stride(from: steps - 1, through: 0, by: -1) {
            path[step] = state
            state -= Int(back[step * states + state])
        }
        return path
    }
}
