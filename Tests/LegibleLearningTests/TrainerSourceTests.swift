import Foundation
import LegibleTestSupport
import Testing

@testable import LegibleLearning

/// The trainer built into the binary (`TrainerSource`, by the `LegibleTrainerSource` plugin) is
/// the package's `Trainer/` as it is now: an edit to the trainer alone is built in, not left
/// behind by a build that found no Swift source changed (`Docs/Learning.md`, "The trainer").
@Suite("the trainer built in")
struct TrainerSourceTests {
    @Test("every Python file of Trainer/, byte for byte, and no other")
    func builtInIsTrainerFolder() throws {
        let folder = Repository.root.appendingPathComponent("Trainer")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".py") }.sorted()
        #expect(TrainerSource.files.map(\.name) == names)
        for file in TrainerSource.files {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(Data(base64Encoded: file.base64) == bytes, "\(file.name) differs from the one built in")
        }
    }
}
