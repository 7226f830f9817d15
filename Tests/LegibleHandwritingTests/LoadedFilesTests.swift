import Foundation
import LegibleHandwriting
import LegibleSystem
import LegibleTestSupport
import Testing

/// What the handwriting reader loads is what was checked (`Docs/Hardening.md`, "What is loaded
/// is what was checked"): its folder and files belong to root or the user and no one else can
/// write them, each is a regular file opened once, and the folder is never looked for up the
/// folders above the executable.
@Suite("the handwriting reader loads only files it checked", .serialized)
struct LoadedFilesTests {
    /// The ways a folder of the reader's files is made untrustworthy.
    enum Untrusted: String, CaseIterable, CustomTestStringConvertible {
        case folderWritableByOthers, modelWritableByGroup, libraryWritableByOthers, modelIsLink, modelIsFIFO, dictionaryIsDevZero
        case modelOwnedByAnother, folderOwnedByAnother
        var testDescription: String { rawValue }
    }

    /// A copy of the installed files in a folder of its own, made untrustworthy as `damage` says;
    /// nil (with a printed reason) where it cannot be made here.
    static func folder(_ damage: Untrusted) throws -> String? {
        guard try HandwritingReaderTests.model() != nil else { return nil }
        let needsRoot = damage == .modelOwnedByAnother || damage == .folderOwnedByAnother
        if needsRoot, geteuid() != 0 {
            print("skipped: \(damage) needs root to give a file to another user")
            return nil
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("legible-loaded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let files = HandwritingModel.Files(folder: copy)
        for name in ["libonnxruntime.so.1.22.0", "ppocrv6-rec.onnx", "ppocrv6_dict.txt", "hand-fra.head"] {
            try FileManager.default.copyItem(atPath: HandwritingReaderTests.folder + "/" + name, toPath: copy + "/" + name)
        }
        switch damage {
        case .folderWritableByOthers: chmod(copy, 0o777)
        case .modelWritableByGroup: chmod(files.model, 0o664)
        case .libraryWritableByOthers: chmod(files.library, 0o646)
        case .modelIsLink:
            try FileManager.default.removeItem(atPath: files.model)
            try FileManager.default.createSymbolicLink(
                atPath: files.model, withDestinationPath: HandwritingReaderTests.folder + "/ppocrv6-rec.onnx")
        case .modelIsFIFO:
            try FileManager.default.removeItem(atPath: files.model)
            #expect(mkfifo(files.model, 0o644) == 0)
        case .dictionaryIsDevZero:
            try FileManager.default.removeItem(atPath: files.dictionary)
            try FileManager.default.createSymbolicLink(atPath: files.dictionary, withDestinationPath: "/dev/zero")
        case .modelOwnedByAnother: #expect(chown(files.model, 65534, 65534) == 0)
        case .folderOwnedByAnother: #expect(chown(copy, 65534, 65534) == 0)
        }
        return copy
    }

    @Test("a folder or file others can write, a link, a FIFO or a device is refused at once, naming it", arguments: Untrusted.allCases)
    func untrusted(_ damage: Untrusted) throws {
        guard let folder = try Self.folder(damage) else { return }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = Date()
        do {
            _ = try HandwritingModel(files: HandwritingModel.Files(folder: folder))
            Issue.record("the reader loaded from a folder with \(damage)")
        } catch {
            #expect(error.description.hasPrefix(folder + "/"), "\(error)")
            let reason =
                switch damage {
                case .modelIsLink, .dictionaryIsDevZero: "(it is a link)"
                case .modelIsFIFO: "(it is a pipe (FIFO))"
                default: "belongs to another user or others can write it"
                }
            #expect(error.description.contains(reason), "\(error)")
        }
        // A FIFO or a device is never opened to wait on or read without end.
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test("a library planted beside the pinned files, under a name ONNX Runtime needs, is never loaded")
    func plantedLibrary() throws {
        guard try HandwritingReaderTests.model() != nil else { return }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") else {
            // cc comes with the Swift toolchain's build tools; a machine without it cannot build the plant.
            Issue.record("no C compiler at /usr/bin/cc to build the planted library")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-planted-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["libonnxruntime.so.1.22.0", "ppocrv6-rec.onnx", "ppocrv6_dict.txt", "hand-fra.head", "ppocrv6-det.onnx"] {
            try FileManager.default.copyItem(atPath: HandwritingReaderTests.folder + "/" + name, toPath: folder + "/" + name)
        }
        let marker = folder + "/planted-code-ran"
        let source = folder + "/plant.c"
        try Data(
            """
            #include <stdio.h>
            __attribute__((constructor)) static void planted(void) { FILE *f = fopen("\(marker)", "w"); if (f) fclose(f); }
            """.utf8
        ).write(to: URL(fileURLWithPath: source))
        for name in ["librt.so.1", "libdl.so.2"] {
            let build = try Self.run("/usr/bin/cc", ["-shared", "-fPIC", "-Wl,-soname,\(name)", "-o", folder + "/" + name, source])
            try #require(build == 0)
        }
        // A process of its own, so that nothing the test runner loaded first hides the plant.
        let out = folder + "/out"
        let status = try Self.run(
            Repository.legibleExecutable.path,
            ["ingest", Repository.scans.appendingPathComponent("chicago-1.png").path, "-o", out, "--reader", "handwriting", "-q"],
            environment: ["LEGIBLE_HANDWRITING": folder])
        #expect(status == 0)
        #expect(!FileManager.default.fileExists(atPath: marker), "the planted library's code ran")
        #expect(FileManager.default.fileExists(atPath: out + "/chicago-1.json"))
    }

    @Test("a binary copied anywhere looks in no folder above it, and skips a data folder others can write")
    func lookup() throws {
        let folders = HandwritingModel.Files.candidateFolders(executable: "/tmp/X/legible", environment: ["HOME": "/home/a"])
        #expect(
            folders == [
                "/home/a/.local/share/legible", "/tmp/share/legible", "/tmp/lib/legible", "/usr/local/share/legible", "/usr/share/legible",
                "/usr/lib/legible",
            ])
        let built = HandwritingModel.Files.candidateFolders(
            executable: "/src/legible/.build/x86_64-unknown-linux-gnu/debug/legible", environment: ["XDG_DATA_HOME": "/d"])
        #expect(built.first == "/src/legible/.build/vendor/handwriting" && built.dropFirst().first == "/d/legible")
        // An XDG folder holding the library, but writable by everyone, is passed over.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("legible-xdg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: data + "/legible", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        FileManager.default.createFile(atPath: data + "/legible/libonnxruntime.so.1.22.0", contents: Data())
        let environment = ["XDG_DATA_HOME": data]
        #expect(HandwritingModel.Files.defaultFolder(executable: "/nowhere/bin/legible", environment: environment) == data + "/legible")
        chmod(data + "/legible", 0o777)
        #expect(HandwritingModel.Files.defaultFolder(executable: "/nowhere/bin/legible", environment: environment) != data + "/legible")
    }

    /// Runs `executable` with `arguments` (and `environment` added) to its end; its status.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
