import Foundation
import LegibleHandwriting
import LegibleSystem

/// The trainer `legible adapt` fine-tunes the handwriting reader's own network with
/// (`Docs/Learning.md`, "The trainer"): every weight of PP-OCRv6 small's recogniser but its batch
/// norms' statistics, by CTC on a writer's corrected lines, in a child process over Debian's
/// `python3-torch`, as `lstmtraining` fine-tunes Tesseract's. The child's Python is built into
/// this binary (`Trainer/`, by the `LegibleTrainerSource` plugin) and written into the run's
/// private folder with the model's checked bytes and the lines, so what runs is what was built
/// and what it reads is what was checked. It reads the graph itself (no `onnx` package), stops at
/// its time, its steps, or when the lines kept aside stop reading better, and leaves the
/// weights that read them best.
public enum NetworkTrainer {
    /// A line to learn from or to measure on: the line as the reader sees it, and its text as
    /// the model's classes (0 is the CTC blank, never a label).
    public struct Line: Sendable {
        /// The line at the model's height, at the width the writer's pages are read at.
        public var tensor: LineTensor
        /// The text, one class of the model's alphabet a character.
        public var labels: [Int]

        /// The line `tensor` reading `labels`.
        public init(tensor: LineTensor, labels: [Int]) { (self.tensor, self.labels) = (tensor, labels) }
    }

    /// Which of the network's tensors are trained.
    public enum Layers: String, Sendable {
        /// Every tensor of more than one value, but the batch norms' statistics.
        case all
        /// Those the upper half of the graph reads.
        case upper
        /// All but the last layer, over every class.
        case belowLast = "below-last"
    }

    /// How the trainer learns; the same settings and lines give the same weights, byte for byte,
    /// when it stops at ``steps`` rather than at its time.
    public struct Settings: Sendable, Equatable {
        /// Seeds the order of the lines and their augmentation.
        public var seed: UInt64 = 1
        /// The most steps (batches learnt).
        public var steps = 400
        /// Threads the child computes on.
        public var threads = 1
        /// Lines a step, at most, and the most pixels across a step's lines may take, padded to
        /// the widest (memory follows this budget; `Docs/Learning.md`, "Choosing the settings").
        public var batch = 8
        public var pixels = 3_200
        /// AdamW's learning rate.
        public var rate = 3e-5
        /// The pull back toward the start weights: this times their squared distance is added
        /// to the loss.
        public var pull = 1e-3
        /// The tensors trained.
        public var layers = Layers.all
        /// Each step, the weights measured and written move this much of the way less toward
        /// the weights trained: a running average over about 1 / (1 − `average`) steps. Only a
        /// value strictly between 0 and 1 averages; any other (0 or less, 1 or more) trains
        /// without one (`Docs/Learning.md`, "The trainer").
        public var average = 0.9
        /// Steps between measures of the lines kept aside, and measures without a better one
        /// after which training stops.
        public var every = 10
        public var patience = 4
        /// Whether, once the lines kept aside have chosen the number of steps, the network is
        /// learnt again from its start on every line, those kept aside too, for as many passes
        /// (`Docs/Learning.md`, "Learning the lines kept aside too").
        public var refit = true
        /// The interpreter the child runs in: Debian's, where `python3-torch` is installed,
        /// never looked up on `PATH`.
        public var python = NetworkTrainer.python

        /// The settings chosen on the diary (`Docs/Learning.md`, "Choosing the settings").
        public init() {}
    }

    /// One measure of the lines kept aside, as training goes.
    public struct Progress: Sendable, Equatable {
        /// Steps so far.
        public var step: Int
        /// The lines kept aside: greedy character error rate (0…1) now, and the best so far.
        public var asideError: Double
        public var bestError: Double
        /// Seconds since the child started.
        public var seconds: Double
    }

    /// What training left: the weights that read the lines kept aside best, as a writer's
    /// network file's bytes and as tensors, and the measures before and after.
    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var weights: NetworkWeights
        /// The lines kept aside: greedy character error rate (0…1) of the start network, and of
        /// the weights kept.
        public var before: Double
        public var after: Double
        /// Steps taken in the measured pass.
        public var steps: Int
        /// Steps of the pass that learnt every line again (0 when there was none, or it did
        /// not end in time and the measured weights were kept).
        public var refitSteps: Int
    }

    /// Why training could not run or finish.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, as an exit code says it: the runtime missing (69), the disk full, the
        /// time out before the child was done (its 75), or anything else.
        public enum Kind: Sendable { case missingRuntime, noRoom, outOfTime, failed }
        public var kind: Kind
        /// One line.
        public var description: String
    }

    /// Debian's Python, where `python3-torch` is installed.
    public static let python = "/usr/bin/python3"

    /// Trains the network of `model` (the reader's ONNX bytes, checked, with whatever head the
    /// writer's pages are read with written in) on `training`, measured on `aside`, in
    /// `folder` (private, and removed by the caller), for at most `seconds`. `progress` hears
    /// each measure.
    public static func train(
        model: [UInt8], training: [Line], aside: [Line], settings: Settings, folder: String, seconds: Double,
        progress: (Progress) -> Void
    ) throws(Failure) -> Result {
        guard !training.isEmpty, !aside.isEmpty else {
            throw Failure(kind: .failed, description: "no lines to learn from or to measure on")
        }
        try prepare(model: model, training: training, aside: aside, settings: settings, folder: folder, seconds: seconds)
        let measures = try run(folder: folder, python: settings.python, seconds: seconds, progress: progress)
        guard let first = measures.first, let last = measures.last,
            let bytes = FileManager.default.contents(atPath: folder + "/weights.bin").map(Array.init),
            let weights = NetworkWeights(bytes: bytes)
        else { throw Failure(kind: .failed, description: "the trainer left no weights") }
        return Result(
            bytes: bytes, weights: weights, before: first.asideError, after: last.bestError, steps: last.step,
            refitSteps: refitSteps(in: folder + "/progress.log"))
    }
}
