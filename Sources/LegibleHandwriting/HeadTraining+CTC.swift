import Foundation

extension HeadTraining {
    /// CTC's loss for `labels` (indices into the head's classes, no blank) under `logProbabilities`
    /// (`steps × classes`, natural logs), and its gradient with respect to the scores before the
    /// softmax: each class's probability less its expected share of the alignments. Nil when no
    /// alignment fits (more labels than steps can carry).
    public static func ctc(_ logProbabilities: [Float], steps: Int, classes: Int, labels: [Int]) -> (loss: Double, gradient: [Float])? {
        let states = 2 * labels.count + 1
        guard steps > 0, states <= 2 * steps + 1 else { return nil }
        let symbol = (0..<states).map { $0 % 2 == 0 ? 0 : labels[$0 / 2] }
        // A state may be reached from two back when it is a label unlike the one two back.
        let skips = (0..<states).map { $0 >= 2 && symbol[$0] != 0 && symbol[$0] != symbol[$0 - 2] }
        func score(_ step: Int, _ state: Int) -> Double { Double(logProbabilities[step * classes + symbol[state]]) }
        var forward = [Double](repeating: -.infinity, count: steps * states)
        var backward = forward
        forward[0] = score(0, 0)
        if states > 1 { forward[1] = score(0, 1) }
        for step in 1..<max(steps, 1) {
            for state in 0..<states {
                var total = forward[(step - 1) * states + state]
                if state >= 1 { total = logAdd(total, forward[(step - 1) * states + state - 1]) }
                if skips[state] { total = logAdd(total, forward[(step - 1) * states + state - 2]) }
                forward[step * states + state] = total + score(step, state)
            }
        }
        let last = (steps - 1) * states
        backward[last + states - 1] = score(steps - 1, states - 1)
        if states > 1 { backward[last + states - 2] = score(steps - 1, states - 2) }
        for step in stride(from: steps - 2, through: 0, by: -1) {
            for state in 0..<states {
                var total = backward[(step + 1) * states + state]
                if state + 1 < states { total = logAdd(total, backward[(step + 1) * states + state + 1]) }
                if state + 2 < states, skips[state + 2] { total = logAdd(total, backward[(step + 1) * states + state + 2]) }
                backward[step * states + state] = total + score(step, state)
            }
        }
        let likelihood = states > 1 ? logAdd(forward[last + states - 1], forward[last + states - 2]) : forward[last]
        guard likelihood.isFinite else { return nil }
        var gradient = logProbabilities.map { expf($0) }
        for step in 0..<steps {
            for state in 0..<states {
                let both = forward[step * states + state] + backward[step * states + state] - score(step, state)
                guard both.isFinite else { continue }
                gradient[step * classes + symbol[state]] -= Float(exp(both - likelihood))
            }
        }
        return (-likelihood, gradient)
    }

    /// log(e^a + e^b), exact where either is −∞.
    static func logAdd(_ a: Double, _ b: Double) -> Double {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return max(a, b) + log1p(exp(-abs(a - b)))
    }
}
