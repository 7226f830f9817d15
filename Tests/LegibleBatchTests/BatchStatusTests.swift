import Foundation
import LegibleBatch
import Testing

@Suite("Batch status from manifests")
struct BatchStatusTests {
    static func line(_ record: ManifestRecord) -> String {
        String(decoding: try! JSONEncoder().encode(record), as: UTF8.self) + "\n"
    }

    static func task(_ shard: Shard, inputs: Int, own: Int, at time: Double, batch: String? = nil) -> String {
        line(.task(TaskRecord(shard: shard, inputs: inputs, shardInputs: own, host: "h", started: time, batch: batch)))
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

    /// An earlier batch wrote to the same folder with the same split; then one shard of a new
    /// batch ran. The old batch's records must not count for the new one: before, `status`
    /// reported more done than inputs, called the never-started shard complete, and exited 0.
    @Test("records of an earlier batch in the same folder are left out: the newest batch is judged")
    func newestBatch() throws {
        let old = TaskRecord.identity(of: ["a", "b", "c", "d"])
        let new = TaskRecord.identity(of: ["x", "y", "z"])
        #expect(old != new && TaskRecord.identity(of: ["d", "c", "b", "a"]) == old, "the identity ignores the order")
        let zero =
            Self.task(Self.zero, inputs: 4, own: 2, at: 0, batch: old) + Self.page("a", Self.zero, .done, at: 1)
            + Self.page("b", Self.zero, .done, at: 2) + Self.task(Self.zero, inputs: 3, own: 2, at: 100, batch: new)
            + Self.page("x", Self.zero, .done, at: 101)
        let one =
            Self.task(Self.one, inputs: 4, own: 2, at: 0, batch: old) + Self.page("c", Self.one, .done, at: 1)
            + Self.page("d", Self.one, .done, at: 2)
        let status = try BatchStatus.merge([("0-of-2.jsonl", Data(zero.utf8)), ("1-of-2.jsonl", Data(one.utf8))])
        #expect(status.expected == 3 && status.done == 1)
        #expect(status.missing == 2 && !status.isComplete)
        #expect(status.pending.map(\.shard) == [Self.zero, Self.one], "shard 0 owes one input, shard 1 never started in this batch")
        #expect(status.pending.map(\.owing) == [1, nil])
        #expect(status.otherBatchRecords == 6)
    }

    /// Numbers no task writes: negative counts, a shard larger than its batch, times and
    /// durations that are not finite or out of range. Each is bad data naming its line.
    @Test(
        "implausible records are refused with their file and line",
        arguments: [
            #"{"record":"task","shard":"0/1","inputs":-3,"shardInputs":-3,"host":"h","started":0}"#,
            #"{"record":"task","shard":"0/1","inputs":1,"shardInputs":2,"host":"h","started":0}"#,
            #"{"record":"task","shard":"0/1","inputs":1,"shardInputs":1,"host":"h","started":1e308}"#,
            #"{"record":"page","input":"a","shard":"0/1","status":"done","outputs":[],"seconds":1e308,"finished":1}"#,
            #"{"record":"page","input":"a","shard":"0/1","status":"done","outputs":[],"seconds":-1,"finished":1}"#,
            #"{"record":"page","input":"a","shard":"0/1","status":"done","outputs":[],"seconds":1,"finished":-5}"#,
        ])
    func implausible(line: String) throws {
        let manifest = Self.task(.whole, inputs: 1, own: 1, at: 0) + line + "\n"
        #expect(throws: ManifestError.self) { try BatchStatus.merge([("0-of-1.jsonl", Data(manifest.utf8))]) }
        do {
            _ = try BatchStatus.merge([("0-of-1.jsonl", Data(manifest.utf8))])
        } catch {
            #expect(error.message.hasPrefix("0-of-1.jsonl line 2: "), "\(error.message)")
        }
    }

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
