import Foundation
import LegibleHandwriting

// The `head` harness (`Docs/Hardening.md`, "Fuzzing"): a writer's head and memory as a model's
// record stores them, which `ingest --model` reads from a file a person gives it.
extension FuzzTarget {
    /// `data` as a head's bytes (``WriterHead/bytes``, its memory's after them): reading them
    /// never traps; a head read writes the same bytes back; over three steps of features drawn
    /// from the bytes, its probabilities, the memory's mixed in, are finite, and each step's sum
    /// to 1.
    static func head(_ data: Data) {
        let bytes = [UInt8](data)
        guard let head = WriterHead(bytes: bytes) else { return }
        precondition(head.bytes == bytes, "a head read from bytes it does not write back")
        let steps = 3, classes = head.classes.count
        let input = (0..<(steps * head.features)).map { Float(Int(bytes[$0 % bytes.count]) - 128) / 32 }
        let probabilities = head.probabilities(input, steps: steps)
        precondition(probabilities.count == steps * classes, "probabilities of another size")
        for step in 0..<steps {
            let row = probabilities[(step * classes)..<((step + 1) * classes)]
            precondition(row.allSatisfy { $0.isFinite && $0 >= 0 }, "a probability not finite or below 0")
            precondition(abs(row.reduce(0, +) - 1) < 1e-3, "a step's probabilities do not sum to 1")
        }
    }
}
