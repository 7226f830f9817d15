import Foundation
import LegibleSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file loaded as code or model is the file that was checked (`Docs/Hardening.md`, "What is
/// loaded is what was checked").
@Suite("trusted files")
struct TrustedFileTests {
    @Test("a file swapped under its path after it was opened is not what is read or loaded")
    func swappedAfterOpening() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data("checked".utf8).write(to: URL(fileURLWithPath: scratch.path("model")))
        let file = try TrustedFile.open(scratch.path("model"), what: "the model", limit: 1 << 20)
        try Data("swapped in".utf8).write(to: URL(fileURLWithPath: scratch.path("other")))
        #expect(rename(scratch.path("other"), scratch.path("model")) == 0)
        #expect(try file.bytes() == Array("checked".utf8))
        var chunks: [UInt8] = []
        try file.chunks { chunks += $0 }
        #expect(chunks == Array("checked".utf8))
        // What a loader given only a path opens is the descriptor's file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.loadPath)) == Data("checked".utf8))
    }

    @Test("kinds, modes and sizes: each refused with its problem, before anything is read")
    func refusals() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data(count: 100).write(to: URL(fileURLWithPath: scratch.path("big")))
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("shared")))
        chmod(scratch.path("shared"), 0o620)
        #expect(mkfifo(scratch.path("fifo"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: scratch.path("big"))
        try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: false)
        let cases: [(String, TrustedFile.Problem)] = [
            ("missing", .missing), ("big", .tooLarge(limit: 10)), ("shared", .writableByOthers), ("fifo", .notRegularFile(.fifo)),
            ("link", .notRegularFile(.other)), ("folder", .notRegularFile(.folder)),
        ]
        for (name, problem) in cases {
            do {
                _ = try TrustedFile.open(scratch.path(name), what: "the model", limit: 10)
                Issue.record("\(name) was opened")
            } catch {
                #expect(error.problem == problem, "\(name): \(error)")
                #expect(error.description.hasPrefix(scratch.path(name) + ": the model "), "\(error)")
            }
        }
        // A folder others can write (not sticky) holds nothing that is loaded; a sticky one may.
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("folder/model")))
        chmod(scratch.path("folder"), 0o777)
        #expect(throws: TrustedFile.Refusal.self) { try TrustedFile.open(scratch.path("folder/model"), what: "the model", limit: 10) }
        chmod(scratch.path("folder"), 0o1777)
        #expect(try TrustedFile.open(scratch.path("folder/model"), what: "the model", limit: 10).size == 1)
    }
}
