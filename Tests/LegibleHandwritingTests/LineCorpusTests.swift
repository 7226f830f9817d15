import Foundation
import LegibleFuzzing
import LegibleTestSupport
import Testing

/// The `line` harness's model part over its committed corpus and past crashes
/// (`Docs/Hardening.md`, "Fuzzing"): the real reader on line crops of any size and content.
/// Its crop part is replayed in the fast tier (`CorpusReplayTests`), which loads no model.
@Suite("the line harness through the real model")
struct LineCorpusTests {
    @Test("every seed and past crash input of the line harness is read by the model within its checks")
    func readings() throws {
        guard HandwritingReaderTests.modelInstalled() else { return }
        // Installed but not loaded is a failure, not a skip.
        let reader = try #require(FuzzTarget.lineReader, "the line harness could not load the installed model")
        let inputs = ["Corpus", "Crashes"].flatMap { kind -> [URL] in
            let folder = Repository.root.appendingPathComponent("Fuzz/\(kind)/line")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
        }
        let read = try inputs.filter { try Data(contentsOf: $0).first == 0 }
        #expect(read.count >= 2, "only \(read.count) inputs of the line corpus are read by the model")
        for url in inputs { FuzzTarget.lineReadings(try Data(contentsOf: url), reader: reader) }
    }
}
