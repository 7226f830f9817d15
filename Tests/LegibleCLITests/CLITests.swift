import Foundation
import LegibleCLI
import LegibleLayout
import LegibleTestSupport
import Testing

/// What a `legible` command printed, and its exit status (swift-argument-parser's pattern).
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `legible` with `arguments`, in this process through the command table
/// (`CommandTable.runCaptured`), so a test parses, runs and checks a command without a process.
/// What needs a process runs the built binary instead (``legibleProcess(_:environment:)``): an
/// environment of its own, and the commands that start this executable again or hand over to
/// another (`speak`, `html --speak`, `present`, `view`).
func legible(_ arguments: [String], environment: [String: String]? = nil) throws -> Run {
    let needsProcess = ["speak", "present", "view"].contains(arguments.first ?? "") || arguments.contains("--speak")
    guard environment?.isEmpty ?? true, !needsProcess else { return try legibleProcess(arguments, environment: environment ?? [:]) }
    let run = CommandTable.runCaptured(arguments, executable: Repository.legibleExecutable.path)
    return Run(status: run.status, stdout: String(decoding: run.output, as: UTF8.self), stderr: run.messages)
}

/// Runs the built `legible` binary, with `environment` added to ours, and captures its output.
func legibleProcess(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    try runProcess(Repository.legibleExecutable, arguments, environment: environment)
}

/// Runs `executable` to its end, with `environment` added to ours, and captures its output.
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String], folder: URL? = nil) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// A temporary folder holding a copy of chicago-1's page document and its scan, for a test
/// that changes the document: the folder and the document's path.
func chicagoPageToEdit() throws -> (folder: String, page: String) {
    let folder = try temporaryFolder()
    let page = folder + "/chicago-1.json"
    try FileManager.default.copyItem(atPath: Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path, toPath: page)
    try FileManager.default.copyItem(atPath: Repository.scans.path + "/chicago-1.png", toPath: folder + "/chicago-1.png")
    return (folder, page)
}

func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Through python3 rather than the `hocr-spec` script, which pip may put outside PATH.
        process.arguments = ["python3", "-c", "from hocr_spec.cli import main; main()", "-p", "standard", "\(out)/chicago-1.hocr"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && output.contains("Document is valid") && !output.contains("[ERROR]"), "\(output)")
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
        let missing = try legible(["ingest", "/nonexistent.png", "-o", out])
        #expect(missing.status == 66)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        let blocker = "\(out)/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        #expect(try legible(["ingest", Self.page1, "-o", "\(blocker)/sub"]).status == 73)
        #expect(try legible(["ingest", Self.page1, "-o", out, "-l", "xyz"]).status == 69)
        #expect(try legible(["ingest", Self.page1]).status == 64)
        #expect(try legible(["frobnicate"]).status == 64)
    }

    /// The committed document of chicago-1, which the golden tests check a live ingest still
    /// gives: the query tests read it without recognising the page again.
    static let fixture1 = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json").path

    @Test("queries: text, rects, caret, hit, move on an ingested page")
    func queries() throws {
        let page = Self.fixture1
        let text = try legible(["text", page]).stdout
        let zoo = (text as NSString).range(of: "zoo")
        #expect(zoo.location != NSNotFound)
        let word = try legible(["text", page, "\(zoo.location)", "\(zoo.location + 3)"])
        #expect(word.stdout == "zoo\n")
        let rects =
            try JSONSerialization.jsonObject(
                with: Data(try legible(["rects", page, "\(zoo.location)", "\(zoo.location + 3)"]).stdout.utf8)) as! [[String: Any]]
        #expect(rects.count == 1 && rects[0]["containsStart"] as? Bool == true)
        let x = (rects[0]["x"] as! Double) + (rects[0]["width"] as! Double) / 4
        let y = (rects[0]["y"] as! Double) + (rects[0]["height"] as! Double) / 2
        let hit = try JSONSerialization.jsonObject(with: Data(try legible(["hit", page, "\(x)", "\(y)"]).stdout.utf8)) as! [String: Any]
        #expect((hit["characterRange"] as? [Int])?.first == zoo.location)
        let move =
            try JSONSerialization.jsonObject(
                with: Data(try legible(["move", page, "\(zoo.location)", "--by", "word", "--direction", "forward"]).stdout.utf8))
            as! [String: Any]
        #expect(move["position"] as? Int == zoo.location + 3)
        #expect(move["enclosing"] as? [Int] == [zoo.location, zoo.location + 3])
        let caret = try legible(["caret", page, "0"])
        #expect(caret.status == 0 && caret.stdout.contains("\"height\""))
    }

    @Test("queries refuse out-of-range offsets and foreign documents with 65")
    func badQueries() throws {
        let out = try temporaryFolder()
        let page = Self.fixture1
        let far = try legible(["rects", page, "0", "999999"])
        #expect(far.status == 65 && far.stderr.contains("outside the page text"))
        let foreign = "\(out)/foreign.json"
        try Data(#"{"hello": 1}"#.utf8).write(to: URL(fileURLWithPath: foreign))
        let run = try legible(["text", foreign])
        #expect(run.status == 65 && run.stderr.contains("not a Legible page document"))
        #expect(try legible(["text", "\(out)/none.json"]).status == 66)
    }
}
