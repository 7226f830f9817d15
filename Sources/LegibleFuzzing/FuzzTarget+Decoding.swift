import Foundation
import LegibleHandwriting

// The `decoding` harness (`Docs/Hardening.md`, "Fuzzing"): the handwriting reader's CTC
// decoders on any table of class probabilities a model could give.
extension FuzzTarget {
    /// The alphabet the harness decodes with: blank, letters, an apostrophe, digits, common
    /// punctuation, a symbol, a space, and two letters outside any word.
    static let decodingAlphabet = ["", "a", "b", "d", "e", "n", "o", "t", "T", "'", "1", "2", ".", "-", "#", " ", "é", "ß"]
    /// The words the harness decodes over.
    static let decodingWords = WordList(words: ["the", "bond", "don't", "to", "too", "été", "a"])

    /// A table from `data`: the first byte gives the steps (up to 47, so that a run stays fast
    /// under the sanitizers), the rest each class's
    /// weight at each step (cycled; a step of zero weights is all blank), rows normalised to
    /// sum to 1 as a softmax's do. The second byte marks which classes are allowed.
    static func decoding(_ data: Data) {
        guard data.count >= 3 else { return }
        let bytes = [UInt8](data)
        let classes = decodingAlphabet.count
        let steps = Int(bytes[0]) % 48
        let weights = Array(bytes.dropFirst(2))
        var values = [Float](repeating: 0, count: steps * classes)
        for step in 0..<steps {
            var row = (0..<classes).map { Float(weights[(step * classes + $0) % weights.count]) }
            let total = row.reduce(0, +)
            if total == 0 { row[0] = 1 } else { row = row.map { $0 / total } }
            values.replaceSubrange((step * classes)..<((step + 1) * classes), with: row)
        }
        let mask = bytes[1]
        let allowed = (0..<classes).map { (index: Int) -> Bool in
            index == 0 || index >= 8 || (mask >> UInt8(index)) & 1 == 1
        }
        let vocabulary = CTCDecoding.Vocabulary(alphabet: decodingAlphabet, words: decodingWords)
        let greedy = CTCDecoding.greedy(values, steps: steps, alphabet: decodingAlphabet, allowed: allowed)
        checkCharacters(greedy, steps: steps, allowed: allowed)
        for settings in [CTCDecoding.BeamSettings(), CTCDecoding.BeamSettings(width: 1, smallest: 0, unknownWord: 0, unknownCharacter: 0)] {
            let beam = CTCDecoding.beamSearch(values, steps: steps, vocabulary: vocabulary, allowed: allowed, settings: settings)
            checkCharacters(beam, steps: steps, allowed: allowed)
        }
    }

    /// Characters are of allowed classes, in order on the steps without overlapping, each with
    /// a confidence in 0…1.
    static func checkCharacters(_ characters: [CTCDecoding.Character], steps: Int, allowed: [Bool]) {
        var next = 0
        for character in characters {
            guard let index = decodingAlphabet.firstIndex(of: character.symbol) else {
                preconditionFailure("a symbol outside the alphabet")
            }
            precondition(index != 0 && allowed[index], "a blank or a class not allowed was read")
            precondition(character.steps.lowerBound >= next && character.steps.upperBound < steps, "characters overlap or leave the steps")
            precondition((0...1.0001).contains(character.confidence), "a confidence outside 0…1: \(character.confidence)")
            next = character.steps.upperBound + 1
        }
    }
}
