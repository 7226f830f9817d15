import Foundation
import LegibleHandwriting
import LegibleSystem

/// Fits a ``WriterHead`` to lines whose features the network has already given
/// (`Docs/Learning.md`, "The head and the memory"): only the last layer learns, by CTC's loss
/// with Adam, pulled toward where it started so that a few lines cannot carry it far, for a fixed
/// number of passes. It runs in the same child process and runtime as ``NetworkTrainer``
/// (`Trainer/legible_head.py` over Debian's `python3-torch`), so Legible has one learning stack:
/// the loss, its gradient and the optimiser are PyTorch's, not written here.
public enum HeadTrainer {
    /// How the head learns.
    public struct Settings: Sendable, Equatable {
        /// Adam's step size.
        public var learningRate = 3e-3
        /// How hard the weights are pulled back to the start head: the gradient gains this times
        /// each value's distance from its start.
        public var pull = 1e-2
        /// Passes over the lines.
        public var passes = 10
        /// What the step size is multiplied by after each pass: 1 keeps it.
        public var decay = 1.0

        /// The settings for a writer's head, chosen on the French sheets of the real corpus,
        /// each page's first half learnt and its second half read (`Docs/Recognition.md`).
        public init() {}

        /// The settings for a hand head learnt from thousands of lines of many writers
        /// (``HandwritingModel/handHead(files:)``): smaller steps, a weaker pull, three passes,
        /// each at half the step of the one before. Chosen on a tenth of the training pages
        /// kept aside (`Docs/Recognition.md`, "A French hand").
        public static let hand = Settings(learningRate: 1e-3, pull: 1e-3, passes: 3, decay: 0.5)

        init(learningRate: Double, pull: Double, passes: Int, decay: Double) {
            (self.learningRate, self.pull, self.passes, self.decay) = (learningRate, pull, passes, decay)
        }
    }

    /// `start` (its memory left out) trained on `training` for ``Settings/passes`` passes, one
    /// line a step, in the order `order(pass)` gives (a permutation of `training`'s indices;
    /// passes count from 1), in `folder` (private, made and removed by the caller). The child
    /// stops when `seconds` from this call have passed, its start and PyTorch's import
    /// included (``NetworkTrainer/Failure/Kind-swift.enum/outOfTime``).
    /// Deterministic: it computes on one thread, so the same lines and orders give the same bytes.
    public static func train(
        _ start: WriterHead, training: [HeadTraining.Line], settings: Settings = Settings(), folder: String,
        seconds: Double = unbounded, python: String = NetworkTrainer.python, order: (Int) -> [Int]
    ) throws(NetworkTrainer.Failure) -> WriterHead {
        var plain = start
        plain.memory = nil
        let job: [String: Any] = [
            "rate": settings.learningRate, "pull": settings.pull, "decay": settings.decay,
            "deadline": NetworkTrainer.deadline(after: seconds),
            "orders": (1...max(1, settings.passes)).map(order), "parent": Int(getpid()),
        ]
        do {
            try AtomicFile.commit(
                NetworkTrainer.sources(in: folder) + [
                    AtomicFile.Output(path: folder + "/head.bin", bytes: Data(plain.bytes)),
                    AtomicFile.Output(path: folder + "/job.json", bytes: (try? JSONSerialization.data(withJSONObject: job)) ?? Data()),
                ])
            try writeFeatures(training, features: start.features, to: folder + "/train.features")
        } catch {
            throw NetworkTrainer.Failure(kind: .noRoom, description: "\(folder): the trainer's files cannot be written (\(error))")
        }
        _ = try NetworkTrainer.run("legible_head.py", folder: folder, python: python, seconds: seconds) { _ in }
        guard let bytes = FileManager.default.contents(atPath: folder + "/head.out"), var head = WriterHead(bytes: Array(bytes)),
            head.classes == start.classes, head.features == start.features
        else { throw NetworkTrainer.Failure(kind: .failed, description: "the head trainer left no head of the start head's shape") }
        head.widthScale = start.widthScale
        return head
    }

    /// The time given to a run that has no bound of its own (a recipe's): a day.
    public static let unbounded: Double = 86_400

    /// `lines` as `legible_head.py` reads them: `LEGFEATS1`, a count, then each line's steps,
    /// label count, labels and `steps × features` floats, all little-endian. Written as it goes:
    /// the French hand's lines come to about a gigabyte.
    static func writeFeatures(_ lines: [HeadTraining.Line], features: Int, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: path)
        else { throw FileError(.io, "\(path): cannot be written") }
        defer { try? file.close() }
        try file.write(contentsOf: Data(Array("LEGFEATS1".utf8) + NetworkWeights.word(lines.count)))
        for line in lines {
            guard line.features.count == line.steps * features, line.steps > 0 else {
                throw FileError(.io, "\(path): a line of \(line.features.count) features is not \(line.steps) steps of \(features)")
            }
            var header = NetworkWeights.word(line.steps) + NetworkWeights.word(line.labels.count)
            for label in line.labels { header += NetworkWeights.word(label) }
            try file.write(contentsOf: Data(header))
            // Floats as the machine holds them, which is little-endian (checked at build time below).
            try file.write(contentsOf: line.features.withUnsafeBufferPointer { Data(buffer: $0) })
        }
    }
}

#if _endian(big)
    #error("HeadTrainer writes floats as the machine holds them; the trainer reads them little-endian")
#endif
