import Foundation
import LegibleEvaluation

/// Fits a ``WriterHead`` to a writer's corrected lines (`Docs/Recognition.md`, "The writer's
/// hand in the handwriting reader"): the network's features of each line stay as they are, and
/// only the last layer learns, by CTC's loss with Adam, pulled towards where it started so that
/// a few lines cannot carry it far, for a fixed number of passes: a writer's few corrected lines
/// keep too few aside to choose a pass by (`Docs/Recognition.md`).
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

    /// How the head learns. Chosen on the French sheets of the real corpus, each page's first
    /// half learnt and its second half read (`Docs/Recognition.md`).
    public struct Settings: Sendable, Equatable {
        /// Adam's step size.
        public var learningRate: Float = 3e-3
        /// How hard the weights are pulled back to the start head (an L2 penalty's weight).
        public var pull: Float = 1e-2
        /// Passes over the lines.
        public var passes = 10
        /// What the step size is multiplied by after each pass: 1 keeps it.
        public var decay: Float = 1

        /// The settings chosen for a writer's head.
        public init() {}

        /// The settings for a hand head learnt from thousands of lines of many writers
        /// (``HandwritingModel/handHead(files:)``): smaller steps, a weaker pull, three passes,
        /// each at half the step of the one before. Chosen on a tenth of the training pages
        /// kept aside (`Docs/Recognition.md`, "A French hand").
        public static let hand = Settings(learningRate: 1e-3, pull: 1e-3, passes: 3, decay: 0.5)

        init(learningRate: Float, pull: Float, passes: Int, decay: Float) {
            (self.learningRate, self.pull, self.passes, self.decay) = (learningRate, pull, passes, decay)
        }
    }

    /// Trains `start` on `training` for ``Settings/passes`` passes; `order(pass)` gives the
    /// order the lines are taken in on each pass (a permutation of `training`'s indices).
    public static func train(_ start: WriterHead, training: [Line], settings: Settings = Settings(), order: (Int) -> [Int]) -> WriterHead {
        var optimiser = Adam(start, settings: settings)
        for pass in 1...max(1, settings.passes) {
            for index in order(pass) where training.indices.contains(index) { optimiser.learn(training[index]) }
            optimiser.rate *= settings.decay
        }
        return optimiser.head
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
