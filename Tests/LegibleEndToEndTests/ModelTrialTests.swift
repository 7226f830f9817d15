import Foundation
import LegibleCommandSupport
import LegibleImage
import LegibleTestSupport
import Testing

/// Models that would crash Tesseract (`Docs/Hardening.md`, "Models that crash Tesseract"):
/// `ingest --model` tries a model in a bounded process of its own before it loads it, gives
/// Tesseract the checked bytes under a name of its own, and opens nothing but a regular file.
@Suite("ingest --model: a model that would crash Tesseract is refused", .serialized)
struct ModelTrialTests {
    /// A folder where `name` is Tesseract's `eng` model with its LSTM component overwritten by
    /// `fill` (nil: left whole), and a record beside it that names it.
    static func model(_ name: String, fill: UInt8?, in folder: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"))
        if let fill {
            // The table of contents: a count, then each component's offset; the LSTM is entry 17.
            let count = Int(bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) })
            let offsets = (0..<count).map { index in
                Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4 + 8 * index, as: Int64.self) })
            }
            let start = offsets[17]
            let end = offsets.filter { $0 > start }.min() ?? bytes.count
            try #require(start > 0 && end > start)
            bytes.replaceSubrange(start..<end, with: Data(repeating: fill, count: end - start))
        }
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
        let record = folder + "/" + String(name.dropLast(".traineddata".count)) + ".adapted.json"
        try AdaptTests.record(naming: Checksum.sha256Hex(of: bytes)).write(to: URL(fileURLWithPath: record))
    }

    static let scan = Repository.scans.appendingPathComponent("dkg-legal.png").path

    @Test("a damaged network is refused with 65 and one line, nothing written", arguments: [UInt8(0), 0xFF])
    func damagedNetwork(_ fill: UInt8) throws {
        guard AdaptTests.available else { return }
        let folder = try temporaryFolder()
        try Self.model("damaged.traineddata", fill: fill, in: folder)
        let run = try legible(["ingest", Self.scan, "-o", folder + "/out", "--model", folder + "/damaged.traineddata"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("its network is damaged"), "\(run.stderr)")
        expectOneMessage(run, "a damaged network")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/dkg-legal.json"))
    }

    @Test("+ and ~ in a model's name are never Tesseract's syntax: x+y reads its own bytes, not x's")
    func languageSyntax() throws {
        guard AdaptTests.available else { return }
        let folder = try temporaryFolder()
        // x and ~x are damaged; x+y and x~y are sound. Were the names handed to Tesseract, x+y
        // would load x (and abort) and x~y would be read as x less y.
        try Self.model("x.traineddata", fill: 0, in: folder)
        for name in ["x+y.traineddata", "x~y.traineddata", "hand+notes.traineddata"] {
            try Self.model(name, fill: nil, in: folder)
            let out = folder + "/out-\(name)"
            let run = try legible(["ingest", Self.scan, "-o", out, "--model", folder + "/" + name, "-q"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: out + "/dkg-legal.json"), "\(name)")
        }
    }

    @Test("a FIFO, or a link to /dev/zero, given as a model is refused at once")
    func notAFile() throws {
        guard AdaptTests.available else { return }
        let folder = try temporaryFolder()
        #expect(mkfifo(folder + "/fifo.traineddata", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero.traineddata", withDestinationPath: "/dev/zero")
        for (name, reason) in [("fifo", "a pipe (FIFO)"), ("zero", "a link")] {
            let started = Date()
            let run = try legible(["ingest", Self.scan, "-o", folder + "/out", "--model", folder + "/\(name).traineddata"])
            #expect(run.status == 65 && run.stderr.contains(reason), "\(name): \(run.stderr)")
            #expect(Date().timeIntervalSince(started) < 10)
        }
    }

    @Test("the hidden trial command is bounded for anyone who types it: no model 64, not a model 65, a sound one read")
    func trialCommand() throws {
        guard AdaptTests.available else { return }
        let folder = try temporaryFolder()
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: folder + "/text.traineddata"))
        try Self.model("sound.traineddata", fill: nil, in: folder)
        let none = try legibleProcess(["__legible-model-trial"])
        let text = try legibleProcess(["__legible-model-trial", folder + "/text.traineddata"])
        let sound = try legibleProcess(["__legible-model-trial", folder + "/sound.traineddata"])
        #expect(none.status == 64 && text.status == 65, "\(none.status) \(text.status)")
        #expect(sound.status == 0 && sound.stdout == "read\n", "\(sound.status) \(sound.stdout)")
    }
}
