import Foundation

extension CTCDecoding {
    /// What each class of the model's alphabet is to a word list (`Docs/Recognition.md`,
    /// "Decoding with words").
    public struct Vocabulary: Sendable {
        /// The part a class plays in a word.
        enum Kind: Sendable, Equatable {
            /// CTC's blank, class 0.
            case blank
            /// A space: the word before it ends.
            case space
            /// A letter, as its lower-cased scalar.
            case letter(UInt32)
            /// An apostrophe, which a word list may hold inside words ("don't", "aujourd'hui").
            case apostrophe(UInt32)
            /// A digit: a number is not looked up, and pays once as a word outside the list.
            case digit
            /// Punctuation that text is full of (`.,;:!?"()-` and their typographic forms): it
            /// ends the word before it.
            case punctuation
            /// Any other symbol: it ends the word before it, and pays as a word outside the list.
            case symbol
        }

        let kinds: [Kind]
        /// The model's symbols, class 0 the blank.
        public let alphabet: [String]
        /// The words followed; nil to decode without words.
        public let words: WordList?

        /// The classes of `alphabet` (class 0 the blank) as parts of words of `words`.
        public init(alphabet: [String], words: WordList?) {
            (self.alphabet, self.words) = (alphabet, words)
            kinds = alphabet.enumerated().map { index, symbol in index == 0 ? .blank : Self.kind(of: symbol) }
        }

        /// Punctuation that costs nothing.
        static let commonPunctuation = Set(".,;:!?\"()-\u{2013}\u{2014}\u{201C}\u{201D}\u{2018}\u{00AB}\u{00BB}")

        static func kind(of symbol: String) -> Kind {
            guard let character = symbol.first, symbol.count == 1 else { return .symbol }
            if character.isWhitespace { return .space }
            if character.isNumber { return .digit }
            if character == "'" || character == "\u{2019}" { return .apostrophe(UInt32(("'" as Unicode.Scalar).value)) }
            if commonPunctuation.contains(character) { return .punctuation }
            let lowered = Array(symbol.lowercased().unicodeScalars)
            guard character.isLetter, lowered.count == 1 else { return .symbol }
            return .letter(lowered[0].value)
        }
    }

    /// How the beam search weighs readings (`Docs/Recognition.md`, "Decoding with words").
    public struct BeamSettings: Sendable, Equatable {
        /// Readings kept after each time step.
        public var width: Int
        /// A class below this probability at a time step is not followed there.
        public var smallest: Float
        /// Natural-log score added once for each word not in the word list (its letters leave
        /// the list's trie, or it ends where no word ends), each number and each symbol other
        /// than common punctuation: without it, noise read as digits or signs would cost
        /// nothing where noise read as letters pays.
        public var unknownWord: Float
        /// Natural-log score added for each character of such a word or number, so that a long
        /// run of noise read as one unknown word costs more than a short one.
        public var unknownCharacter: Float

        /// Settings of `width` readings, classes from `smallest`, `unknownWord` a word outside
        /// the list and `unknownCharacter` each of its characters.
        /// The defaults were chosen on the real corpus's sets (`Docs/Recognition.md`, "Decoding
        /// with words"), never on the held-out pages.
        public init(width: Int = 16, smallest: Float = 0.001, unknownWord: Float = -3, unknownCharacter: Float = -0.3) {
            (self.width, self.smallest, self.unknownWord, self.unknownCharacter) = (width, smallest, unknownWord, unknownCharacter)
        }
    }

    /// The reading of `values` (`steps × classes` probabilities, row-major) that a CTC prefix
    /// beam search finds most likely once each word outside `vocabulary`'s list has paid
    /// `settings.unknownWord`, among the classes `allowed` marks (every class when nil); its
    /// characters spanning the time steps of their most likely alignment.
    public static func beamSearch(
        _ values: [Float], steps: Int, vocabulary: Vocabulary, allowed: [Bool]? = nil, settings: BeamSettings = BeamSettings()
    ) -> [Character] {
        let classes = vocabulary.kinds.count
        guard steps > 0, classes > 1, values.count >= steps * classes else { return [] }
        var search = PrefixSearch(vocabulary: vocabulary, settings: settings)
        var beams: [Int32: PrefixSearch.Odds] = [PrefixSearch.empty: PrefixSearch.Odds(blank: 0, other: -.infinity)]
        for step in 0..<steps {
            let row = values[(step * classes)..<((step + 1) * classes)]
            let followed = candidates(row, allowed: allowed, smallest: settings.smallest)
            beams = search.advance(beams, row: row, followed: followed, width: max(1, settings.width))
        }
        let best = beams.max { search.finalScore($0.key, $0.value) < search.finalScore($1.key, $1.value) }
        let labels = best.map { search.labels(of: $0.key) } ?? []
        return aligned(labels, values: values, steps: steps, classes: classes, alphabet: vocabulary.alphabet)
    }

    /// The classes worth following at one step: those allowed at or above `smallest`, and the
    /// most likely allowed class.
    static func candidates(_ row: ArraySlice<Float>, allowed: [Bool]?, smallest: Float) -> [Int] {
        var followed: [Int] = []
        var best = -1
        var bestValue: Float = -1
        for index in row.indices.dropFirst() where allowed?[index - row.startIndex] ?? true {
            let value = row[index]
            if value >= smallest { followed.append(index - row.startIndex) }
            if value > bestValue { (best, bestValue) = (index - row.startIndex, value) }
        }
        if best > 0, !followed.contains(best) { followed.append(best) }
        return followed
    }
}
