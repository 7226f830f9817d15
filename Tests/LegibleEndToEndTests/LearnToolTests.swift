import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `legible-learn`'s refusals (`Docs/Learning.md`, "Recipes"): a usage error, an option it
/// cannot use and an output over the weights it reads are one line and exit 64, before any
/// model or corpus is read, and nothing is written. The recipes themselves need the model and
/// the line corpus, and run by hand.
@Suite("legible-learn's refusals")
struct LearnToolTests {
    static func learn(_ arguments: [String]) throws -> Run {
        try runProcess(Repository.builtExecutable("legible-learn"), arguments, environment: [:])
    }

    @Test(
        "no command, an unknown option, a number out of range or not whole, a missing value, and an output over the weights: 64, one line",
        arguments: [
            [], ["hand-head"], ["network", "CORPUS", "OUT", "--steps", "1e30"], ["network", "CORPUS", "OUT", "--minutes", "nan"],
            ["network", "CORPUS", "OUT", "--minutes", "0"], ["network", "CORPUS", "OUT", "--rate"],
            ["network", "CORPUS", "OUT", "--step", "3"],
            ["network", "CORPUS", "OUT", "--steps", "2.5"], ["network", "CORPUS", "OUT", "--pull", "-1"], ["network-model", "W", "W"],
        ])
    func refusals(_ arguments: [String]) throws {
        let folder = try temporaryFolder()
        let paths = arguments.map { ["CORPUS", "OUT", "W"].contains($0) ? folder + "/" + $0 : $0 }
        let run = try Self.learn(paths)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr.debugDescription)")
        #expect(run.stderr.hasPrefix(arguments.isEmpty || arguments == ["hand-head"] ? "usage: legible-learn" : "legible-learn: "))
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty, "\(arguments): something was written")
    }
}
