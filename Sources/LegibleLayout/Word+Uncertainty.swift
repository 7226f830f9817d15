import Foundation

/// Which words are uncertain (`Docs/Recognition.md`, "Uncertain words"): the words a listener is
/// told to check, because they are more likely wrong than right.
extension Word {
    /// The calibrated confidence below which a word is uncertain, 0…1. A calibrated confidence
    /// is the share of such words that were right (`Docs/Recognition.md`, "Confidence"), so
    /// below one half a word is more often wrong than right.
    public static let uncertaintyThreshold = 0.5

    /// Whether the word is uncertain: read by a recogniser (a word a person wrote or corrected
    /// never is) with a confidence below ``uncertaintyThreshold``. A word without a confidence
    /// is not: nothing says it is doubtful.
    public var isUncertain: Bool {
        corrected != true && (confidence.map { $0 < Self.uncertaintyThreshold } ?? false)
    }
}

extension Line {
    /// The line's words, or the whole line as one word (its box and confidence) when the
    /// recogniser reported none: what ALTO, hOCR, the tagged PDF and uncertainty read.
    public var wordsOrWhole: [Word] {
        words ?? [Word(range: range, box: box, confidence: confidence)]
    }
}

extension PageLayout {
    /// One uncertain word: its line's index and its word.
    public struct UncertainWord: Sendable, Equatable {
        /// The 0-based index of its line in ``PageLayout/lines``.
        public var line: Int
        /// The word; its range is UTF-16 in ``PageLayout/text``.
        public var word: Word
    }

    /// The page's uncertain words, in reading order.
    public var uncertainWords: [UncertainWord] {
        lines.enumerated().flatMap { index, line in
            line.wordsOrWhole.filter(\.isUncertain).map { UncertainWord(line: index, word: $0) }
        }
    }
}
