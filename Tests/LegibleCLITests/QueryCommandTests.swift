import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// The query commands (`text`, `rects`, `caret`, `hit`, `move`) on a committed page document,
/// in process (`Docs/CLI.md`).
@Suite("legible text, rects, caret, hit and move")
struct QueryCommandTests {
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
