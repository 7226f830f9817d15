import LegibleHandwriting
import Testing

/// The writer's letters remembered (`Docs/Recognition.md`, "The writer's memory"): the steps of
/// the corrected lines labelled by their CTC alignment, mixed into the head's probabilities by
/// their nearest neighbours, and stored after the head's bytes.
@Suite("the writer's memory")
struct WriterMemoryTests {
    /// A head over three classes (the blank, then two letters) and two features: (1, 0) reads
    /// the first letter, (0, 1) the second, (-1, -1) the blank.
    static let head = WriterHead(classes: [0, 5, 9], features: 2, weights: [-4, -4, 8, 0, 0, 8], bias: [0, 0, 0])!

    /// A line whose steps are a blank, the first letter twice, a blank, the second letter and two
    /// blanks, reading the two letters.
    static let line = HeadTraining.Line(features: [-1, -1, 1, 0, 1, 0, -1, -1, 0, 1, -1, -1, -1, -1], steps: 7, labels: [1, 2])

    @Test("each step of a corrected line is remembered with the class its alignment gives it, one blank in three")
    func remembers() throws {
        let memory = try #require(WriterMemory.remembering([Self.line], head: Self.head))
        #expect(memory.labels == [0, 1, 1, 2, 0], "blanks 1 and 4 of 4 are kept: \(memory.labels)")
        #expect(memory.remembered.count == 5 * 2)
        // Unit length, stored as 127 times each value.
        #expect(Array(memory.remembered[2..<4]) == [127, 0] && Array(memory.remembered[0..<2]) == [-90, -90])
        // A line no alignment fits (more letters than steps) is not remembered.
        let long = HeadTraining.Line(features: [1, 0], steps: 1, labels: [1, 2])
        #expect(WriterMemory.remembering([long], head: Self.head) == nil)
        // Over the most steps a memory holds, the steps are thinned evenly.
        let steps = WriterMemory.maximumSteps * 3 / 2
        let wide = HeadTraining.Line(features: (0..<steps).flatMap { _ in [Float(1), 0] }, steps: steps, labels: [1])
        let thinned = try #require(WriterMemory.remembering([wide], head: Self.head))
        #expect(thinned.labels.count == WriterMemory.maximumSteps && thinned.labels.allSatisfy { $0 == 1 })
        #expect(
            WriterMemory(features: 1, remembered: [Int8](repeating: 1, count: steps), labels: [UInt16](repeating: 1, count: steps)) == nil)
    }

    @Test("a step's probabilities are half the head's and half its nearest remembered steps' classes")
    func mixes() throws {
        var head = Self.head
        head.memory = try #require(WriterMemory(features: 2, remembered: [0, 127], labels: [1]))
        // A step nearest (0, 1): the head reads the second letter; the memory, which holds one
        // step labelled with the first, gives that letter half the probability.
        let own = Self.head.probabilities([0, 2], steps: 1)
        let mixed = head.probabilities([0, 2], steps: 1)
        #expect(abs(mixed[1] - (own[1] / 2 + 0.5)) < 1e-5 && abs(mixed[2] - own[2] / 2) < 1e-5, "\(own) \(mixed)")
        #expect(abs(mixed.reduce(0, +) - 1) < 1e-5)
        #expect(head.probabilities([0, 2], steps: 1, remembering: false) == own)
    }

    @Test("the memory is stored after the head's bytes and read back; damaged or foreign, the head is refused")
    func stored() throws {
        var head = Self.head
        head.memory = try #require(WriterMemory.remembering([Self.line], head: Self.head))
        let bytes = head.bytes
        #expect(WriterHead(bytes: bytes) == head)
        #expect(WriterHead(bytes: Self.head.bytes)?.memory == nil)
        #expect(WriterHead(bytes: Array(bytes.dropLast())) == nil, "a memory cut short")
        #expect(WriterHead(bytes: bytes + [0]) == nil, "a byte too many")
        var foreign = bytes
        foreign[foreign.count - 2] = 3  // the last step's label: a class the head does not have
        #expect(WriterHead(bytes: foreign) == nil)
    }
}
