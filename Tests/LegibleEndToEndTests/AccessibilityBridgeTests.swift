import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `legible present` on the real accessibility bus, read by pyatspi, Orca's own client library
/// (`Docs/ATSPI.md`, "Testing with pyatspi"). A machine without the bus packages skips, with a
/// printed reason, unless `LEGIBLE_REQUIRE_REAL_PARTS=1` (set by `.ci/run`).
@Suite("AT-SPI bridge read by pyatspi", .serialized)
struct AccessibilityBridgeTests {
    static let chicago = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    static var available: Bool {
        let probe = try? runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import pyatspi"], environment: [:])
        let ready = FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session") && probe?.status == 0
        return RealParts.available(ready, reason: "dbus-run-session or python3-pyatspi is missing")
    }

    /// Runs the pyatspi walk over `pages` in a fresh session bus; returns what it saw.
    static func walk(_ pages: [String], store: String) throws -> [String: Any] {
        let out = try temporaryFolder() + "/walk.json"
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/atspi/walk.py").path
        try BusSession.run(script, [out, Repository.legibleExecutable.path, store] + pages, log: out + ".log", display: false)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func cli(_ arguments: [String]) throws -> String { String(try legible(arguments).stdout.dropLast()) }

    @Test("say-all through the bus speaks what legible read --all says, with headings and page announcements")
    func sayAll() throws {
        guard Self.available else { return }
        let seen = try Self.walk(Self.chicago, store: try temporaryFolder() + "/clippings.jsonl")
        #expect(seen["ready"] as? String == "ready")
        #expect(seen["exit"] as? Int == 0, "legible present did not exit 0 at the end of stdin")
        #expect(seen["signals"] as? [String: Int] == ["SIGTERM": 0, "SIGINT": 0], "SIGTERM and SIGINT must end it with 0")
        #expect((seen["document"] as? [String: Any])?["role"] as? String == "document frame")
        #expect((seen["document"] as? [String: Any])?["pages"] as? Int == 3)
        let spoken = try #require(seen["spoken"] as? [Any])
        let said = spoken.map { ($0 as? [String: Any])?["text"] as? String ?? "\($0)" }
        // A client that sets the caret on another page's region turns to it without an
        // announcement (Docs/ATSPI.md, "Announcements"), so the page lines are not heard here.
        let expected = try Self.cli(["read", "--all"] + Self.chicago).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("Page ") }
        #expect(said == expected)
        for case let line as [String: Any] in spoken where (line["text"] as? String)?.hasSuffix(". Heading.") == true {
            #expect(line["role"] as? String == "heading" && line["level"] as? String == "2", "\(line)")
        }
    }

