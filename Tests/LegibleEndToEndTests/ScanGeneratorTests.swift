import Foundation
import LegibleCommandSupport
import LegibleRaster
import LegibleTestSupport
import Testing

/// `Tools/make-scans` is Python (Pillow, numpy from Tools/requirements.txt); these run it.
@Suite("Scan generator")
struct ScanGeneratorTests {
    static func python(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("Tools/make-scans").path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }

    @Test("every ground-truth word box encloses the ink drawn for it, and holds ink")
    func boxesEncloseInk() throws {
        let run = try Self.python(["--verify-ink"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(
            run.stdout.split(separator: "\n").filter { $0.hasSuffix("words)") && $0.contains(": ok") }.count == Repository.scanStems.count)
    }

    @Test("the bundled scans are what the generator renders from their seeds")
    func deterministic() throws {
        let folder = try temporaryFolder()
        let run = try Self.python(["--out", folder, "--only", "chicago-1", "kristi-grid"])
        #expect(run.status == 0, "\(run.stdout)")
        for stem in ["chicago-1", "kristi-grid"] {
            let fresh = try PNGCodec.read(URL(fileURLWithPath: "\(folder)/\(stem).png"))
            let bundled = try PNGCodec.read(Repository.scans.appendingPathComponent("\(stem).png"))
            #expect(fresh == bundled)
            let freshTruth = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(stem).gt.json"))
            let bundledTruth = try Data(contentsOf: Repository.scans.appendingPathComponent("\(stem).gt.json"))
            #expect(freshTruth == bundledTruth)
        }
    }
}
