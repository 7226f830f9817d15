/// Reading a line's text from the model's class probabilities by CTC (`Docs/Recognition.md`,
/// "Handwriting"): the most likely class at each time step, repeats merged, blanks dropped.
public enum CTCDecoding {
    /// One character read, with the time steps it spans and the mean probability of its steps.
    public struct Character: Sendable, Equatable {
        /// The symbol.
        public var symbol: String
        /// The first and last time step (inclusive) where it was the most likely class.
        public var steps: ClosedRange<Int>
        /// Its probability, averaged over those steps, in 0…1.
        public var confidence: Float
    }

    /// The greedy reading of `values` (`steps × alphabet.count` probabilities, row-major),
    /// among the classes `allowed` marks (every class when nil; the blank always).
    public static func greedy(_ values: [Float], steps: Int, alphabet: [String], allowed: [Bool]? = nil) -> [Character] {
        let classes = alphabet.count
        var characters: [Character] = []
        var previous = 0
        for step in 0..<steps {
            let row = values[(step * classes)..<((step + 1) * classes)]
            var best = row.startIndex
            for index in row.indices where row[index] > row[best] && (allowed?[index - row.startIndex] ?? true) { best = index }
            let symbol = best - row.startIndex
            let probability = row[best]
            if symbol != 0, symbol == previous, var last = characters.popLast() {
                let count = Float(last.steps.count)
                last.confidence = (last.confidence * count + probability) / (count + 1)
                last.steps = last.steps.lowerBound...step
                characters.append(last)
            } else if symbol != 0 {
                characters.append(Character(symbol: alphabet[symbol], steps: step...step, confidence: probability))
            }
            previous = symbol
        }
        return characters
    }
}
