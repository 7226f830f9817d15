import LegibleOCR
import Testing

/// When an adapted Tesseract model reads lines again beside the handwriting reader
/// (`Docs/Learning.md`, "Reading again with the Tesseract model"): its measure on the lines `adapt` kept aside against
/// the handwriting reader's on its own, as the model leaves that reader.
@Suite("an adapted model beside the handwriting reader")
struct AdaptedRereadingTests {
    /// A record whose Tesseract model read its lines kept aside at `tesseract`.
    static func record(tesseract: Double, head: AdaptedModel.Record.Head? = nil, network: AdaptedModel.Record.Network? = nil)
        -> AdaptedModel.Record
    {
        var record = AdaptedModel.Record(
            modelSHA256: "", startModelSHA256: "", sources: [], trainingLines: 20, heldOutLines: 5, skippedLines: 0,
            unknownCharacters: [], seed: 1, iterations: 400, heldOutErrorBefore: 0.7, heldOutErrorAfter: tesseract, seconds: 1,
            words: [], head: head)
        record.network = network
        return record
    }

    /// A head that read the lines kept aside at `before` from its start and `after` itself;
    /// kept, with its weights, or not.
    static func head(before: Double, after: Double, kept: Bool, memory: Double? = nil) -> AdaptedModel.Record.Head {
        var head = AdaptedModel.Record.Head(
            trainingLines: 20, heldOutLines: 5, skippedLines: 0, passes: 10, widthScale: 1, start: .model, heldOutErrorBefore: before,
            heldOutErrorAfter: after, seconds: 1, weights: kept ? "AAAA" : "", kept: kept)
        (head.heldOutErrorWithMemory, head.memorySteps) = (memory, memory == nil ? 0 : 100)
        return head
    }

    static func network(before: Double, after: Double, kept: Bool) -> AdaptedModel.Record.Network {
        AdaptedModel.Record.Network(
            sha256: kept ? String(repeating: "0", count: 64) : nil, tensors: 139, values: 1, layers: "all", trainingLines: 20,
            heldOutLines: 5, pageAside: true, widthScale: 2, start: .model, heldOutErrorBefore: before, heldOutErrorAfter: after,
            steps: 40, seed: 1, seconds: 1, kept: kept)
    }

    @Test("it reads again only when it read its lines better than the handwriting reader as the model leaves it")
    func rule() {
        let cases: [(String, AdaptedModel.Record, Bool)] = [
            // The diary, the letters and the Copiste sheets, as adapt measured them on 2026-12-06.
            ("diary", Self.record(tesseract: 0.294, network: Self.network(before: 0.170, after: 0.104, kept: true)), false),
            ("letters", Self.record(tesseract: 0.611, network: Self.network(before: 0.115, after: 0.096, kept: false)), false),
            ("sheets", Self.record(tesseract: 0.381, network: Self.network(before: 0.093, after: 0.093, kept: false)), false),
            // A network not kept: the reader as it started.
            ("start network", Self.record(tesseract: 0.10, network: Self.network(before: 0.12, after: 0.05, kept: false)), true),
            // A network kept: the reader with it.
            ("kept network", Self.record(tesseract: 0.10, network: Self.network(before: 0.12, after: 0.05, kept: true)), false),
            // A head kept, with and without its memory; a head not kept reads as it started.
            ("kept head", Self.record(tesseract: 0.30, head: Self.head(before: 0.5, after: 0.35, kept: true)), true),
            ("kept head, memory", Self.record(tesseract: 0.30, head: Self.head(before: 0.5, after: 0.35, kept: true, memory: 0.25)), false),
            ("unkept head", Self.record(tesseract: 0.30, head: Self.head(before: 0.5, after: 0.2, kept: false)), true),
            // Equal is not better.
            ("equal", Self.record(tesseract: 0.5, head: Self.head(before: 0.5, after: 0.6, kept: false)), false),
            // Nothing measured of the handwriting reader: it reads again, as before there was a measure.
            ("no measure", Self.record(tesseract: 0.9), true),
        ]
        for (name, record, rereads) in cases {
            #expect(AdaptedModel.readsBesideHandwriting(record) == rereads, "\(name)")
        }
    }
}
