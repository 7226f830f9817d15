import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleNotebook
import LegibleOCR
import LegibleSystem

extension Adaptation {
    /// The handwriting reader whose last layer is fitted beside the Tesseract model
    /// (`Docs/Recognition.md`, "The writer's hand in the handwriting reader"), and the classes
    /// of the page script it reads.
    struct HeadSource {
        let files: HandwritingModel.Files
        let model: HandwritingModel
        let classes: ReadingClasses

        /// The reader from `files`; its files missing or altered is a missing dependency.
        init(files: HandwritingModel.Files) throws {
            self.files = files
            do {
                model = try HandwritingModel(files: files, features: true)
            } catch {
                throw NotebookError(.missingDependency, error.description)
            }
            classes = model.latinClasses()
        }

        /// A corrected line as the head learns it: its crop, its text as class positions, the
        /// width its page would be read at, and which page learnt from it is on (in order).
        struct Line {
            var crop: GreyImage
            var labels: [Int]
            var scale: Double
            var page: Int
        }

        /// Adds `corrected`'s lines of `page`, whose lines are `boxes`, to `collected`; a line
        /// with a character outside the classes is counted and left out.
        func collect(
            _ corrected: [(text: String, box: PixelBox)], page: GreyImage, boxes: [PixelBox],
            into collected: inout Collected
        ) throws {
            let scale: Double
            do { scale = try model.pageScale(of: page, page: boxes, classes: classes) } catch {
                throw NotebookError(.missingDependency, error.description)
            }
            for line in corrected {
                guard let labels = HeadTraining.labels(line.text, classes: classes) else {
                    collected.headSkipped += 1
                    continue
                }
                collected.headLines.append(
                    Line(
                        crop: HandwritingModel.lineCrop(of: page, box: line.box), labels: labels, scale: scale,
                        page: collected.sources.count))
            }
        }

        /// The layer a writer's head starts from: the French hand head when every page learnt
        /// from was read in languages it reads (``HandwritingModel/handHeadReads(_:)``), as `ingest`
        /// would read the writer's other pages without it (`Docs/Recognition.md`, "A French
        /// hand"); else the model's own.
        static func startLayer(_ collected: Collected) -> Record.Head.Start {
            !collected.languages.isEmpty && collected.languages.allSatisfy(HandwritingModel.handHeadReads) ? .frenchHand : .model
        }

        /// ``startLayer(_:)``'s head over the reader's classes, for lines read at `scale`.
        func startHead(_ collected: Collected, scale: Double) throws(HandwritingModel.LoadFailure) -> WriterHead {
            guard Self.startLayer(collected) == .frenchHand else {
                return try HandwritingModel.startHead(files: files, classes: classes, widthScale: scale)
            }
            var hand = try HandwritingModel.frenchHand(files: files, classes: classes)
            hand.widthScale = scale
            return hand
        }

        /// Fits the head to `collected`'s lines, all read at the width most of them were read
        /// at (the hand's); nil with fewer than ``fewestLines`` lines. The head is first trained
        /// without each set of lines kept aside (``asides(_:seed:)``), which it then reads to
        /// measure what it learnt (``HeadVerdict``). The head kept is trained the same way on
        /// every line; with lines of two pages or more, only when the verdict keeps it, and
        /// otherwise none is (`kept` false).
        /// Past `end` (`--minutes`), the head is not learnt: nil, as with too few lines. Each
        /// head is learnt by ``HeadTrainer`` in `folder` (private), run by `python`.
        func learn(_ collected: Collected, seed: UInt64, folder: String, python: String, until end: Date = .distantFuture) throws
            -> Record.Head?
        {
            guard collected.headLines.count >= fewestLines, Date() < end else { return nil }
            let clock = Date()
            let counts = Dictionary(grouping: collected.headLines, by: \.scale).mapValues(\.count)
            let scale = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
            let start: WriterHead
            let lines: [HeadTraining.Line]
            do {
                start = try startHead(collected, scale: scale)
                lines = try collected.headLines.map { line in
                    guard Date() < end else { throw PastEnd() }
                    let output = try model.features(of: line.crop, scale: scale)
                    return HeadTraining.Line(features: output.values, steps: output.steps, labels: line.labels)
                }
            } catch is PastEnd {
                return nil
            } catch {
                throw NotebookError(.missingDependency, String(describing: error))
            }
            let pages = collected.headLines.map(\.page)
            let (asides, byPage) = (Self.asides(pages, seed: seed), Self.asideByPage(pages))
            let trainer = Fitting(settings: HeadTrainer.Settings(), folder: folder + "/head", python: python, seed: seed, end: end)
            guard mkdir(trainer.folder, 0o700) == 0 else { throw FileError(.io, "\(trainer.folder): cannot be made (\(Errno.current))") }
            var trials: [HeadTrial] = []
            for aside in asides {
                guard let trial = try trial(start, lines: lines, aside: Set(aside), trainer: trainer) else { return nil }
                trials.append(trial)
            }
            let verdict = HeadVerdict(trials, byPage: byPage)
            var head: WriterHead? = nil
            if verdict.kept {
                guard let learnt = try trainer.fit(start, lines) else { return nil }
                head = learnt
            }
            if verdict.remembers, let learnt = head { head?.memory = WriterMemory.remembering(lines, head: learnt) }
            var record = Record.Head(
                trainingLines: lines.count, heldOutLines: asides.reduce(0) { $0 + $1.count }, skippedLines: collected.headSkipped,
                passes: trainer.settings.passes, widthScale: scale, start: Self.startLayer(collected),
                heldOutErrorBefore: verdict.before, heldOutErrorAfter: verdict.after, seconds: Date().timeIntervalSince(clock),
                weights: head.map { Data($0.bytes).base64EncodedString() } ?? "", kept: verdict.kept)
            (record.heldOutErrorWithMemory, record.memorySteps) = (verdict.withMemory, head?.memory?.labels.count ?? 0)
            (record.pagesAside, record.pagesReadBetter) = byPage ? (asides.count, verdict.better) : (0, nil)
            return record
        }

