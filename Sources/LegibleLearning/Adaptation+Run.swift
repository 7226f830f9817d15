import Foundation
import LegibleImage
import LegibleNotebook
import LegibleOCR
import LegibleSystem

extension Adaptation {
    /// Learns from `request`'s documents and writes the model and its record, each whole or not
    /// at all; `progress` hears each round. Refused with one line: `usage` for an output that
    /// is not `NAME.traineddata` or is a folder or a link; `busy` while another run writes the
    /// same model; `badData` with too few corrected lines; `missingInput` for a scan that is not
    /// there; `missingDependency` for a start model missing or altered.
    public static func run(_ request: Request, progress: (Progress) -> Void) throws -> Record {
        // `--minutes` bounds the run from its first step, preparing the lines included
        // (`Docs/Hardening.md`, "Bounds that bound").
        let clock = Date()
        let end = clock.addingTimeInterval(request.minutes * 60)
        let outputs = [request.output, AdaptedModel.recordPath(for: request.output), AdaptedModel.networkPath(for: request.output)]
        try checkOutput(request.output)
        try OutputGuard.refuse(outputs: outputs, overwriting: request.documents + [request.startModel])
        let startModel = try checkedStartModel(request.startModel)
        let lock: FileLock
        do { lock = try FileLock(for: request.output, wait: 0) } catch .busy {
            throw NotebookError(.busy, "\(request.output): another legible adapt is writing this model")
        } catch .system(let reason) {
            // The model's folder is missing or cannot be written: nothing can be made there.
            throw FileError(.cannotCreate, "\(request.output): \(reason)")
        }
        defer { withExtendedLifetime(lock) {} }
        let folder = try TemporaryFolder.make(prefix: "legible-adapt")
        defer { TemporaryFolder.remove(folder) }
        // The training tools read the start model's checked bytes from the private folder, never
        // the path again (`Docs/Hardening.md`, "What is loaded is what was checked").
        let start = folder + "/start.traineddata"
        try AtomicFile.commit([.init(path: start, bytes: startModel)])
        let tools = TesseractTraining(folder: folder, startModel: start)
        let (collected, head, network, training, heldOut) = try learnHand(request, tools: tools, until: end, progress: progress)
        // The handwriting reader is gone; its pages go back before lstmtraining runs beside
        // this process (`Docs/Recognition.md`, "The writer's hand in the handwriting reader").
        ProcessSymbol.handBackFreedMemory()
        try tools.extractNetwork()
        // `--minutes` bounds the whole run: what the lines and the head took comes off
        // lstmtraining's share.
        var rest = request
        rest.minutes = max(0, end.timeIntervalSinceNow / 60)
        let trained = try train(tools, training: training, heldOut: heldOut, request: rest, progress: progress)
        try tools.finish(trained.checkpoint, output: folder + "/model.traineddata")
        guard let model = FileManager.default.contents(atPath: folder + "/model.traineddata") else {
            throw NotebookError(.internalError, "lstmtraining --stop_training wrote no model")
        }
        var record = Record(
            modelSHA256: Checksum.sha256Hex(of: model), startModelSHA256: startModelSHA256, sources: collected.sources,
            trainingLines: training.count, heldOutLines: heldOut.count, skippedLines: collected.skipped,
            unknownCharacters: collected.unknownCharacters.sorted(), seed: request.seed, iterations: trained.iterations,
            heldOutErrorBefore: trained.before, heldOutErrorAfter: trained.after, seconds: Date().timeIntervalSince(clock),
            words: Array(collected.words.sorted().prefix(AdaptedModel.maximumWords)), head: head)
        record.network = network?.record
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // The model, its record and its network are one set: a network left from an earlier
        // run is removed with the set's commit, as the record that named it is replaced.
        var written: [AtomicFile.Output] = [
            .init(path: request.output, bytes: model),
            .init(path: AdaptedModel.recordPath(for: request.output), bytes: try encoder.encode(record) + Data("\n".utf8)),
        ]
        if let bytes = network?.bytes { written.append(.init(path: AdaptedModel.networkPath(for: request.output), bytes: Data(bytes))) }
        try AtomicFile.commit(written)
        if network?.bytes == nil { unlink(AdaptedModel.networkPath(for: request.output)) }
        return record
    }

    /// The documents' corrected lines, the handwriting reader's head learnt from them, and the
    /// Tesseract samples made of them (refused with too few lines before the head is learnt).
    /// The handwriting reader is let go on return, so its memory is free before `lstmtraining`
    /// starts.
    /// The network is trained first, for up to ``networkShare`` of the time left; when it is
    /// kept, no head is learnt (`Docs/Learning.md`, "The head and the memory").
    static func learnHand(
        _ request: Request, tools: TesseractTraining, until end: Date, progress: (Progress) -> Void
    ) throws -> (
        collected: Collected, head: Record.Head?, network: (bytes: [UInt8]?, record: Record.Network)?, training: [String],
        heldOut: [String]
    ) {
        let hand = try HeadSource(files: request.handwriting)
        let collected = try collect(
            request.documents, scans: request.scans, characters: try tools.characterSet(), hand: hand, until: end)
        let (training, heldOut) = try samples(collected, tools: tools, seed: request.seed, until: end)
        let networkEnd = Date(timeIntervalSinceNow: end.timeIntervalSinceNow * networkShare)
        let network =
            request.trainsNetwork
            ? try learnNetwork(collected, hand: hand, request: request, folder: tools.folder, until: networkEnd) { measure in
                progress(
                    Progress(
                        iterations: measure.step, heldOutError: measure.asideError, bestError: measure.bestError, seconds: measure.seconds,
                        limit: networkEnd.timeIntervalSince(Date()) + measure.seconds, network: true))
            } : nil
        let head =
            network?.record.kept == true
            ? nil : try hand.learn(collected, seed: request.seed, folder: tools.folder, python: request.network.python, until: end)
        return (collected, head, network, training, heldOut)
    }

    /// Refuses an output that is not `NAME.traineddata`, or whose model or record is there as
    /// anything but a file: checked before any work, so a run never trains for nothing.
    static func checkOutput(_ output: String) throws {
        guard output.hasSuffix(AdaptedModel.suffix), (output as NSString).lastPathComponent.count > AdaptedModel.suffix.count else {
            throw NotebookError(
                .usage, "\(output): the model's file name must end in \(AdaptedModel.suffix), the name Tesseract loads it by")
        }
        for path in [output, AdaptedModel.recordPath(for: output), AdaptedModel.networkPath(for: output)] {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw NotebookError(.usage, "\(path): is there and is not a plain file (a folder or a link is never written through)")
            }
        }
    }

    /// The start model's bytes, read once (``TrustedFile``); refused when it is missing, is not
    /// a regular file only root or the user can write, or is not the pinned one.
    static func checkedStartModel(_ path: String) throws -> Data {
        let bytes: [UInt8]
        do {
            bytes = try TrustedFile.open(path, what: "the start model", limit: 64 << 20).bytes()
        } catch {
            throw NotebookError(.missingDependency, "\(error.description); run Tools/install-dependencies")
        }
        guard Checksum.sha256Hex(of: bytes) == startModelSHA256 else {
            throw NotebookError(
                .missingDependency, "\(path): is not tessdata_best's fra.traineddata (its SHA-256 differs); run Tools/install-dependencies")
        }
        return Data(bytes)
    }
}
