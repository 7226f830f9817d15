import Foundation
import LegibleSystem
import Testing

/// The plain-file-name rule and the folders a failed command leaves (`Docs/Hardening.md`,
/// "Names read from files"; `Docs/CLI.md`, "Writing outputs").
@Suite("plain file names and new folders")
struct NamesAndFoldersTests {
    @Test(
        "a plain file name has no folder part, no way up, no NUL, and fits a file system",
        arguments: [
            ("scan.png", true), ("..scan.png", true), ("a b é 👩‍👩‍👧.png", true), (String(repeating: "a", count: 255), true),
            ("", false), (".", false), ("..", false), ("../x.png", false), ("a/b.png", false), ("/etc/passwd", false), ("x/", false),
            ("a\u{0}b", false), (String(repeating: "é", count: 128), false),
        ])
    func plainNames(_ name: String, _ plain: Bool) {
        #expect(PlainFileName.isPlain(name) == plain)
    }

    @Test("a failure removes only the folders it made, and only when empty")
    func newFolders() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let kept = scratch.path("kept")
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        let folders = NewFolders([kept + "/a/b/images", scratch.path("full/audio")])
        #expect(
            Set(folders.missing)
                == Set([kept + "/a/b/images", kept + "/a/b", kept + "/a", scratch.path("full/audio"), scratch.path("full")]))
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try folders.removingOnFailure {
                try FileManager.default.createDirectory(atPath: kept + "/a/b/images", withIntermediateDirectories: true)
                try FileManager.default.createDirectory(atPath: scratch.path("full/audio"), withIntermediateDirectories: true)
                try "x".write(toFile: scratch.path("full/audio/x.opus"), atomically: false, encoding: .utf8)
                throw Refused()
            }
        }
        #expect(scratch.names == ["full", "kept"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).isEmpty)
        #expect(scratch.text("full/audio/x.opus") == "x", "a folder holding a file is never removed")
    }
}
