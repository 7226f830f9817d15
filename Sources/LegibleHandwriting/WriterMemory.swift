import Foundation

/// The writer's letters remembered (`Docs/Recognition.md`, "The writer's memory"): the features
/// of the time steps of the writer's corrected lines, each with the class a CTC alignment of the
/// line's text gave it. A step read later is compared with them, and the classes of its nearest
/// remembered steps are mixed into the writer's head's probabilities: a few pages of one hand
/// move a head only a little, but are enough to recognise that hand's own letters. The
/// settings were chosen on the diary's first two pages (the first learnt, the second read) and
/// checked on the French sheets' halves.
public struct WriterMemory: Sendable, Equatable {
    /// How many remembered steps a step is compared with.
    public static let neighbours = 8
    /// The head's share of the mixed probabilities; the neighbours have the rest.
    public static let headShare: Float = 0.5
    /// How sharply nearer neighbours count more: each neighbour weighs `exp(similarity /
    /// temperature)`, the similarity being the cosine of the two steps' features.
    public static let temperature: Float = 0.05
    /// One blank step in this many is remembered (every step of a character is): blanks are
    /// half the steps, and a third of them compare as well as all of them.
    public static let blankEvery = 3
    /// The most steps a memory holds: each step read is compared with every one, so reading
    /// costs time in proportion (`Docs/Recognition.md`, "The writer's memory"). More are thinned
    /// evenly to this many.
    public static let maximumSteps = 20_000

    /// Features a step.
    public let features: Int
    /// The remembered steps, `labels.count × features`: each step's features scaled to unit length,
    /// stored as `round(127 × value)`.
    public let remembered: [Int8]
    /// Each remembered step's class, as a position in the head's classes (0 the blank).
    public let labels: [UInt16]

    /// A memory of `labels.count` steps of `features`; nil when the sizes do not agree, or there
    /// is no step or more than ``maximumSteps``.
    public init?(features: Int, remembered: [Int8], labels: [UInt16]) {
        guard features > 0, !labels.isEmpty, labels.count <= Self.maximumSteps, remembered.count == labels.count * features else {
            return nil
        }
        (self.features, self.remembered, self.labels) = (features, remembered, labels)
    }

    /// The steps of `lines`, each labelled by the most likely CTC alignment of its text under
    /// `head`'s probabilities; a line no alignment fits is left out. Nil when nothing is left;
    /// thinned evenly to ``maximumSteps``.
    public static func remembering(_ lines: [HeadTraining.Line], head: WriterHead) -> WriterMemory? {
        var (steps, labels) = ([Int8](), [UInt16]())
        let classes = head.classes.count
        for line in lines where !line.labels.isEmpty {
            let path = CTCDecoding.viterbiStates(
                line.labels, values: head.probabilities(line.features, steps: line.steps, remembering: false), steps: line.steps,
                classes: classes)
            guard path.count == line.steps else { continue }
            var blanks = 0
            for (step, state) in path.enumerated() {
                let label = state % 2 == 0 ? 0 : line.labels[state / 2]
                if label == 0 {
                    blanks += 1
                    guard blanks % blankEvery == 1 else { continue }
                }
                let row = line.features[(step * head.features)..<((step + 1) * head.features)]
                let length = max(row.reduce(0) { $0 + $1 * $1 }.squareRoot(), 1e-12)
                steps += row.map { Int8(max(-127, min(127, ($0 / length * 127).rounded()))) }
                labels.append(UInt16(label))
            }
        }
        guard labels.count > maximumSteps else { return WriterMemory(features: head.features, remembered: steps, labels: labels) }
        let kept = (0..<maximumSteps).map { $0 * labels.count / maximumSteps }
        return WriterMemory(
            features: head.features, remembered: kept.flatMap { steps[($0 * head.features)..<(($0 + 1) * head.features)] },
            labels: kept.map { labels[$0] })
    }

    /// `probabilities` (`steps × classes`, the head's) mixed with the classes of each step's
    /// ``neighbours`` nearest remembered steps, `input` being the steps' features
    /// (`steps × features`).
    public func mixed(_ probabilities: [Float], input: [Float], steps: Int, classes: Int) -> [Float] {
        var mixed = probabilities.map { $0 * Self.headShare }
        let table = remembered.map { Float($0) / 127 }
        for step in 0..<steps {
            let nearest = table.withUnsafeBufferPointer { table in
                input.withUnsafeBufferPointer { input in self.nearest(to: input.baseAddress! + step * features, in: table.baseAddress!) }
            }
            let top = nearest.first?.similarity ?? 0
            let weights = nearest.map { expf(($0.similarity - top) / Self.temperature) }
            let total = weights.reduce(0, +)
            for (neighbour, weight) in zip(nearest, weights) where Int(labels[neighbour.index]) < classes {
                mixed[step * classes + Int(labels[neighbour.index])] += (1 - Self.headShare) * weight / total
            }
        }
        return mixed
    }

    /// The ``neighbours`` remembered steps (rows of `table`, unit length) nearest `query`
    /// (``features`` values), by cosine, the nearest first.
    func nearest(to query: UnsafePointer<Float>, in table: UnsafePointer<Float>) -> [(similarity: Float, index: Int)] {
        var length: Float = 0
        for feature in 0..<features { length += query[feature] * query[feature] }
        let scale = 1 / max(length.squareRoot(), 1e-12)
        var nearest: [(similarity: Float, index: Int)] = []
        for index in 0..<labels.count {
            let row = table + index * features
            var sum: Float = 0
            for feature in 0..<features { sum += query[feature] * row[feature] }
            sum *= scale
            guard nearest.count < Self.neighbours || sum > nearest[nearest.count - 1].similarity else { continue }
            nearest.insert((sum, index), at: nearest.firstIndex { $0.similarity < sum } ?? nearest.count)
            if nearest.count > Self.neighbours { nearest.removeLast() }
        }
        return nearest
    }

    /// The memory's bytes, after a head's (``WriterHead/bytes``): the number of steps, then the
    /// steps and their labels, little-endian.
    public var bytes: [UInt8] {
        var bytes = (0..<4).map { UInt8(truncatingIfNeeded: UInt32(labels.count) >> UInt32(8 * $0)) }
        bytes += remembered.map { UInt8(bitPattern: $0) }
        for label in labels { bytes += [UInt8(truncatingIfNeeded: label), UInt8(truncatingIfNeeded: label >> 8)] }
        return bytes
    }

    /// The memory stored as ``bytes`` for steps of `features`; nil when they are not one.
    public init?(bytes: ArraySlice<UInt8>, features: Int) {
        guard bytes.count >= 4, features > 0 else { return nil }
        let start = bytes.startIndex
        let count = (0..<4).reduce(0) { $0 | Int(bytes[start + $1]) << (8 * $1) }
        guard count > 0, count <= Self.maximumSteps, bytes.count == 4 + count * features + 2 * count else { return nil }
        let stepsEnd = start + 4 + count * features
        let remembered = bytes[(start + 4)..<stepsEnd].map { Int8(bitPattern: $0) }
        let labels = stride(from: stepsEnd, to: bytes.endIndex, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        self.init(features: features, remembered: remembered, labels: labels)
    }
}