        /// The head `start` trained on `lines` but those at `aside`, and remembering them, each
        /// measured on the lines at `aside` beside `start`; nil when the time ran out.
        func trial(_ start: WriterHead, lines: [HeadTraining.Line], aside: Set<Int>, trainer: Fitting) throws -> HeadTrial? {
            let heldOut = lines.indices.filter { aside.contains($0) }.map { lines[$0] }
            let training = lines.indices.filter { !aside.contains($0) }.map { lines[$0] }
            guard let check = try trainer.fit(start, training) else { return nil }
            var remembering = check
            remembering.memory = WriterMemory.remembering(training, head: check)
            let before = HeadTraining.errors(start, heldOut, symbols: classes.symbols)
            return HeadTrial(
                characters: before.characters, before: before.errors,
                after: HeadTraining.errors(check, heldOut, symbols: classes.symbols).errors,
                withMemory: remembering.memory.map { _ in HeadTraining.errors(remembering, heldOut, symbols: classes.symbols).errors })
        }

        /// How each head is learnt: by ``HeadTrainer`` with `settings` in `folder`, run by
        /// `python`, its passes in an order seeded by `seed`, until `end`.
        struct Fitting {
            let settings: HeadTrainer.Settings
            let folder: String
            let python: String
            let seed: UInt64
            let end: Date

            /// `start` trained on `lines`; nil when the time ran out first. Other failures are
            /// refused as the network trainer's are (``Adaptation/refusal(_:folder:)``).
            func fit(_ start: WriterHead, _ lines: [HeadTraining.Line]) throws -> WriterHead? {
                let seconds = end.timeIntervalSinceNow
                guard seconds > 0 else { return nil }
                do {
                    return try HeadTrainer.train(
                        start, training: lines, settings: settings, folder: folder, seconds: min(seconds, HeadTrainer.unbounded),
                        python: python
                    ) {
                        StableHash.shuffled(lines.count, seed: seed &+ UInt64($0))
                    }
                } catch {
                    if error.kind == .outOfTime { return nil }
                    throw Adaptation.refusal(error, folder: folder)
                }
            }
        }

        /// The most pages kept aside in turn: each one costs a head trained and measured.
        static let mostPagesAside = 4

        /// The sets of lines kept aside to measure a head, each as indices of lines on `pages`
        /// (each line's page, in order). With two pages or more, each of the last
        /// ``mostPagesAside`` pages in turn, every line of it, so the head is measured on pages
        /// it never saw, as it will read the writer's other pages (a head fitted to one page's
        /// hand can read that page's other lines better and the next page worse). With one page,
        /// one set: one line in five (at least one), chosen by a shuffle seeded with `seed`.
        static func asides(_ pages: [Int], seed: UInt64) -> [[Int]] {
            guard asideByPage(pages) else { return [Array(StableHash.shuffled(pages.count, seed: seed).prefix(max(1, pages.count / 5)))] }
            return Set(pages).sorted().suffix(mostPagesAside).map { page in pages.indices.filter { pages[$0] == page } }
        }

        /// Whether lines on `pages` are kept aside by page (``asides(_:seed:)``): two pages or more.
        static func asideByPage(_ pages: [Int]) -> Bool { Set(pages).count >= 2 }
    }
}

/// The `--minutes` of `adapt` ran out while the head's lines were read.
private struct PastEnd: Error {}
