import Foundation
import LegibleImage
import LegibleSystem

extension AdaptedModel.Record {
    /// The handwriting reader's own network fine-tuned on the same lines (`Docs/Learning.md`,
    /// "The trainer"): what was trained and what it gained. Its weights are in `NAME.network`
    /// beside the model, named by ``sha256``.
    public struct Network: Codable, Equatable, Sendable {
        /// The SHA-256 of `NAME.network`, lower-case hex; nil when the network is not ``kept``.
        public var sha256: String?
        /// Tensors and values trained (and stored).
        public var tensors: Int
        public var values: Int
        /// Which tensors were trained: `all`, `upper` or `below-last`.
        public var layers: String
        /// Lines learnt and kept aside to measure on, and the characters of those kept aside.
        public var trainingLines: Int
        public var heldOutLines: Int
        public var heldOutCharacters: Int?
        /// Whether the lines kept aside were a whole page (two pages or more corrected), or one
        /// line in five.
        public var pageAside: Bool
        /// The width the lines were learnt at, as a factor of a line's width at the model's
        /// height.
        public var widthScale: Double
        /// The last layer the network started from, and is read with: the model's own, or the
        /// French hand head written into it.
        public var start: Head.Start
        /// The lines kept aside: greedy character error rate (0…1) of the start network, and of
        /// the weights kept.
        public var heldOutErrorBefore: Double
        public var heldOutErrorAfter: Double
        /// Steps of the pass that then learnt every line, those kept aside too, from the start
        /// (`Docs/Learning.md`, "Learning the lines kept aside too"); 0 or nil when none was
        /// kept.
        public var refitSteps: Int?
        /// Steps taken in the measured pass (batches learnt), the seed, and wall-clock seconds.
        public var steps: Int
        public var seed: UInt64
        public var seconds: Double
        /// False when the weights read the lines kept aside no better than the start network:
        /// the record keeps the measure, and no network is written or read.
        public var kept: Bool

        /// A network trained as the fields above say.
        public init(
            sha256: String?, tensors: Int, values: Int, layers: String, trainingLines: Int, heldOutLines: Int, pageAside: Bool,
            widthScale: Double, start: Head.Start, heldOutErrorBefore: Double, heldOutErrorAfter: Double, steps: Int, seed: UInt64,
            seconds: Double, kept: Bool
        ) {
            (self.sha256, self.tensors, self.values, self.layers) = (sha256, tensors, values, layers)
            (self.trainingLines, self.heldOutLines, self.pageAside, self.widthScale) = (trainingLines, heldOutLines, pageAside, widthScale)
            (self.start, self.heldOutErrorBefore, self.heldOutErrorAfter) = (start, heldOutErrorBefore, heldOutErrorAfter)
            (self.steps, self.seed, self.seconds, self.kept) = (steps, seed, seconds, kept)
        }
    }
}

extension AdaptedModel {
    /// The path of the writer's network for the model at `path`: `NAME.network` beside
    /// `NAME.traineddata`, never a name read from the record.
    public static func networkPath(for path: String) -> String { String(path.dropLast(suffix.count)) + ".network" }

    /// The largest network read: the whole reader is 21 MB.
    public static let maximumNetworkBytes = 64 << 20

    /// The writer's network's bytes when the record keeps one: read once from a
    /// ``TrustedFile`` and refused (65) unless their SHA-256 is the record's; nil when the
    /// record has none.
    static func network(in record: Record, path: String) throws(Refusal) -> (bytes: [UInt8], start: Record.Head.Start)? {
        guard let entry = record.network, entry.kept else { return nil }
        let file = networkPath(for: path)
        let bytes: [UInt8]
        do {
            bytes = try TrustedFile.open(file, what: "the writer's network", limit: maximumNetworkBytes).bytes()
        } catch {
            throw Refusal(missing: false, description: "\(path): its network \(error.description); make the model again with legible adapt")
        }
        guard let expected = entry.sha256, Checksum.sha256Hex(of: bytes) == expected else {
            throw Refusal(missing: false, description: "\(file): is not the network the record of \(path) names (its SHA-256 differs)")
        }
        return (bytes, entry.start)
    }
}
