import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleTestSupport
import Testing

/// `legible review` and `legible read --rotor uncertain` (`Docs/Recognition.md`, "Uncertain
/// words"), in process on documents written for the test.
@Suite("legible review and the uncertain rotor")
struct ReviewCommandTests {
    /// A folder of three page documents: `a` with one uncertain word, `b` with three over two
    /// lines, `c` with none.
    static func folder() throws -> String {
        let folder = try temporaryFolder()
        let doubtful: Set<String> = ["qvick", "brwn", "jumpd", "ovr"]
        let pages = [
            ("a", [["the qvick fox"]]), ("b", [["a brwn dog", "jumpd ovr it"]]), ("c", [["all clear here"]]),
        ]
        for (name, paragraphs) in pages {
            let layout = LayoutBuilder().layout(paragraphs).withConfidences { doubtful.contains($0) ? 0.25 : 0.9 }
            try layout.encodeDocument().write(to: URL(fileURLWithPath: "\(folder)/\(name).json"))
        }
        return folder
    }

    @Test("pages and lines come worst first, with their counts; a page with none says so")
    func text() throws {
        let folder = try Self.folder()
        let run = try legible(["review", folder])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.split(separator: "\n").map(String.init) == [
                "\(folder)/b.json: 3 of 6 words uncertain (12 characters)",
                "  line 2: 2 uncertain (8 characters): jumpd ovr it",
                "  line 1: 1 uncertain (4 characters): a brwn dog",
                "\(folder)/a.json: 1 of 3 words uncertain (5 characters)",
                "  line 1: 1 uncertain (5 characters): the qvick fox",
                "\(folder)/c.json: no uncertain words (3 words)",
            ])
    }

    @Test("--json gives the same order as data, with the threshold")
    func json() throws {
        let folder = try Self.folder()
        let run = try legible(["review", "--json", "\(folder)/c.json", "\(folder)/a.json", "\(folder)/b.json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["threshold"] as? Double == Word.uncertaintyThreshold)
        let pages = object?["pages"] as? [[String: Any]] ?? []
        #expect(pages.map { ($0["document"] as? String ?? "").suffix(6) } == ["b.json", "a.json", "c.json"])
        #expect(pages.map { $0["uncertainCharacters"] as? Int } == [12, 5, 0])
        let lines = pages.first?["lines"] as? [[String: Any]] ?? []
        #expect(lines.map { $0["line"] as? Int } == [2, 1] && lines.map { $0["uncertainWords"] as? Int } == [2, 1])
    }

    @Test("an empty folder is 66, a document that is not one 65, each with one line")
    func refusals() throws {
        let empty = try temporaryFolder()
        expectRefusal(try legible(["review", empty]), 66, saying: "no page documents", "empty folder")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(empty)/x.json"))
        expectRefusal(try legible(["review", empty]), 65, saying: "x.json", "not a document")
    }

    @Test("a folder yields its page documents once each: adapt's record and a downloaded corrections file are not pages")
    func ownFilesNotPages() throws {
        let folder = try Self.folder()
        try Data(#"{"format": "legible-adapted-model", "version": 1}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/hand.adapted.json"))
        try Data(#"{"format": "legible-corrections", "version": 1, "pages": []}"#.utf8).write(
            to: URL(fileURLWithPath: "\(folder)/corrections (1).json"))
        // The folder, then one of its pages again by another path: each page once.
        let run = try legible(["review", "--json", folder, "\(folder)/./a.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]] ?? []
        #expect(pages.map { ($0["document"] as? String ?? "").suffix(6) }.sorted() == ["a.json", "b.json", "c.json"])
    }

    @Test("read --rotor uncertain speaks each uncertain word in order, across pages, then the boundary")
    func rotor() throws {
        let folder = try Self.folder()
        let run = try legible(["read", "--rotor", "uncertain", "\(folder)/a.json", "\(folder)/b.json", "\(folder)/c.json"])
        #expect(
            run.stdout.split(separator: "\n").map(String.init) == [
                "the qvick fox", "qvick", "Page 2 of 3", "brwn", "jumpd", "ovr", "[boundary]",
            ], "\(run.stdout)")
    }
}
