import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleLayout
import LegibleOCR

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
            _ corrected: [(text: String, box: PixelBox)], page: (width: Int, height: Int, pixels: [UInt8]), boxes: [PixelBox],
            into collected: inout Collected
        ) throws {
            let image = GreyImage(width: page.width, height: page.height, pixels: page.pixels)
            let scale: Double
            do { scale = try model.pageScale(of: image, page: boxes, classes: classes) } catch {
                throw NotebookError(.missingDependency, error.description)
            }
            for line in corrected {
                guard let labels = HeadTraining.labels(line.text, classes: classes) else {
                    collected.headSkipped += 1
                    continue
                }
                collected.headLines.append(
                    Line(
                        crop: HandwritingModel.lineCrop(of: image, box: line.box), labels: labels, scale: scale,
                        page: collected.sources.count))
            }
        }

        /// The layer a writer's head starts from: the French hand head when every page learnt
        /// from was read in languages it reads (``OCROptions/handHeadReads(_:)``), as `ingest`
        /// would read the writer's other pages without it (`Docs/Recognition.md`, "A French
        /// hand"); else the model's own.
        static func startLayer(_ collected: Collected) -> Record.Head.Start {
            !collected.languages.isEmpty && collected.languages.allSatisfy(OCROptions.handHeadReads) ? .frenchHand : .model
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
        /// without the lines kept aside (``aside(_:seed:)``), which it then reads to measure
        /// what it learnt. The head kept is trained the same way on every line; with lines of
        /// two pages or more, only when it read the page kept aside better than the layer it
        /// starts from, and otherwise none is (`kept` false).
        func learn(_ collected: Collected, seed: UInt64) throws -> Record.Head? {
            guard collected.headLines.count >= fewestLines else { return nil }
            let clock = Date()
            let counts = Dictionary(grouping: collected.headLines, by: \.scale).mapValues(\.count)
            let scale = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
            let start: WriterHead
            let lines: [HeadTraining.Line]
            do {
                start = try startHead(collected, scale: scale)
                lines = try collected.headLines.map { line in
                    let output = try model.features(of: line.crop, scale: scale)
                    return HeadTraining.Line(features: output.values, steps: output.steps, labels: line.labels)
                }
            } catch {
                throw NotebookError(.missingDependency, String(describing: error))
            }
            let pages = collected.headLines.map(\.page)
            let aside = Set(Self.aside(pages, seed: seed))
            let heldOut = lines.indices.filter { aside.contains($0) }.map { lines[$0] }
            let training = lines.indices.filter { !aside.contains($0) }.map { lines[$0] }
            let check = HeadTraining.train(start, training: training) { StableHash.shuffled(training.count, seed: seed &+ UInt64($0)) }
            let (before, after) = (
                HeadTraining.errorRate(start, heldOut, symbols: classes.symbols),
                HeadTraining.errorRate(check, heldOut, symbols: classes.symbols)
            )
            let withMemory = rememberingError(check, training: training, heldOut: heldOut)
            // Kept aside by page, the measure says whether the head carries to the writer's other
            // pages; one line in five of a single page is too few to refuse a head by.
            let kept = !Self.asideByPage(pages) || min(after, withMemory ?? after) < before
            var head =
                kept ? HeadTraining.train(start, training: lines) { StableHash.shuffled(lines.count, seed: seed &+ UInt64($0)) } : nil
            if let withMemory, withMemory < after, let learnt = head { head?.memory = WriterMemory.remembering(lines, head: learnt) }
            var record = Record.Head(
                trainingLines: lines.count, heldOutLines: heldOut.count, skippedLines: collected.headSkipped,
                passes: HeadTraining.Settings().passes, widthScale: scale, start: Self.startLayer(collected),
                heldOutErrorBefore: before, heldOutErrorAfter: after, seconds: Date().timeIntervalSince(clock),
                weights: head.map { Data($0.bytes).base64EncodedString() } ?? "", kept: kept)
            (record.heldOutErrorWithMemory, record.memorySteps) = (withMemory, head?.memory?.labels.count ?? 0)
            return record
        }

        /// The error on `heldOut` of `check` remembering the `training` lines it learnt
        /// (``WriterMemory``); nil when no line could be remembered or none is kept aside.
        func rememberingError(_ check: WriterHead, training: [HeadTraining.Line], heldOut: [HeadTraining.Line]) -> Double? {
            var remembering = check
            remembering.memory = WriterMemory.remembering(training, head: check)
            guard remembering.memory != nil, !heldOut.isEmpty else { return nil }
            return HeadTraining.errorRate(remembering, heldOut, symbols: classes.symbols)
        }

        /// The indices of the lines kept aside to measure a head, of lines on `pages` (each
        /// line's page, in order): with two pages or more, every line of the last page, so the
        /// head is measured on a page it never saw, as it will read the writer's other pages (a
        /// head fitted to one page's hand can read that page's other lines better and the next
        /// page worse); with one page, one line in five (at least one), chosen by a shuffle
        /// seeded with `seed`.
        static func aside(_ pages: [Int], seed: UInt64) -> [Int] {
            if asideByPage(pages), let last = pages.max() {
                return pages.indices.filter { pages[$0] == last }
            }
            return Array(StableHash.shuffled(pages.count, seed: seed).prefix(max(1, pages.count / 5)))
        }

        /// Whether lines on `pages` are kept aside by page (``aside(_:seed:)``): two pages or more.
        static func asideByPage(_ pages: [Int]) -> Bool { Set(pages).count >= 2 }
    }
}
