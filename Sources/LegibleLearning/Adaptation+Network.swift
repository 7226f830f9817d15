import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleImage
import LegibleNotebook
import LegibleOCR
import LegibleSystem

extension Adaptation {
    /// The handwriting reader's network fine-tuned on `collected`'s lines (`Docs/Learning.md`,
    /// "The trainer"), its file's bytes when kept, and its record; nil with fewer than
    /// ``fewestLines`` lines, or no time left. The lines kept aside are the last corrected page
    /// when there are two or more, so the network is kept only when it reads a page it never
    /// learnt better (a network fitted to one page's hand can read another hand worse); with
    /// one page, one line in five. The network starts from the last layer the writer's pages
    /// are read with (the French hand for French pages), written into the pinned model.
    static func learnNetwork(
        _ collected: Collected, hand: HeadSource, request: Request, folder: String, until end: Date,
        progress: (NetworkTrainer.Progress) -> Void
    ) throws -> (bytes: [UInt8]?, record: Record.Network)? {
        let lines = collected.headLines
        let seconds = end.timeIntervalSinceNow
        guard lines.count >= fewestLines, seconds > 30 else { return nil }
        let clock = Date()
        let counts = Dictionary(grouping: lines, by: \.scale).mapValues(\.count)
        let scale = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
        let pages = lines.map(\.page)
        let aside = Set(HeadSource.asides(pages, seed: request.seed).last ?? [])
        let made = lines.map { line in
            NetworkTrainer.Line(
                tensor: LineTensor(grey: line.crop.pixels, width: line.crop.width, height: line.crop.height, widthScale: scale),
                labels: line.labels.map { hand.classes.indices[$0] })
        }
        let start = HeadSource.startLayer(collected)
        let model: [UInt8]
        do {
            let layer = start == .frenchHand ? try HandwritingModel.frenchHand(files: hand.files) : nil
            model = try HandwritingModel.loadedBytes(hand.files, features: false, hand: layer)
        } catch {
            throw NotebookError(.missingDependency, error.description)
        }
        var settings = request.network
        settings.seed = request.seed
        // Both cores: the child is alone while it trains (the reader's model is idle).
        settings.threads = max(1, Processors.usable)
        let work = folder + "/network"
        guard mkdir(work, 0o700) == 0 else { throw FileError(.io, "\(work): cannot be made (\(Errno.current))") }
        let result: NetworkTrainer.Result
        do {
            result = try NetworkTrainer.train(
                model: model, training: made.indices.filter { !aside.contains($0) }.map { made[$0] },
                aside: aside.sorted().map { made[$0] }, settings: settings, folder: work, seconds: seconds, progress: progress)
        } catch {
            throw refusal(error, folder: folder)
        }
        let characters = aside.reduce(0) { $0 + made[$1].labels.count }
        let kept = Self.readsBetter(before: result.before, after: result.after, characters: characters)
        var record = Record.Network(
            sha256: kept ? Checksum.sha256Hex(of: result.bytes) : nil, tensors: result.weights.tensors.count,
            values: result.weights.tensors.reduce(0) { $0 + $1.values.count }, layers: settings.layers.rawValue,
            trainingLines: made.count - aside.count, heldOutLines: aside.count, pageAside: HeadSource.asideByPage(pages), widthScale: scale,
            start: start, heldOutErrorBefore: result.before, heldOutErrorAfter: result.after, steps: result.steps, seed: request.seed,
            seconds: Date().timeIntervalSince(clock), kept: kept)
        (record.refitSteps, record.heldOutCharacters) = (result.refitSteps, characters)
        return (kept ? result.bytes : nil, record)
    }

    /// A trainer's failure as `adapt` reports it: a missing runtime is a missing dependency
    /// (69), a full disk in `folder` an I/O error, anything else an internal error.
    static func refusal(_ error: NetworkTrainer.Failure, folder: String) -> any Error {
        switch error.kind {
        case .missingRuntime: NotebookError(.missingDependency, error.description)
        case .noRoom: FileError(.io, "\(folder): \(error.description); free some space, or set TMPDIR elsewhere")
        case .failed, .outOfTime: NotebookError(.internalError, error.description)
        }
    }

    /// Whether a network that read `characters` characters kept aside with an error rate of
    /// `after`, where the start network read them at `before`, reads them better by more than
    /// chance: by more than twice the standard error of `before` on that many characters. On
    /// two English letters, five lines learnt read the nine kept aside at 0.087 against 0.092,
    /// within chance, and the three other letters then read worse (0.162 → 0.167;
    /// `Docs/Learning.md`, "Which lines are kept aside").
    static func readsBetter(before: Double, after: Double, characters: Int) -> Bool {
        guard characters > 0 else { return false }
        return before - after > 2 * (before * (1 - before) / Double(characters)).squareRoot()
    }
}
