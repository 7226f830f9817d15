import Foundation
import LegibleOCR

extension HandwritingModel {
    /// The French hand head (`Docs/Recognition.md`, "A French hand"): the model's last layer,
    /// cut to the Latin classes, fitted to some 3,400 lines of openly licensed French
    /// handwriting by `Tools/train-hand`. Checked by its SHA-256 as the other files are, so it
    /// fits the pinned model; a head that is missing or altered is refused with one line naming it,
    /// as is one whose classes are not `classes` when they are given.
    public static func frenchHand(files: Files, classes: ReadingClasses? = nil) throws(LoadFailure) -> WriterHead {
        let bytes = try verifiedBytes(files.hand, Files.pinned.hand, what: "the French hand head")
        guard let head = WriterHead(bytes: bytes),
            head.features == WriterHead.modelFeatures, classes.map({ $0.indices == head.classes }) ?? true
        else { throw LoadFailure(description: "\(files.hand): is not a hand head for the handwriting model") }
        return head
    }

    /// Writes `head` into `model`'s last layer in place, so the network reads with the head's
    /// weights and needs no second output: each of the head's classes gets its row and bias,
    /// and every other class a bias of −60, so that the network's probabilities over the head's
    /// classes are the head's own (``WriterHead/probabilities(_:steps:)``) to within e⁻⁵⁰.
    /// False, with `model` unchanged, when the layer is not as the head expects. In place: the
    /// model is 21 MB, and a copy would add to the reader's peak memory.
    static func baking(_ head: WriterHead, into model: inout [UInt8]) -> Bool {
        guard let (weights, bias) = lastLayer(of: model), weights.dimensions == [head.features, bias.values.count],
            let last = head.classes.last, last < bias.values.count
        else { return false }
        let columns = bias.values.count
        var (rows, offsets) = (weights.values, [Float](repeating: -60, count: columns))
        for (row, index) in head.classes.enumerated() {
            for feature in 0..<head.features { rows[feature * columns + index] = head.weights[row * head.features + feature] }
            offsets[index] = head.bias[row]
        }
        // Both constants were found above, with these sizes, so both writes take.
        return ModelGraph.replaceConstant(lastWeights, with: rows, in: &model)
            && ModelGraph.replaceConstant(lastBias, with: offsets, in: &model)
    }

    /// The names of the last layer's weights (`features × classes`) and bias in the model's graph.
    static let (lastWeights, lastBias) = ("linear_8.w_0", "linear_8.b_0")

    /// The model's last layer: its weights, `features × classes` row by row, and its bias, one a
    /// class; nil when the graph holds no such layer.
    static func lastLayer(of model: [UInt8]) -> (weights: (dimensions: [Int], values: [Float]), bias: (dimensions: [Int], values: [Float]))?
    {
        guard let weights = ModelGraph.constant(lastWeights, in: model), let bias = ModelGraph.constant(lastBias, in: model) else {
            return nil
        }
        return (weights, bias)
    }
}
