import Foundation
import LegibleCLI
import LegibleCommandSupport
import LegibleLayout
import LegibleTestSupport
import Testing

@Suite("legible CLI end to end", .serialized)
struct CLITests {
    static let page1 = Repository.scans.appendingPathComponent("chicago-1.png").path

    @Test("ingest writes json, hocr and txt atomically and skips up-to-date pages")
    func ingest() throws {
        let out = try temporaryFolder()
        let first = try legible(["ingest", Self.page1, "-o", out, "--format", "json,hocr,txt"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("ingested 1 of 1 pages"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["chicago-1.hocr", "chicago-1.json", "chicago-1.txt"])  // no temp files left
        let text = try String(contentsOfFile: "\(out)/chicago-1.txt", encoding: .utf8)
        #expect(text.contains("The zoo had lots of animals."))
        let second = try legible(["ingest", Self.page1, "-o", out])
        #expect(second.stdout.contains("(1 up to date)"))
    }

    @Test("ingest hOCR passes hocr-spec -p standard")
    func hocrValid() throws {
        let out = try temporaryFolder()
        #expect(try legible(["ingest", Self.page1, "-o", out, "--format", "hocr"]).status == 0)
        let (valid, output) = try Self.hocrSpec("\(out)/chicago-1.hocr")
        #expect(valid, "\(output)")
    }

    /// Whether `hocr-spec -p standard` finds the hOCR file at `path` valid, and what it said.
    static func hocrSpec(_ path: String) throws -> (valid: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Through python3 rather than the `hocr-spec` script, which pip may put outside PATH.
        process.arguments = ["python3", "-c", "from hocr_spec.cli import main; main()", "-p", "standard", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0 && output.contains("Document is valid") && !output.contains("[ERROR]"), output)
    }

    @Test("one bad image does not stop the batch; exit is the first failure's code")
    func batch() throws {
        let out = try temporaryFolder()
        let bad = "\(out)/empty.png"
        _ = FileManager.default.createFile(atPath: bad, contents: Data())
        let run = try legible(["ingest", bad, Self.page1, "-o", "\(out)/docs", "--jobs", "2"])
        #expect(run.status == 65)
        #expect(FileManager.default.fileExists(atPath: "\(out)/docs/chicago-1.json"))
        #expect(!FileManager.default.fileExists(atPath: "\(out)/docs/empty.json"))
        #expect(run.stderr.contains("empty.png: not a readable image (the file is empty)"))
    }

    @Test(
        "bad images exit 65 with one line on stderr and leave no output file", arguments: ["not an image", "truncated PNG", "huge header"])
    func badImages(kind: String) throws {
        let out = try temporaryFolder()
        let bad = "\(out)/bad.png"
        let real = try Data(contentsOf: URL(fileURLWithPath: Self.page1))
        switch kind {
        case "not an image": try Data("GIF? no: plain text".utf8).write(to: URL(fileURLWithPath: bad))
        case "truncated PNG": try real.prefix(real.count / 2).write(to: URL(fileURLWithPath: bad))
        default:
            // PNG signature + IHDR claiming 100000×100000 pixels.
            var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            header += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0]
            try Data(header).write(to: URL(fileURLWithPath: bad))
        }
        let run = try legible(["ingest", bad, "-o", "\(out)/docs", "--format", "json,hocr,txt"])
        #expect(run.status == 65)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("legible: \(bad): "))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(out)/docs")) ?? []).isEmpty)
    }

    @Test("exit codes: missing 66, unwritable output 73, no language 69, usage 64")
    func exitCodes() throws {
        let out = try temporaryFolder()
        let missing = try legible(["ingest", "/nonexistent.png", "-o", out + "/new/docs"])
        #expect(missing.status == 66)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        // Every page failed: the folders the run made are gone, and no documents are announced.
        #expect(!FileManager.default.fileExists(atPath: out + "/new"))
        #expect(!missing.stdout.contains("documents in"))
        let blocker = "\(out)/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        #expect(try legible(["ingest", Self.page1, "-o", "\(blocker)/sub"]).status == 73)
        #expect(try legible(["ingest", Self.page1, "-o", out, "-l", "xyz"]).status == 69)
        #expect(try legible(["ingest", Self.page1]).status == 64)
        #expect(try legible(["frobnicate"]).status == 64)
    }

}
