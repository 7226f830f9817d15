import Foundation
import LegibleBatch
import Testing

@Suite("Batch status from manifests")
struct BatchStatusTests {
    static func line(_ record: ManifestRecord) -> String {
        String(decoding: try! JSONEncoder().encode(record), as: UTF8.self) + "\n"
    }

    static func task(_ shard: Shard, inputs: Int, own: Int, at time: Double) -> String {
        line(.task(TaskRecord(shard: shard, inputs: inputs, shardInputs: own, host: "h", started: time)))
    }

    static func page(_ input: String, _ shard: Shard, _ status: PageRecord.Status, at time: Double) -> String {
        line(
            .page(
                PageRecord(
                    input: input, shard: shard, sha256: nil, status: status, outputs: [], seconds: 1, finished: time,
                    error: status == .failed ? "bad" : nil)))
    }

    static let zero = Shard(index: 0, count: 2)!
    static let one = Shard(index: 1, count: 2)!

    @Test("a shard that never started leaves its inputs missing and is named")
    func neverStarted() throws {
        let manifest =
            Self.task(Self.zero, inputs: 5, own: 2, at: 0) + Self.page("a", Self.zero, .done, at: 1)
            + Self.page("b", Self.zero, .done, at: 2)
        let status = try BatchStatus.merge([("0-of-2.jsonl", Data(manifest.utf8))])
        #expect(status.done == 2)
        #expect(status.missing == 3)
        #expect(status.pending.map(\.shard) == [Self.one] && status.pending[0].owing == nil)
        #expect(!status.isComplete)
        #expect(status.pagesPerSecond == 1)
    }

    @Test("a failure that a re-run fixed counts as done; one still failing is listed")
    func latestWins() throws {
        let first =
            Self.task(Self.zero, inputs: 3, own: 2, at: 0) + Self.page("a", Self.zero, .failed, at: 1)
            + Self.page("b", Self.zero, .failed, at: 2)
            + Self.task(Self.zero, inputs: 3, own: 2, at: 10) + Self.page("a", Self.zero, .done, at: 11)
            + Self.page("b", Self.zero, .failed, at: 12)
        let second = Self.task(Self.one, inputs: 3, own: 1, at: 0) + Self.page("c", Self.one, .upToDate, at: 1)
        let status = try BatchStatus.merge([("0-of-2.jsonl", Data(first.utf8)), ("1-of-2.jsonl", Data(second.utf8))])
        #expect(status.done == 2)
        #expect(status.upToDate == 1)
        #expect(status.failures.map(\.input) == ["b"] && status.failures[0].error == "bad")
        #expect(status.missing == 0)
        #expect(status.pending.map(\.shard) == [Self.zero] && status.pending[0].owing == 1)
        // Busy 0–2 and 10–12 (shard 1 inside the first): one recognition in 4 s.
        #expect(status.pagesPerSecond == 0.25)
    }

    @Test("an input done and then failed counts as failed, and its shard owes it again")
    func doneThenFailed() throws {
        let manifest =
            Self.task(Self.zero, inputs: 1, own: 1, at: 0) + Self.page("a", Self.zero, .done, at: 1)
            + Self.task(Self.zero, inputs: 1, own: 1, at: 10) + Self.page("a", Self.zero, .failed, at: 11)
        let status = try BatchStatus.merge([("0-of-2.jsonl", Data(manifest.utf8))])
        #expect(status.done == 0 && status.failures.map(\.input) == ["a"])
        #expect(status.pending.first { $0.shard == Self.zero }?.owing == 1)
    }

    @Test("a torn last line is skipped and counted; a bad line elsewhere is an error")
    func torn() throws {
        let whole = Self.task(Self.zero, inputs: 1, own: 1, at: 0) + Self.page("a", Self.zero, .done, at: 1)
        let status = try BatchStatus.merge([("m", Data((whole + "{\"record\":\"pa").utf8))])
        #expect(status.tornLines == 1)
        // Shard 1 of 2 never started, but the batch's one input is done.
        #expect(status.isComplete)
        #expect(throws: ManifestError.self) { try BatchStatus.merge([("m", Data(("{}\n" + whole).utf8))]) }
    }

    @Test("an input recognised by two tasks is reported as a duplicate")
    func duplicates() throws {
        let both =
            Self.task(Self.zero, inputs: 1, own: 1, at: 0) + Self.page("a", Self.zero, .done, at: 1)
            + Self.page("a", Self.zero, .done, at: 2)
        #expect(try BatchStatus.merge([("m", Data(both.utf8))]).duplicates == ["a"])
    }
}