    @Test("texts, characters, words, sentences and extents agree with legible text, move and rects")
    func pages() throws {
        guard Self.available else { return }
        let store = try temporaryFolder() + "/clippings.jsonl"
        let seen = try Self.walk(Self.chicago, store: store)
        let pages = try #require(seen["pages"] as? [[String: Any]])
        var top = 0.0
        for (index, page) in pages.enumerated() {
            let path = Self.chicago[index]
            let text = try Self.cli(["text", path])
            #expect(page["name"] as? String == "Page \(index + 1) of 3")
            #expect(page["hasText"] as? Bool == false, "a page holds its regions and has no text of its own")
            #expect(page["text"] as? String == text, "the page's regions, joined by newlines, are its reading text")
            BridgeChecks.runs(page["runs"], language: "en")
            try BridgeChecks.units(page["words"], path: path, by: "word")
            try BridgeChecks.units(page["sentences"], path: path, by: "sentence")
            try BridgeChecks.lineExtents(page["lines"], path: path, top: top)
            BridgeChecks.characters(page["characters"], text: text)
            BridgeChecks.points(page["points"])
            top += (page["extents"] as? [Double])?[3] ?? 0
            top += 40
        }
        let selections = try #require(seen["selections"] as? [String: Any])
        #expect(selections["added"] as? Bool == true && selections["count"] as? Int == 1)
        #expect(selections["first"] as? [Int] == [2, 6] && selections["replaced"] as? [Int] == [1, 4])
        #expect(selections["removed"] as? Bool == true && selections["after"] as? Int == 0)
        #expect(selections["heard"] as? [String] == ["Page 1 of 3"], "selecting on page 1 after the walk turns back to it")
        let events = try #require(seen["events"] as? [String: Int])
        #expect(events["caret"]! > 0 && events["selection"]! > 0, "no caret or selection events: \(events)")
        let document = try #require(seen["document"] as? [String: Any])
        #expect(document["pageCount"] as? Int == 3)
        #expect(document["currentPage"] as? Int == 1, "selecting on page 1 makes it the current page")
        let save = try #require(seen["save"] as? [String: Any])
        #expect(save["done"] as? Bool == true)
        // Saving on page 3 turns to it from page 1 first, so the page is announced, then the save.
        #expect(save["heard"] as? [String] == ["Page 3 of 3", "Text saved"])
        let range = try #require(save["range"] as? [Int])
        let listed = try Self.cli(["clippings", "--store", store])
        #expect(listed == "chicago-3.png [\(range[0]), \(range[1])): " + (try Self.cli(["text", Self.chicago[2], "0", String(range[1])])))
    }

    @Test("a generated page with emoji, combining marks and a right-to-left line crosses the bus whole")
    func generated() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let page = try WebGeneratedPageTests.generatedPage(in: folder)
        let seen = try Self.walk([page], store: folder + "/clippings.jsonl")
        let facts = try #require((seen["pages"] as? [[String: Any]])?.first)
        let text = try Self.cli(["text", page])
        #expect(facts["text"] as? String == text)
        #expect(facts["hasText"] as? Bool == false)
        BridgeChecks.characters(facts["characters"], text: text)
        try BridgeChecks.units(facts["words"], path: page, by: "word")
        try BridgeChecks.lineExtents(facts["lines"], path: page, top: 0)
        let spoken = (seen["spoken"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["text"] as? String }
        #expect(spoken == (try Self.cli(["read", "--all", page])).split(separator: "\n").map(String.init))
    }

    @Test("a malformed page document exits 65 before anything is registered")
    func badDocument() throws {
        let folder = try temporaryFolder()
        let bad = folder + "/bad.json"
        try Data("{\"format\": \"legible-page\", \"version\": 1, \"text\": 3}".utf8).write(to: URL(fileURLWithPath: bad))
        // Without a bus, registering would fail with 69: 65 shows the document was refused first.
        let run = try legible(["present", bad], environment: ["DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": ""])
        #expect(run.status == 65, "\(run.stderr)")
        let noBus = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["-u", "DBUS_SESSION_BUS_ADDRESS", "-u", "AT_SPI_BUS_ADDRESS", Repository.legibleExecutable.path, "present", Self.chicago[0]],
            environment: [:])
        #expect(noBus.status == 69, "\(noBus.stderr)")
        #expect(noBus.stderr.contains("no accessibility bus"))
    }
}

/// Comparisons of what pyatspi saw with the CLI's answers (UTF-16 offsets on both sides).
enum BridgeChecks {
    /// For every sampled offset inside a unit, AT-SPI's START boundary gives the unit's start and
    /// its END boundary the unit's end, as `legible move --by` encloses it.
    static func units(_ value: Any?, path: String, by unit: String) throws {
        let samples = try #require(value as? [[String: Any]])
        var checked = 0
        for sample in samples {
            guard let offset = sample["offset"] as? Int else { continue }
            let move = try legible(["move", path, String(offset), "--by", unit])
            let object = try JSONSerialization.jsonObject(with: Data(move.stdout.utf8)) as? [String: Any]
            guard let enclosing = object?["enclosing"] as? [Int], enclosing[0] <= offset, offset < enclosing[1] else { continue }
            #expect(sample["start"] as? Int == enclosing[0], "\(unit) start at \(offset) of \(path)")
            #expect(sample["end"] as? Int == enclosing[1], "\(unit) end at \(offset) of \(path)")
            #expect((sample["string"] as? [Int])?.first == enclosing[0], "\(unit) string at \(offset) of \(path)")
            checked += 1
        }
        #expect(checked > 0, "no \(unit) sample of \(path) was inside a \(unit)")
    }

