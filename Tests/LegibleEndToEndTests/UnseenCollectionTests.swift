import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `Tools/unseen-collection` (`Docs/Recognition.md`, "Unseen collections"), on a snapshot made
/// here with git: pages are sampled a folder at a time, images the snapshot lacks or holds only
/// as pointers are left out, and the collections the data rules reserve are refused.
@Suite("unpacking an unseen collection", .serialized)
struct UnseenCollectionTests {
    /// A git snapshot in `folder/name` of `pages` (path under data/ → JPEG or not), each with an
    /// ALTO beside it; returns its git directory.
    static func snapshot(in folder: String, named name: String, _ pages: [(String, Bool)]) throws -> String {
        let work = "\(folder)/\(name)"
        for (page, isJPEG) in pages {
            let url = URL(fileURLWithPath: "\(work)/data/\(page)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(isJPEG ? [0xFF, 0xD8, 0xFF, 0xE0] : Array("version https://git-lfs.github.com/spec/v1\n".utf8))
                .write(to: url.appendingPathExtension("jpg"))
            try Data("<alto/>".utf8).write(to: url.appendingPathExtension("xml"))
        }
        let made = try shell(
            "git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm pages", in: work)
        try #require(made.status == 0, "\(made.stderr)")
        return "\(work)/.git"
    }

    @Test("three pages are taken a folder at a time, a pointer left out")
    func sampled() throws {
        let folder = try temporaryFolder()
        let repo = try Self.snapshot(
            in: folder, named: "letters",
            [("a/p1", true), ("a/p2", true), ("a/p3", true), ("b/q1", false), ("b/q2", true), ("c/r1", true)])
        let tool = Repository.root.appendingPathComponent("Tools/unseen-collection").path
        let run = try shell("'\(tool)' '\(repo)' set '\(folder)/out' 4", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try String(contentsOfFile: "\(folder)/out/set/MANIFEST.tsv", encoding: .utf8)
        // Turn one takes p1, q1 (a pointer: left out) and r1; turn two takes p2.
        #expect(manifest == "image\tground_truth\np1.jpg\tp1.xml\nr1.jpg\tr1.xml\np2.jpg\tp2.xml\n")
    }

    @Test("PNG pages outside data/ are taken, and a scan the snapshot lacks gives its turn to the next page")
    func pngAndMissing() throws {
        let folder = try temporaryFolder()
        let work = "\(folder)/tables"
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (page, bytes) in [
            ("x/p1.png", png), ("x/p2.jpg", [0xFF, 0xD8, 0xFF, 0xE1]), ("x/p3.jpg", [0xFF, 0xD8, 0xFF, 0xE2]), ("y/q1.png", png + [1]),
        ] {
            let url = URL(fileURLWithPath: "\(work)/\(page)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            try Data("<alto/>".utf8).write(to: url.deletingPathExtension().appendingPathExtension("xml"))
        }
        // The snapshot lists p2's scan but holds no object for it, as a fetched mirror lacks a
        // large file.
        let made = try shell(
            "git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm pages && "
                + "o=$(git rev-parse HEAD:x/p2.jpg) && rm .git/objects/${o%${o#??}}/${o#??}", in: work)
        try #require(made.status == 0, "\(made.stderr)")
        let tool = Repository.root.appendingPathComponent("Tools/unseen-collection").path
        let run = try shell("'\(tool)' '\(work)/.git' set '\(folder)/out' 3", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try String(contentsOfFile: "\(folder)/out/set/MANIFEST.tsv", encoding: .utf8)
        // Turn one takes p1 and q1; turn two p3, not the missing p2.
        #expect(manifest == "image\tground_truth\np1.png\tp1.xml\nq1.png\tq1.xml\np3.jpg\tp3.xml\n")
        #expect(FileManager.default.contents(atPath: "\(folder)/out/set/p1.png") == Data(png))
    }

    @Test("a reserved collection is refused with one line, and nothing is written", arguments: ["CREMMA-MSS-19", "FoNDUE-HTR-x"])
    func reserved(_ name: String) throws {
        let folder = try temporaryFolder()
        let repo = try Self.snapshot(in: folder, named: name, [("a/p1", true)])
        let tool = Repository.root.appendingPathComponent("Tools/unseen-collection").path
        let run = try shell("'\(tool)' '\(repo)' set '\(folder)/out'", in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("reserved by the data rules") && run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/out"))
    }
}
