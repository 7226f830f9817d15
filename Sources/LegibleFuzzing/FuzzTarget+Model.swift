import Foundation
import LegibleImage
import LegibleOCR

// The `model` harness (`Docs/Hardening.md`, "Fuzzing"): a model and its record as `ingest
// --model` is given them, by anyone.
extension FuzzTarget {
    /// `data` as a model and its record: a 4-byte big-endian length, that many bytes of
    /// `NAME.traineddata`, and the rest as `NAME.adapted.json`, both written to a private folder
    /// and checked as `ingest --model` checks them (``AdaptedModel/init(path:)``). Checking never
    /// traps; a model accepted holds exactly the bytes written (what is loaded is what was
    /// checked), whose SHA-256 its record names, with a sound table of contents holding an LSTM
    /// network, and words within their bounds.
    static func model(_ data: Data) {
        let bytes = [UInt8](data)
        let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let model = Array(bytes.dropFirst(4).prefix(length))
        let record = Data(bytes.dropFirst(4 + model.count))
        guard (try? Data(model).write(to: URL(fileURLWithPath: modelFolder + "/m.traineddata"))) != nil,
            (try? record.write(to: URL(fileURLWithPath: modelFolder + "/m.adapted.json"))) != nil
        else { preconditionFailure("the harness could not write its files in \(modelFolder)") }
        guard let adapted = try? AdaptedModel(path: modelFolder + "/m.traineddata") else { return }
        precondition(adapted.model == model, "a model accepted holds other bytes than were checked")
        precondition(TrainedDataCheck.problem(in: model) == nil, "a model accepted with a table of contents that is not sound")
        precondition(TrainedDataCheck.hasComponent(TrainedDataCheck.lstmComponent, in: model), "a model accepted with no LSTM")
        let named = try? JSONDecoder().decode(AdaptedModel.Record.self, from: record)
        precondition(named?.modelSHA256 == Checksum.sha256Hex(of: model), "a model accepted that its record does not name")
        precondition(adapted.words.count <= AdaptedModel.maximumWords, "more words than the bound")
        precondition(
            adapted.words.allSatisfy { !$0.isEmpty && $0.count <= 100 && !$0.contains { $0.isWhitespace } }, "a word past its bounds")
        precondition(adapted.head.map { !$0.isEmpty } ?? true, "an empty head")
    }

    /// The private folder the `model` harness writes its two files to, made once a process.
    static let modelFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-fuzz-model-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
}