    /// Each line's range extents equal the bounds of `legible rects` moved down by the page's
    /// top in the frame (pages stack with 40 px between them), to the pixel.
    static func lineExtents(_ value: Any?, path: String, top: Double) throws {
        let lines = try #require(value as? [[String: Any]])
        for line in lines {
            guard let range = line["range"] as? [Int], let extents = line["extents"] as? [Double], range[1] > range[0] else { continue }
            let rects = try JSONSerialization.jsonObject(
                with: Data(try legible(["rects", path, String(range[0]), String(range[1])]).stdout.utf8))
            let boxes = (rects as? [[String: Double]] ?? []).map { ($0["x"]!, $0["y"]!, $0["x"]! + $0["width"]!, $0["y"]! + $0["height"]!) }
            guard let first = boxes.first else { continue }
            let union = boxes.reduce(first) { (min($0.0, $1.0), min($0.1, $1.1), max($0.2, $1.2), max($0.3, $1.3)) }
            let expected = [union.0, union.1 + top, union.2 - union.0, union.3 - union.1]
            #expect(zip(extents, expected).allSatisfy { abs($0 - $1) <= 1 }, "line \(range) of \(path): \(extents) vs \(expected)")
        }
    }

    /// The point at a line's centre lands inside that line, and the ranges bounded by the
    /// line's extents cover part of that line and nothing outside it.
    static func points(_ value: Any?) {
        for point in value as? [[String: Any]] ?? [] {
            guard let line = point["line"] as? [Int], let offset = point["offset"] as? Int else { continue }
            #expect(offset >= line[0] && offset <= line[1], "point in line \(line) gave \(offset)")
            let bounded = point["bounded"] as? [[Int]] ?? []
            #expect(!bounded.isEmpty, "no bounded range in line \(line)")
            #expect(bounded.allSatisfy { $0[0] >= line[0] && $0[1] <= line[1] + 1 }, "bounded ranges \(bounded) leave line \(line)")
        }
    }

    /// Each region's first attribute run starts at 0 and is not empty, in the page's language
    /// (Orca drops the pieces of a line whose run is empty): it is the whole region, or it ends
    /// where an uncertain word's run starts, marked `invalid:spelling` (`Docs/ATSPI.md`,
    /// "Attributes").
    static func runs(_ value: Any?, language: String) {
        let runs = value as? [[String: Any]] ?? []
        #expect(!runs.isEmpty)
        for run in runs {
            let (span, count) = (run["run"] as? [Int] ?? [], run["count"] as? Int ?? -1)
            #expect(span.count == 2 && span[0] == 0 && span[1] > 0, "\(run)")
            #expect(run["attributes"] as? [String] == ["language:\(language)"], "\(run)")
            guard span.count == 2, span[1] != count else { continue }
            let next = run["next"] as? [String: Any]
            #expect((next?["run"] as? [Int])?.first == span[1], "\(run)")
            #expect(next?["attributes"] as? [String] == ["invalid:spelling", "language:\(language)"], "\(run)")
        }
    }

    /// Each code point's CHAR unit is the whole grapheme cluster holding it.
    static func characters(_ value: Any?, text: String) {
        let units = value as? [[Int]] ?? []
        var clusters: [[Int]] = []
        var offset = 0
        for character in text {
            let width = character.utf16.count
            clusters.append(contentsOf: repeatElement([offset, offset + width], count: character.unicodeScalars.count))
            offset += width
        }
        #expect(units == clusters, "CHAR units split a grapheme cluster")
    }
}
