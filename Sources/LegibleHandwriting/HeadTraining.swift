import Foundation
import LegibleEvaluation

/// What a ``WriterHead`` learns from and how it is measured (`Docs/Recognition.md`, "The
/// writer's hand in the handwriting reader"): a line's features from the network and its text,
/// and the error of a head's greedy readings of such lines. The learning itself is
/// `LegibleLearning.HeadTrainer`'s, in PyTorch: reading never imports it.
public enum HeadTraining {
    /// One line to learn from: the network's features for it and its text as class positions.
    public struct Line: Sendable {
        /// `steps × head.features` values, row-major.
        public var features: [Float]
        /// The line's time steps.
        public var steps: Int
        /// The text, each character as its position in the head's classes (never 0, the blank).
        public var labels: [Int]

        /// A line of `steps` time steps of `features`, reading `labels`.
        public init(features: [Float], steps: Int, labels: [Int]) { (self.features, self.steps, self.labels) = (features, steps, labels) }
    }

    /// The character error rate of `head`'s greedy readings (``CTCDecoding/greedy(_:steps:alphabet:allowed:)``)
    /// of `lines`, character-weighted, `symbols` being its classes' symbols; 0 when the lines
    /// hold no character.
    public static func errorRate(_ head: WriterHead, _ lines: [Line], symbols: [String]) -> Double {
        let count = errors(head, lines, symbols: symbols)
        return count.characters == 0 ? 0 : Double(count.errors) / Double(count.characters)
    }

    /// The edits (Levenshtein, in characters) between `head`'s greedy readings of `lines` and
    /// their texts, and the characters of those texts: ``errorRate(_:_:symbols:)``'s terms, for
    /// measures that add several sets of lines together.
    public static func errors(_ head: WriterHead, _ lines: [Line], symbols: [String]) -> (errors: Int, characters: Int) {
        var (errors, characters) = (0, 0)
        for line in lines {
            let read = CTCDecoding.greedy(head.probabilities(line.features, steps: line.steps), steps: line.steps, alphabet: symbols)
            errors += Scorer.levenshtein(read.map(\.symbol), line.labels.map { symbols[$0] })
            characters += line.labels.count
        }
        return (errors, characters)
    }
}
