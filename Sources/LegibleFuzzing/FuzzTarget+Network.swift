import Foundation
import LegibleHandwriting

// The `network` harness (`Docs/Hardening.md`, "Fuzzing"): a writer's network file, as anyone
// who can write a model's record can write it (`Docs/Learning.md`, "Reading with a writer's
// network").
extension FuzzTarget {
    /// `data` as `NAME.network`: reading never traps; a network read encodes back to the same
    /// bytes; written over a small model's initializers, it is refused (its first unfitting
    /// tensor named) or every tensor then reads back as written, the model's size unchanged.
    static func network(_ data: Data) {
        let bytes = [UInt8](data)
        guard let network = NetworkWeights(bytes: bytes) else { return }
        precondition(NetworkWeights.encoded(network.tensors) == bytes, "a network read does not encode back to its bytes")
        precondition(network.tensors.allSatisfy { !$0.values.isEmpty && $0.values.allSatisfy(\.isFinite) }, "a tensor past its bounds")
        var model = networkModel
        guard let refused = network.write(into: &model) else {
            precondition(model.count == networkModel.count, "writing a network changed the model's size")
            for tensor in network.tensors {
                precondition(ModelGraph.constant(tensor.name, in: model)?.values == tensor.values, "a tensor written reads back otherwise")
            }
            return
        }
        precondition(network.tensors.contains { $0.name == refused }, "a refusal names a tensor the network does not hold")
    }

    /// A small ONNX model whose graph holds two float initializers, `a` (4 values) and `b`
    /// (2 × 3), each as raw little-endian data, as PP-OCRv6's converter stores its weights.
    static let networkModel: [UInt8] = {
        func tensor(_ name: String, _ dimensions: [Int]) -> [UInt8] {
            let raw = [UInt8](repeating: 0, count: 4 * dimensions.reduce(1, *))
            return ModelGraph.message(1, dimensions.flatMap(ModelGraph.encode)) + [0x10, 0x01] + ModelGraph.message(8, Array(name.utf8))
                + ModelGraph.message(9, raw)
        }
        let graph = ModelGraph.message(5, tensor("a", [4])) + ModelGraph.message(5, tensor("b", [2, 3]))
        return [0x08, 0x07] + ModelGraph.message(7, graph)
    }()
}
