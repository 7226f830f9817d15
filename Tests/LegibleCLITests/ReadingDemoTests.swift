import Foundation
import LegibleCommandSupport
import LegibleGoldenSupport
import LegibleTestSupport
import Testing

/// The reading demo as VoiceOver does it, replayed from a gesture script on the Chicago
/// notebook, against a golden transcript (`Docs/Reading.md`, "The demo").
@Suite("Reading demo from a gesture script", .serialized)
struct ReadingDemoTests {
    static let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }
    static let script = Repository.root.appendingPathComponent("Tests/Fixtures/reading-demo.script").path
    static let golden = Repository.root.appendingPathComponent("Tests/Goldens/reading-demo.txt")

    @Test("the demo's transcript, with ranges, equals its golden, and the saved clipping is listed")
    func demo() throws {
        let store = try temporaryFolder() + "/clippings.jsonl"
        let run = try legible(["read"] + Self.pages + ["--script", Self.script, "--store", store, "--ranges"])
        #expect(run.status == 0, "\(run.stderr)")
        if ProcessInfo.processInfo.environment["LEGIBLE_RECORD_GOLDENS"] == "1" {
            try Data(run.stdout.utf8).write(to: Self.golden)
            Issue.record("recorded \(Self.golden.path); run again without LEGIBLE_RECORD_GOLDENS to compare")
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(run.stdout == expected, "the transcript differs from Tests/Goldens/reading-demo.txt")
        let lines = run.stdout.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).last ?? "") }
        #expect(Array(lines.prefix(2)) == ["Morning. Heading.", "Image"])
        #expect(lines.contains("The zoo had lots of animals. selected"))
        #expect(lines.last == "Text saved")
        let listed = try legible(["clippings", "--store", store])
        #expect(listed.stdout == "chicago-1.png [128, 156): The zoo had lots of animals.\n")
    }

    @Test("every range a transcript line names is the text it speaks")
    func ranges() throws {
        let run = try legible(["read", "--all", "--ranges"] + Self.pages)
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0] != "-" else { continue }
            let label = parts[0].split(whereSeparator: { $0 == ":" || $0 == "-" }).compactMap { Int($0) }
            let text = String(try legible(["text", Self.pages[label[0] - 1], String(label[1]), String(label[2])]).stdout.dropLast())
            #expect(parts[1] == text || parts[1] == text + ". Heading.", "\(line)")
        }
    }

    @Test("a bad script line is refused with 65 and its number, before anything is read")
    func badScript() throws {
        let folder = try temporaryFolder()
        for (text, message) in [
            ("start 1\nswipe left\n", "script line 2: unknown gesture \"swipe\""),
            ("rotor sideways\n", "script line 1: rotor takes one of"),
            ("next 0\n", "script line 1: next takes a count in 1...100000"),
            ("touch 1e9 2\n", "script line 1: touch takes x and y"),
            ("start 0:1\n", "script line 1: start takes PAGE or PAGE:LINE"),
            (String(repeating: "next 100000\n", count: 11), "script line 11: the script asks for more than 1000000 gestures"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/bad.script"))
            let run = try legible(["read", Self.pages[0], "--script", folder + "/bad.script"])
            #expect(run.status == 65, "\(text): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(text): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("legible save --page records the page's place in the notebook")
    func savePage() throws {
        let store = try temporaryFolder() + "/clippings.jsonl"
        let run = try legible(["save"] + Self.pages + ["0", "7", "--page", "3", "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try legible(["clippings", "--store", store, "--json"])
        let clippings = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        #expect(clippings?.first?["pageIndex"] as? Int == 2)
        #expect(clippings?.first?["text"] as? String == "Evening")
        #expect(try legible(["save"] + Self.pages + ["0", "7", "--page", "4", "--store", store]).status == 64)
    }
}
