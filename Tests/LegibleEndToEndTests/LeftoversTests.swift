import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a stopped command leaves behind (`Docs/CLI.md`, "Writing outputs"): `legible
/// pdf IMAGE` works in a private temporary folder that holds copies of the scans and their
/// text. It is 0700, removed on every signal that can be caught, and swept by the next run
/// after a SIGKILL.
@Suite("leftovers after a stopped command", .serialized)
struct LeftoversTests {
    /// The `legible-pdf-*` folders in `folder`.
    static func leftovers(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("legible-pdf-") }
    }

    /// Starts `legible pdf` on chicago-1's scan with `TMPDIR` set to `temporary`, and waits until
    /// its private folder exists (a folder that was not there before): that folder's path, and
    /// the process.
    static func startPDF(temporary: String, output: String) throws -> (folder: String, process: Process) {
        let before = Set(leftovers(in: temporary))
        let process = Process()
        // Started with every signal at its default: a test run as a background job inherits
        // SIGINT and SIGQUIT ignored, and legible rightly leaves an inherited SIG_IGN alone.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let reset =
            "import os, signal, sys\nfor s in (1, 2, 3, 10, 12, 15): signal.signal(s, signal.SIG_DFL)\nos.execv(sys.argv[1], sys.argv[1:])"
        process.arguments = ["-c", reset, Repository.legibleExecutable.path, "pdf", Repository.scans.path + "/chicago-1.png", "-o", output]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<400 {
            if let name = leftovers(in: temporary).first(where: { !before.contains($0) }) { return (temporary + "/" + name, process) }
            usleep(10_000)
        }
        process.terminate()
        throw CancellationError()
    }

    @Test(
        "pdf IMAGE's private folder is 0700 and gone after each catchable signal, which still ends the process",
        arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2])
    func signals(_ signalNumber: Int32) throws {
        let temporary = try temporaryFolder()
        let (folder, process) = try Self.startPDF(temporary: temporary, output: temporary + "/out.pdf")
        var status = stat()
        #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700, "mode \(String(status.st_mode & 0o777, radix: 8))")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
        #expect(Self.leftovers(in: temporary).isEmpty, "left \(Self.leftovers(in: temporary))")
        #expect(!FileManager.default.fileExists(atPath: temporary + "/out.pdf"))
    }

    @Test("after a SIGKILL the folder stays, and the next run on this host removes it; a live run's folder is kept")
    func sweptAfterKill() throws {
        let temporary = try temporaryFolder()
        let (killed, process) = try Self.startPDF(temporary: temporary, output: temporary + "/a.pdf")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: killed))
        let (live, running) = try Self.startPDF(temporary: temporary, output: temporary + "/b.pdf")
        // The second run is live, held stopped so it cannot finish and remove its own folder,
        // while the third sweeps the first's.
        kill(running.processIdentifier, SIGSTOP)
        let third = try legible(
            ["pdf", Repository.scans.path + "/chicago-2.png", "-o", temporary + "/c.pdf"], environment: ["TMPDIR": temporary])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(!FileManager.default.fileExists(atPath: killed), "the killed run's folder was not swept")
        #expect(FileManager.default.fileExists(atPath: live), "a live run's folder was swept")
        kill(running.processIdentifier, SIGCONT)
        running.waitUntilExit()
        #expect(running.terminationStatus == 0)
        #expect(Self.leftovers(in: temporary).isEmpty)
    }
}
