import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleNotebook
import LegibleOCR
import LegibleSystem

/// `legible adapt`: a Tesseract model fine-tuned on the lines a person corrected, so that the
/// rest of a notebook in the same hand reads better (`Docs/Recognition.md`, "Learning the
/// writer's hand"). The corrected lines are cut from their scans, a part is kept aside, and
/// tessdata_best's float `fra` is trained with Debian's `lstmtraining` in rounds until the lines
/// kept aside stop improving or the time is up; the best round becomes an ordinary
/// `.traineddata`, written with its record (``Record``) only once it is whole.
public enum Adaptation {
    /// What to learn from and where to write it.
    public struct Request: Sendable {
        /// The page documents whose corrected lines are learnt.
        public var documents: [String]
        /// The model to write: `NAME.traineddata`; its record goes beside it.
        public var output: String
        /// More folders to look for the scans in, after each document's own.
        public var scans: [String] = []
        /// The float start model.
        public var startModel: String
        /// The most training may take, in minutes (wall clock).
        public var minutes: Double = 10
        /// The most iterations, whatever the time left; nil for no bound but the time.
        public var maximumIterations: Int?
        /// Chooses which lines are kept aside; the same inputs and seed give the same model.
        public var seed: UInt64 = 1
        /// How the handwriting reader's network is trained (`Docs/Learning.md`); its seed is
        /// ``seed``. `steps` bounds it as `maximumIterations` bounds Tesseract's training.
        public var network = NetworkTrainer.Settings()
        /// Whether the network is trained at all; false keeps the head alone (and needs no
        /// PyTorch).
        public var trainsNetwork = true
        /// The handwriting reader whose last layer is fitted too: by default the files beside
        /// the start model, where `Tools/install-dependencies` puts both.
        public var handwriting: HandwritingModel.Files

        /// A request to learn from `documents` into `output`, starting from `startModel`.
        public init(documents: [String], output: String, startModel: String) {
            self.documents = documents
            self.output = output
            self.startModel = startModel
            handwriting = HandwritingModel.Files(folder: (startModel as NSString).deletingLastPathComponent)
        }
    }

    /// One round of training, as it is reported.
    public struct Progress: Sendable {
        /// Iterations so far.
        public var iterations: Int
        /// The lines kept aside: their character error rate (0…1) now, and the best so far.
        public var heldOutError: Double
        public var bestError: Double
        /// Seconds since training began, and the most it may take.
        public var seconds: Double
        public var limit: Double
        /// Whether this is the handwriting reader's network training (its steps as
        /// ``iterations``), not Tesseract's.
        public var network = false
    }

    /// The start model's SHA-256: tessdata_best's `fra.traineddata` (Apache-2.0), which
    /// `Tools/install-dependencies` installs beside the handwriting reader's files.
    public static let startModelSHA256 = HandwritingModel.Files.pinnedSHA256(of: "tessdata-best-fra.traineddata")

    /// The share of the time left, once the lines are collected, the network's training may
    /// take; Tesseract's model and the head have the rest.
    static let networkShare = 0.85

    /// Iterations a round, after which the lines kept aside are read again.
    static let roundIterations = 200
    /// Rounds without a better error after which training stops.
    static let patience = 3
    /// The fewest corrected lines learnt from: one kept aside, the rest trained on.
    static let fewestLines = 5
}
