import Foundation

/// A last layer of the handwriting reader fitted to one writer's hand (`Docs/Recognition.md`,
/// "The writer's hand in the handwriting reader"): from the features the network gives for each
/// time step to the probabilities of the page script's classes. It starts as the model's own
/// last layer, cut to those classes, and `legible adapt` fits it to the writer's corrected lines
/// (`LegibleLearning.HeadTrainer`, on ``HeadTraining`` lines). The rest of the network is the model's.
public struct WriterHead: Sendable, Equatable {
    /// The classes it gives probabilities for: indices into ``HandwritingModel/alphabet``,
    /// ascending, the blank (0) first; the page script's ``ReadingClasses``.
    public var classes: [Int]
    /// Features a time step under PP-OCRv6 small's last layer.
    public static let modelFeatures = 120

    /// Features a time step: the width of the network's output under its last layer.
    public var features: Int
    /// The weights, `classes.count` rows of `features` values each, row-major.
    public var weights: [Float]
    /// One bias a class.
    public var bias: [Float]
    /// The width the writer's lines are read at, as a factor of a line's width at the model's
    /// height (one of ``HandwritingModel/widthScales``): the width its features were learnt at.
    /// The width is the hand's (`Docs/Recognition.md`, "Handwriting"), so every page is
    /// read at it.
    public var widthScale: Double
    /// The writer's letters remembered (``WriterMemory``), mixed into the head's probabilities;
    /// nil for a head alone. Its labels are positions in ``classes``.
    public var memory: WriterMemory?

    /// The largest weight or bias a head may hold: a trained head's are below 100, and a
    /// score summed over the features from larger ones could overflow a float.
    public static let largestWeight: Float = 1e6

    /// A head over `classes` with `weights` (`classes.count × features`) and `bias`, for lines
    /// read at `widthScale`; nil when the sizes do not agree, a value is not finite or is
    /// larger than ``largestWeight``, or the width is not one of ``HandwritingModel/widthScales``.
    public init?(classes: [Int], features: Int, weights: [Float], bias: [Float], widthScale: Double = 1) {
        guard !classes.isEmpty, features > 0, weights.count == classes.count * features, bias.count == classes.count,
            classes.first == 0, zip(classes, classes.dropFirst()).allSatisfy({ $0 < $1 }),
            (weights + bias).allSatisfy({ abs($0) <= Self.largestWeight }), HandwritingModel.widthScales.contains(widthScale)
        else { return nil }
        (self.classes, self.features, self.weights, self.bias, self.widthScale) = (classes, features, weights, bias, widthScale)
    }

    /// Each class's scores for `steps` time steps of `features` (`steps × features`,
    /// row-major): natural-log probabilities over the head's classes, `steps × classes.count`.
    public func logProbabilities(_ input: [Float], steps: Int) -> [Float] {
        let count = classes.count
        var output = [Float](repeating: 0, count: steps * count)
        input.withUnsafeBufferPointer { input in
            weights.withUnsafeBufferPointer { weights in
                output.withUnsafeMutableBufferPointer { output in
                    for step in 0..<steps {
                        let row = input.baseAddress! + step * features
                        var largest = -Float.infinity
                        for index in 0..<count {
                            let weight = weights.baseAddress! + index * features
                            var sum = bias[index]
                            for feature in 0..<features { sum += row[feature] * weight[feature] }
                            output[step * count + index] = sum
                            largest = max(largest, sum)
                        }
                        var total: Float = 0
                        for index in 0..<count { total += expf(output[step * count + index] - largest) }
                        // The largest is taken off first and the log of the total after: summed
                        // first, a large score would round the small log away.
                        let logTotal = logf(total)
                        for index in 0..<count { output[step * count + index] = (output[step * count + index] - largest) - logTotal }
                    }
                }
            }
        }
        return output
    }

    /// As ``logProbabilities(_:steps:)``, as probabilities: what the decoding reads. With a
    /// ``memory``, and unless `remembering` is false, mixed with the classes of the remembered
    /// steps nearest each step (``WriterMemory/mixed(_:input:steps:classes:)``).
    public func probabilities(_ input: [Float], steps: Int, remembering: Bool = true) -> [Float] {
        let own = logProbabilities(input, steps: steps).map { expf($0) }
        guard remembering, let memory else { return own }
        return memory.mixed(own, input: input, steps: steps, classes: classes.count)
    }

    /// The head's bytes: what the options digest and a model's record name it by. The sizes and
    /// the width, then the classes, weights and bias, little-endian.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        func put(_ value: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        put(UInt32(classes.count))
        put(UInt32(features))
        put(Float(widthScale).bitPattern)
        for index in classes { put(UInt32(index)) }
        for value in weights + bias { put(value.bitPattern) }
        return bytes + (memory?.bytes ?? [])
    }

    /// The head stored as ``bytes``; nil when they are not one.
    public init?(bytes: [UInt8]) {
        var offset = 0
        func take() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
        }
        guard let count = take().map(Int.init), let features = take().map(Int.init), let width = take().map(Float.init(bitPattern:)),
            count > 0, count <= 1 << 16, features > 0, features <= 1 << 12, bytes.count >= 12 + 4 * (count + count * features + count)
        else { return nil }
        let classes = (0..<count).map { _ in Int(take()!) }
        let values = (0..<(count * features + count)).map { _ in Float(bitPattern: take()!) }
        self.init(
            classes: classes, features: features, weights: Array(values[..<(count * features)]), bias: Array(values[(count * features)...]),
            widthScale: Double(width))
        // What follows the head, if anything, is its memory, whose labels are the head's classes.
        guard offset < bytes.count else { return }
        guard let memory = WriterMemory(bytes: bytes[offset...], features: features), memory.labels.allSatisfy({ Int($0) < count })
        else { return nil }
        self.memory = memory
    }
}
