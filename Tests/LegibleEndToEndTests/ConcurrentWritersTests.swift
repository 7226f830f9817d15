import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleTestSupport
import Testing

/// Several writers on one page document (`Docs/Editing.md`, "Saving"): `edit` and `align` hold
/// the document's lock from their read to their save, so writers queue and every correction
/// acknowledged with exit 0 is on disk.
@Suite("concurrent writers of one page document", .serialized)
struct ConcurrentWritersTests {
    /// Starts `legible arguments` without waiting for it.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Repository.legibleExecutable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("20 parallel editors, each changing its own word: every acknowledged correction is on disk")
    func twentyEditors() throws {
        let (_, page) = try chicagoPageToEdit()
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: page)))
        let words = layout.lines.flatMap { $0.words ?? [] }.filter { $0.range.end - $0.range.start >= 3 }.prefix(20)
        try #require(words.count == 20)
        let text = layout.text as NSString
        // Same length, so no edit moves another's offsets: each writer's change is checkable.
        let edits = words.map { word in
            let range = NSRange(location: word.range.start, length: word.range.end - word.range.start)
            return (range, String(repeating: "Z", count: range.length), text.substring(with: range))
        }
        let processes = try edits.map { try Self.start(["edit", page, "\($0.0.location)", "\(NSMaxRange($0.0))", $0.1]) }
        processes.forEach { $0.waitUntilExit() }
        let after = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: page))).text as NSString
        for (process, edit) in zip(processes, edits) {
            #expect(process.terminationStatus == 0 || process.terminationStatus == 75, "status \(process.terminationStatus)")
            guard process.terminationStatus == 0 else { continue }
            #expect(after.substring(with: edit.0) == edit.1, "the acknowledged edit of \"\(edit.2)\" is gone")
        }
        let acknowledged = processes.filter { $0.terminationStatus == 0 }.count
        #expect(acknowledged == 20, "writers queue on the lock rather than fail: \(acknowledged) of 20")
        let lock = (page as NSString).deletingLastPathComponent + "/.chicago-1.json.legible-lock"
        #expect(FileManager.default.fileExists(atPath: lock))
    }
}
