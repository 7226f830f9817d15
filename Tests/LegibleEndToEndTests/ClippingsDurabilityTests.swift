import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Saved clippings must never be lost: writer processes are SIGKILLed at random moments, many
/// times over, and every clipping a writer acknowledged must still be in the file, which must
/// still read.
@Suite("Clippings durability", .serialized)
struct ClippingsDurabilityTests {
    static func minimalPage(in folder: String) throws -> String {
        let path = "\(folder)/page.json"
        let json =
            #"{"format":"legible-page","version":1,"image":{"file":"p.png","width":400,"height":100},"text":"Saved words here","paragraphs":[{"range":[0,16]}],"lines":[{"range":[0,16],"box":[10,10,300,30]}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts a writer appending forever; returns the process and its stdout pipe.
    static func startWriter(page: String, store: String, splitWrites: Bool) throws -> (Process, Pipe) {
        let process = Process()
        // Torn writes come from a test build of `save` (`legible-clippings-writer`), never from a switch in `legible`.
        if splitWrites {
            process.executableURL = Repository.builtExecutable("legible-clippings-writer")
            process.arguments = [page, store, "0", "5", "1000000"]
        } else {
            process.executableURL = Repository.legibleExecutable
            process.arguments = ["save", page, "0", "5", "--store", store, "--repeat", "1000000"]
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, pipe)
    }

    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
    }

    /// Waits until the file is larger than `size`, for at most 30 s.
    static func waitForGrowth(of path: String, beyond size: Int) {
        for _ in 0..<3_000 where Self.size(of: path) <= size { usleep(10_000) }
    }

    @Test("SIGKILLed writers never lose an acknowledged clipping; the file always reads")
    func killedWriters() throws {
        let folder = try temporaryFolder()
        let page = try Self.minimalPage(in: folder)
        let store = "\(folder)/clippings.jsonl"
        var acknowledged = Set<String>()
        var generator = SplitMix(seed: 2026)
        var tornAfterKill = 0
        for round in 0..<24 {
            // Half the rounds cut every write in halves 2 ms apart (SystemCalls.splitWrites), so kills tear lines for real.
            let before = Self.size(of: store)
            let writers = try (0..<4).map { _ in try Self.startWriter(page: page, store: store, splitWrites: round % 2 == 1) }
            // Kill at a random moment after the writers have begun appending, however slowly
            // they start (a sanitizer build starts far slower than a plain one).
            Self.waitForGrowth(of: store, beyond: before)
            usleep(UInt32(20_000 + generator.next() % 150_000))
            for (process, _) in writers { kill(process.processIdentifier, SIGKILL) }
            for (process, _) in writers { process.waitUntilExit() }
            // Every writer is dead now: a file not ending in a newline was torn by a kill.
            if let bytes = try? Data(contentsOf: URL(fileURLWithPath: store)), !bytes.isEmpty, bytes.last != 0x0A { tornAfterKill += 1 }
            for (_, pipe) in writers {
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                // Only complete lines are acknowledgements; a cut-off last line is not.
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                for line in lines where line.hasPrefix("saved ") { acknowledged.insert(String(line.dropFirst(6))) }
            }
        }
        #expect(acknowledged.count > 20, "writers acknowledged only \(acknowledged.count) clippings")
        #expect(tornAfterKill > 0, "no kill tore a line, so repair was not exercised")
        let beforeListing = try Data(contentsOf: URL(fileURLWithPath: store))
        let listing = try legible(["clippings", "--json", "--store", store])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == beforeListing, "listing changed the store")
        let entries = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as! [[String: Any]]
        let stored = Set(entries.compactMap { $0["id"] as? String })
        #expect(acknowledged.subtracting(stored).isEmpty, "\(acknowledged.subtracting(stored).count) acknowledged clippings are missing")
        #expect(entries.allSatisfy { $0["text"] as? String == "Saved" })
        // The next save repairs a torn tail under the lock; the file then ends cleanly and holds
        // every earlier entry and the new one.
        #expect(try legible(["save", page, "0", "5", "--store", store]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        #expect(bytes.last == 0x0A)
        let after = try legible(["clippings", "--json", "--store", store])
        let afterEntries = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as! [[String: Any]]
        #expect(afterEntries.count == entries.count + 1)
    }

    @Test("four concurrent writers are serialised: every line is whole")
    func concurrentWriters() throws {
        let folder = try temporaryFolder()
        let page = try Self.minimalPage(in: folder)
        let store = "\(folder)/clippings.jsonl"
        let writers = try (0..<4).map { _ -> Process in
            let process = Process()
            process.executableURL = Repository.legibleExecutable
            process.arguments = ["save", page, "6", "11", "--store", store, "--repeat", "50"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        let listing = try legible(["clippings", "--json", "--store", store])
        let entries = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as! [[String: Any]]
        #expect(entries.count == 200)
        #expect(listing.stderr.isEmpty)
    }
}
