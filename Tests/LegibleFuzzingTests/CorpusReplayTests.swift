import Foundation
import LegibleFuzzing
import LegibleTestSupport
import Testing

/// Replays every committed seed and every input a fuzzing campaign ever crashed on through its
/// harness (`Docs/Hardening.md`, "Fuzzing"), the `line` harness without its model. A regression traps the test process, which fails
/// the run; the long campaigns themselves are `Tools/fuzz`'s.
@Suite("Fuzzing corpora replay")
struct CorpusReplayTests {
    static func inputs(_ target: FuzzTarget) -> [URL] {
        ["Corpus", "Crashes"].flatMap { kind -> [URL] in
            let folder = Repository.root.appendingPathComponent("Fuzz/\(kind)/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
        }
    }

    @Test("every seed and past crash input runs through its harness", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let inputs = Self.inputs(target)
        #expect(inputs.count >= 3, "the \(target.rawValue) corpus has only \(inputs.count) inputs")
        for url in inputs {
            let data = try Data(contentsOf: url)
            // The fast tier loads no model: the `line` harness's crops here, its readings in
            // LegibleHandwritingTests (`Docs/Architecture.md`, "Tests").
            if target == .line { FuzzTarget.lineCrops(data) } else { target.run(data) }
        }
    }
}
