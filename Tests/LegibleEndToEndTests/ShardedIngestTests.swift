import Foundation
import LegibleBatch
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `legible ingest --shard`, `--inputs` and `legible status` on one machine; the same on a
/// real Slurm is `ClusterTests`. Pages are imported from hOCR made from each scan's ground
/// truth (`--layouts`), so no page is recognised: sharding, manifests and status are what is
/// tested, and the import path writes and logs pages exactly as recognition does.
@Suite("Sharded ingest and status", .serialized)
struct ShardedIngestTests {
    static let stems = ["breip-ruled", "chicago-2", "dkg-grid", "humor-plain", "kristi-legal"]
    static let images = stems.map { "Scans/\($0).png" }

    /// A folder holding `<name>.hocr` for each (name, scan stem): the scan's ground truth as hOCR.
    static func layouts(_ pages: [(name: String, stem: String)]) throws -> String {
        let folder = try temporaryFolder()
        for page in pages {
            let hocr = try groundTruthLayout(stem: page.stem).hOCRDocument(systemName: "ground truth")
            try Data(hocr.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(page.name).hocr"))
        }
        return folder
    }

    /// Runs `legible` from the repository root, so the shard keys are `Scans/<stem>.png`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try runProcess(Repository.legibleExecutable, arguments, environment: environment, folder: Repository.root)
    }

