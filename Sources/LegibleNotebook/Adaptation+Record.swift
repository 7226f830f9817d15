import Foundation
import LegibleOCR

extension Adaptation {
    /// What a model was made from and what it gained, written beside it as
    /// `NAME.adapted.json` (`Docs/Recognition.md`, "Learning the writer's hand"). `ingest
    /// --model` takes a model only when its record names its SHA-256.
    public struct Record: Codable, Equatable, Sendable {
        /// A page learnt from.
        public struct Source: Codable, Equatable, Sendable {
            /// The page document's file name.
            public var document: String
            /// The SHA-256 of its scan, lower-case hex.
            public var scanSHA256: String
            /// Its corrected lines.
            public var lines: Int
        }
        /// The handwriting reader's last layer fitted to the same lines (`Docs/Recognition.md`,
        /// "The writer's hand in the handwriting reader").
        public struct Head: Codable, Equatable, Sendable {
            /// Lines learnt (every line it could: the head kept learnt them all), kept aside to
            /// measure it, and left out (characters outside the page script).
            public var trainingLines: Int
            public var heldOutLines: Int
            public var skippedLines: Int
            /// Passes over the lines.
            public var passes: Int
            /// The width the lines were learnt at and every page is read at, as a factor of a
            /// line's width at the model's height: the one most corrected lines' pages chose.
            public var widthScale: Double
            /// The layer the head started from, and is pulled back to while it learns.
            public var start: Start
            /// A layer a writer's head starts from.
            public enum Start: String, Codable, Sendable {
                /// The model's own last layer, cut to the page script's classes.
                case model
                /// The French hand head (`Docs/Recognition.md`, "A French hand"), for pages read in French.
                case frenchHand = "french-hand"
            }
            /// The lines kept aside: greedy character error rate (0…1) of the layer it started
            /// from, and of the same head trained without them.
            public var heldOutErrorBefore: Double
            public var heldOutErrorAfter: Double
            /// Wall-clock seconds its training took, reading the lines' features included.
            public var seconds: Double
            /// `WriterHead`'s bytes, base64.
            public var weights: String
        }
        /// ``AdaptedModel/recordFormat``.
        public var format = AdaptedModel.recordFormat
        /// The record's version: 1.
        public var version = 1
        /// The model's SHA-256, lower-case hex.
        public var modelSHA256: String
        /// The start model's SHA-256.
        public var startModelSHA256: String
        /// The pages learnt from.
        public var sources: [Source]
        /// Lines trained on, kept aside, and left out (characters the start model cannot spell).
        public var trainingLines: Int
        public var heldOutLines: Int
        public var skippedLines: Int
        /// The characters that left lines out, sorted.
        public var unknownCharacters: [String]
        /// The seed that chose the lines kept aside.
        public var seed: UInt64
        /// Training iterations of the model kept.
        public var iterations: Int
        /// The lines kept aside: character error rate (0…1) of the start model and of this one.
        public var heldOutErrorBefore: Double
        public var heldOutErrorAfter: Double
        /// Wall-clock seconds the training took.
        public var seconds: Double
        /// The distinct words of the corrected lines, sorted: what the handwriting reader's
        /// decoding adds to the language's word list when it reads beside this model.
        public var words: [String]
        /// The handwriting reader's head; nil with fewer than five lines it can learn from.
        public var head: Head?
    }
}
