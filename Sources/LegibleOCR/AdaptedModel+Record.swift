import Foundation

extension AdaptedModel {
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

            /// The page document `document`, whose scan has `scanSHA256`, with `lines` corrected lines.
            public init(document: String, scanSHA256: String, lines: Int) {
                (self.document, self.scanSHA256, self.lines) = (document, scanSHA256, lines)
            }
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
            /// The layer the head started from, and is pulled back to while it learns; nil in
            /// records made before there was a choice (the model's own).
            public var start: Start?
            /// A layer a writer's head starts from.
            public enum Start: String, Codable, Sendable {
                /// The model's own last layer, cut to the page script's classes.
                case model
                /// The French hand head (`Docs/Recognition.md`, "A French hand"), for pages read in the
                /// languages it reads (`HandwritingModel.handHeadReads`).
                case frenchHand = "french-hand"
            }
            /// The lines kept aside: greedy character error rate (0…1) of the layer it started
            /// from, and of the same head trained without them.
            public var heldOutErrorBefore: Double
            public var heldOutErrorAfter: Double
            /// The lines kept aside: greedy character error rate (0…1) of the same head with the
            /// writer's memory of the lines it learnt (`Docs/Recognition.md`, "The writer's
            /// memory"); nil when there was none to measure, or in records made before.
            public var heldOutErrorWithMemory: Double?
            /// The steps the kept head remembers: 0 when its memory read the lines kept aside no
            /// better than the head alone, or the head is not kept; nil in records made before.
            public var memorySteps: Int?
            /// The pages kept aside in turn, each read by a head trained on the other corrected
            /// pages (the measures above add them together), and how many of them the head as
            /// kept read better than the layer it started from (`Docs/Recognition.md`, "The
            /// writer's memory"). 0 and nil when the lines were of one page (one line in five
            /// kept aside); nil in records made before.
            public var pagesAside: Int?
            public var pagesReadBetter: Int?
            /// Wall-clock seconds its training took, reading the lines' features included.
            public var seconds: Double
            /// `WriterHead`'s bytes, its memory's after them when it has one, base64; empty when
            /// the head is not ``kept``.
            public var weights: String
            /// False when the head read the lines kept aside no better than the layer it started
            /// from: the record keeps its measure, not its weights, and `ingest --model` reads
            /// with the start layer (`Docs/Recognition.md`, "The writer's hand in the
            /// handwriting reader"). Nil in records made before the check (kept).
            public var kept: Bool?

            /// A head learnt from `trainingLines` lines; the fields are as named above.
            public init(
                trainingLines: Int, heldOutLines: Int, skippedLines: Int, passes: Int, widthScale: Double, start: Start?,
                heldOutErrorBefore: Double, heldOutErrorAfter: Double, seconds: Double, weights: String, kept: Bool? = nil
            ) {
                self.kept = kept
                (self.trainingLines, self.heldOutLines, self.skippedLines, self.passes) = (
                    trainingLines, heldOutLines, skippedLines, passes
                )
                (self.widthScale, self.start, self.seconds, self.weights) = (widthScale, start, seconds, weights)
                (self.heldOutErrorBefore, self.heldOutErrorAfter) = (heldOutErrorBefore, heldOutErrorAfter)
            }
        }
        /// ``AdaptedModel/recordFormat``.
        public var format = AdaptedModel.recordFormat
        /// The record's version (``AdaptedModel/recordVersions``): 2 for what `legible adapt`
        /// writes now, whose head, when it has one, names its start layer and whether it was
        /// kept; 1 for records made before those fields, read as the model's own layer, kept.
        public var version = AdaptedModel.recordVersion
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
        /// The handwriting reader's head; nil with fewer than five lines it can learn from, or
        /// when its network was trained and kept.
        public var head: Head?
        /// The handwriting reader's network fine-tuned on the lines (`Docs/Learning.md`); nil
        /// when none was trained, and in records made before.
        public var network: Network?

        /// A record of the model whose SHA-256 is `modelSHA256`, fine-tuned from `startModelSHA256`
        /// on the lines of `sources`; the fields are as named above.
        public init(
            modelSHA256: String, startModelSHA256: String, sources: [Source], trainingLines: Int, heldOutLines: Int, skippedLines: Int,
            unknownCharacters: [String], seed: UInt64, iterations: Int, heldOutErrorBefore: Double, heldOutErrorAfter: Double,
            seconds: Double, words: [String], head: Head?
        ) {
            (self.modelSHA256, self.startModelSHA256, self.sources) = (modelSHA256, startModelSHA256, sources)
            (self.trainingLines, self.heldOutLines, self.skippedLines) = (trainingLines, heldOutLines, skippedLines)
            (self.unknownCharacters, self.seed, self.iterations) = (unknownCharacters, seed, iterations)
            (self.heldOutErrorBefore, self.heldOutErrorAfter, self.seconds) = (heldOutErrorBefore, heldOutErrorAfter, seconds)
            (self.words, self.head) = (words, head)
        }
    }
}