    static func writeList(_ paths: [String]) throws -> String {
        let list = try temporaryFolder() + "/inputs.txt"
        try Data(paths.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        return list
    }

    /// The JSON lines of a manifest.
    static func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test("three shards of a list together write what one run writes, byte for byte, and status says complete")
    func shardsMatchOneRun() throws {
        let imported = ["--layouts", try Self.layouts(Self.stems.map { ($0, $0) })]
        let reference = try temporaryFolder()
        #expect(try Self.run(["ingest"] + Self.images + ["-o", reference, "-q"] + imported).status == 0)
        let out = try temporaryFolder()
        let list = try Self.writeList(Self.images.reversed())
        var seen: [String] = []
        for index in 0..<3 {
            let run = try Self.run(["ingest", "--inputs", list, "-o", out, "--shard", "\(index)/3", "--jobs", "1"] + imported)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("shard \(index)/3 of a batch of 5: "))
            let records = try Self.records("\(out)/manifest/\(index)-of-3.jsonl")
            #expect(records.first?["record"] as? String == "task" && records.first?["shardInputs"] as? Int == records.count - 1)
            for page in records.dropFirst() {
                #expect(page["status"] as? String == "done" && page["shard"] as? String == "\(index)/3")
                // The CLI, another process, put each page where this process's hash does: the
                // hash is not seeded per process.
                #expect(Shard.index(of: page["input"] as! String, count: 3) == index)
                seen.append(page["input"] as! String)
            }
        }
        #expect(seen.sorted() == Self.images.sorted())
        // The same shard of the list in the other order holds the same pages.
        let forward = try temporaryFolder()
        let list2 = try Self.writeList(Self.images)
        #expect(try Self.run(["ingest", "--inputs", list2, "-o", forward, "--shard", "1/3", "-q"] + imported).status == 0)
        let inputs = { (folder: String) in
            try Self.records("\(folder)/manifest/1-of-3.jsonl").compactMap { $0["input"] as? String }.sorted()
        }
        #expect(try inputs(forward) == inputs(out))
        for stem in Self.stems {
            let single = try Data(contentsOf: URL(fileURLWithPath: "\(reference)/\(stem).json"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(stem).json")) == single, "\(stem)")
        }
        let status = try Self.run(["status", out, "--json"])
        #expect(status.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as! [String: Any]
        #expect(summary["complete"] as? Bool == true && summary["done"] as? Int == 5 && summary["recognitions"] as? Int == 5)

        // A re-run of a shard recognises nothing and logs its pages as up to date.
        #expect(try Self.run(["ingest", "--inputs", list, "-o", out, "--shard", "1/3", "-q"] + imported).status == 0)
        let rerun = try Self.records("\(out)/manifest/1-of-3.jsonl").filter { $0["record"] as? String == "page" }
        #expect(rerun.suffix(rerun.count / 2).allSatisfy { $0["status"] as? String == "up-to-date" })
        #expect(try Self.run(["status", out]).stdout.contains("5 done (\(rerun.count / 2) found up to date)"))
    }

    @Test("status exits 75 while a shard has not run, 65 when an input failed, 0 once fixed; a torn line is cut off")
    func statusCodes() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: Repository.scans.path + "/chicago-2.png", toPath: folder + "/a.png")
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: folder + "/b.png"))
        let list = try Self.writeList(["a.png", "b.png"])
        // The smallest split that puts a.png and b.png (the keys, relative to the root) apart.
        let count = try #require((2...16).first { Shard.index(of: "a.png", count: $0) != Shard.index(of: "b.png", count: $0) })
        let shardOf = { (key: String) in "\(Shard.index(of: key, count: count))/\(count)" }
        let out = folder + "/out"
        let layouts = try Self.layouts([("a", "chicago-2"), ("b", "chicago-3")])
        let arguments = ["ingest", "--inputs", list, "-o", out, "--root", folder, "-q", "--layouts", layouts]
        let inFolder = { (arguments: [String]) in
            try runProcess(Repository.legibleExecutable, arguments, environment: [:], folder: URL(fileURLWithPath: folder))
        }
        #expect(try inFolder(arguments + ["--shard", shardOf("a.png")]).status == 0)
        #expect(try Self.run(["status", out]).status == 75)
        #expect(try inFolder(arguments + ["--shard", shardOf("b.png")]).status == 65)
        let failed = try Self.run(["status", out])
        #expect(failed.status == 65 && failed.stdout.contains("failed b.png: "), "\(failed.stdout)")

        try FileManager.default.removeItem(atPath: folder + "/b.png")
        try FileManager.default.copyItem(atPath: Repository.scans.path + "/chicago-3.png", toPath: folder + "/b.png")
        let manifest = "\(out)/manifest/\(Shard.index(of: "b.png", count: count))-of-\(count).jsonl"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: manifest))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"record\":\"pa".utf8))
        try handle.close()
        #expect(try Self.run(["status", out]).stdout.contains("skipped 1 torn last lines"))
        #expect(try inFolder(arguments + ["--shard", shardOf("b.png")]).status == 0)
        #expect(try String(contentsOfFile: manifest, encoding: .utf8).hasSuffix("}\n"))
        #expect(try Self.records(manifest).count == 4)
        let fixed = try Self.run(["status", out, "--json"])
        #expect(fixed.status == 0)
        let summary = try JSONSerialization.jsonObject(with: Data(fixed.stdout.utf8)) as! [String: Any]
        #expect(summary["failed"] as? Int == 0 && summary["tornLines"] as? Int == 0 && summary["done"] as? Int == 2)
    }

    static let badArgumentCases: [([String], Int32)] = [
        (["--shard", "3/3"], 64), (["--shard", "1"], 64), (["--shard-count", "2"], 64), (["--shard", "0/2", "--shard-count", "2"], 64),
        (["--shard", "auto"], 64), (["--shard", "0/2", "--root", "/nonexistent/elsewhere"], 64), (["--inputs", "/nonexistent/list"], 66),
        (["--inputs", "Scans"], 66), ([], 64),
    ]

    @Test("bad shard, list and root arguments get one line and their exit code, and write nothing", arguments: badArgumentCases)
    func badArguments(extra: [String], code: Int32) throws {
        let out = try temporaryFolder() + "/out"
        let images = extra.isEmpty || extra.contains("--inputs") ? [] : ["Scans/chicago-2.png"]
        let run = try Self.run(["ingest"] + images + ["-o", out] + extra)
        #expect(run.status == code, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a list with a NUL byte or bytes that are not UTF-8 is refused with 65 and its line")
    func badList() throws {
        for bytes in [Array("Scans/chicago-2.png\nx\0y\n".utf8), [0x53, 0xff, 0x0a]] {
            let list = try temporaryFolder() + "/inputs.txt"
            try Data(bytes).write(to: URL(fileURLWithPath: list))
            let run = try Self.run(["ingest", "--inputs", list, "-o", try temporaryFolder()])
            #expect(run.status == 65 && run.stderr.contains("line "), "\(run.stderr)")
        }
    }

    @Test("status of a folder without manifests, or with a broken line inside one, fails with one line")
    func statusBadFolders() throws {
        let empty = try temporaryFolder()
        #expect(try Self.run(["status", empty]).status == 66)
        try FileManager.default.createDirectory(atPath: empty + "/manifest", withIntermediateDirectories: true)
        #expect(try Self.run(["status", empty]).status == 66)
        try Data("{}\n{\"record\":\"task\"}\n".utf8).write(to: URL(fileURLWithPath: empty + "/manifest/0-of-1.jsonl"))
        let run = try Self.run(["status", empty])
        #expect(run.status == 65 && run.stderr.contains("line 1: not a manifest record"), "\(run.stderr)")
    }
}
