/// A writer's network (`Docs/Learning.md`, "The trainer"): the tensors of the handwriting
/// reader's graph that `legible adapt`'s trainer changed, each by its initializer's name, to be
/// written over the pinned model's own before it is loaded, so that the reader runs the same
/// graph with new weights through the same ONNX Runtime door. Tensors the trainer did not
/// change are not stored.
///
/// The file (`NAME.network`, named by its SHA-256 in the model's record): `LEGWEIGHTS1`, a
/// little-endian `UInt32` count, then for each tensor a `UInt32` name length, the UTF-8 name, a
/// `UInt32` value count and that many little-endian 32-bit floats.
public struct NetworkWeights: Sendable, Equatable {
    /// One tensor: its initializer's name in the graph, and its values in the graph's order.
    public struct Tensor: Sendable, Equatable {
        /// The initializer's name (`GraphProto.initializer`'s `TensorProto.name`).
        public var name: String
        /// Its values, row-major as the graph stores them.
        public var values: [Float]

        /// The tensor `name` holding `values`.
        public init(name: String, values: [Float]) { (self.name, self.values) = (name, values) }
    }

    /// The tensors, in the file's order.
    public var tensors: [Tensor]

    /// The largest file read: the whole pinned network is 21 MB.
    public static let maximumBytes = 64 << 20

    /// The file's first bytes.
    static let magic = Array("LEGWEIGHTS1".utf8)

    /// The weights in `bytes`; nil when they are not such a file: a wrong magic, a count or
    /// length past the end, a name that is not UTF-8 or is given twice, a value that is not
    /// finite, or a byte too many.
    public init?(bytes: [UInt8]) {
        guard bytes.count <= Self.maximumBytes, bytes.starts(with: Self.magic) else { return nil }
        var reader = Reader(bytes: bytes, index: Self.magic.count)
        guard let count = reader.word(), count <= 10_000 else { return nil }
        var tensors: [Tensor] = []
        var names: Set<String> = []
        for _ in 0..<count {
            guard let length = reader.word(), let name = reader.text(length), names.insert(name).inserted,
                let values = reader.word().flatMap({ reader.floats($0) }), values.allSatisfy(\.isFinite)
            else { return nil }
            tensors.append(Tensor(name: name, values: values))
        }
        guard reader.index == bytes.count, !tensors.isEmpty else { return nil }
        self.tensors = tensors
    }

    /// The file's bytes for `tensors`.
    public static func encoded(_ tensors: [Tensor]) -> [UInt8] {
        var bytes = magic + word(tensors.count)
        for tensor in tensors {
            bytes += word(tensor.name.utf8.count) + Array(tensor.name.utf8) + word(tensor.values.count)
            for value in tensor.values { bytes += word(Int(value.bitPattern)) }
        }
        return bytes
    }

    /// Writes every tensor over the initializer of its name in `model` (an ONNX model's bytes),
    /// in place. Returns the name of the first tensor the model has no initializer of that
    /// size for, with `model` then partly written (the caller discards it); nil when all were
    /// written.
    public func write(into model: inout [UInt8]) -> String? {
        for tensor in tensors where !ModelGraph.replaceConstant(tensor.name, with: tensor.values, in: &model) {
            return tensor.name
        }
        return nil
    }

    /// `value`'s low 32 bits, little-endian: the word every Legible binary file of the trainer
    /// uses (this file's, and `NetworkTrainer`'s lines).
    package static func word(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: value) >> (8 * $0)) }
    }

    /// Reads little-endian words, text and floats from a byte array, never past its end.
    struct Reader {
        let bytes: [UInt8]
        var index: Int

        mutating func word() -> Int? {
            guard bytes.count - index >= 4 else { return nil }
            defer { index += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[index + $1]) << (8 * $1) }
        }

        mutating func text(_ length: Int) -> String? {
            guard length > 0, length <= 1_000, bytes.count - index >= length else { return nil }
            defer { index += length }
            return String(validating: bytes[index..<(index + length)], as: UTF8.self)
        }

        mutating func floats(_ count: Int) -> [Float]? {
            guard count > 0, (bytes.count - index) / 4 >= count else { return nil }
            defer { index += 4 * count }
            return (0..<count).map { offset in
                let at = index + 4 * offset
                return Float(
                    bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
            }
        }
    }
}
