import Foundation
import LegibleTestSupport
import Testing

/// The accuracy tests on real pages skip, one by one, where the real corpus is absent
/// (`Docs/Architecture.md`, "Real corpus"). This test is what keeps CI from passing by skipping
/// them: under `LEGIBLE_REQUIRE_REAL_PARTS=1` a missing corpus fails the run, unless the run has
/// said with `LEGIBLE_REAL_CORPUS=none` that the machine has none.
@Suite("the real corpus")
struct RealCorpusTests {
    /// The three sets the tests read, each page an image beside its ALTO transcription.
    static let sets = ["celestine-doniau-danest", "copiste-d-un-jour", "jane-stanford-memorials"]

    @Test("is present with its three sets, or the run said it has none")
    func present() throws {
        if Repository.realCorpusDeclaredAbsent && !Repository.hasRealCorpus {
            return print("skipping: the run says this machine has no real corpus (LEGIBLE_REAL_CORPUS=none)")
        }
        let reason =
            "no real corpus at \(Repository.realCorpus.path); set LEGIBLE_REAL_CORPUS to its folder, or to none on a machine without it"
        guard RealParts.available(Repository.hasRealCorpus, reason: reason) else { return }
        for set in Self.sets {
            let folder = Repository.realCorpus.appendingPathComponent(set)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let images = names.filter { $0.hasSuffix(".jpg") }
            #expect(!images.isEmpty, "\(set) has no page")
            for image in images {
                #expect(names.contains(String(image.dropLast(4)) + ".xml"), "\(set)/\(image) has no transcription")
            }
        }
    }
}
