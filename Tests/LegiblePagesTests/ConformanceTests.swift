import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

@Suite("checkTextInput on real and random pages")
struct ConformanceTests {
    @Test("every page in Scans/ conforms", arguments: Repository.scanStems)
    func scans(stem: String) throws {
        let page = ScannedPage(layout: try groundTruthLayout(stem: stem))
        #expect(page.length > 0)
        #expect(checkTextInput(page, bounds: page.bounds) == [])
    }

    @Test("Scans/ holds the Chicago notebook and at least 12 more pages")
    func corpus() {
        let stems = Repository.scanStems
        #expect(stems.filter { $0.hasPrefix("chicago-") }.count == 3)
        #expect(stems.count >= 15)
    }

    @Test("seeded random layouts conform", arguments: 0..<24)
    func random(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let pieces = ["a", "word", "👍🏽", "e\u{301}", "שלום", "3.14", "don't", "👨‍👩‍👧‍👦", "note-", "book", "x."]
        var paragraphs: [[String]] = []
        let paragraphCount = seed == 0 ? 0 : Int(random.next() % 4) + 1
        for _ in 0..<paragraphCount {
            var lines: [String] = []
            for _ in 0..<(Int(random.next() % 4) + 1) {
                let count = Int(random.next() % 6)
                lines.append((0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: " "))
            }
            paragraphs.append(lines)
        }
        var builder = LayoutBuilder()
        builder.skewDegrees = Double(Int(random.next() % 5)) - 2
        let page = ScannedPage(layout: builder.layout(paragraphs, rightToLeft: seed % 3 == 0 ? [0] : []))
        #expect(checkTextInput(page, bounds: page.bounds) == [])
    }

    @Test("a subclass overrides one granularity and inherits the rest")
    func subclass() {
        final class SentenceAsLine: StringTokenizer {
            override func units(for granularity: TextGranularity) -> TextUnits {
                granularity == .line ? super.units(for: .sentence) : super.units(for: granularity)
            }
        }
        let page = page("One two. Three.")
        let tokenizer = SentenceAsLine(textInput: page)
        #expect(tokenizer.position(from: p(0), toBoundary: .line, inDirection: .forward) == p(8))
        #expect(tokenizer.position(from: p(0), toBoundary: .word, inDirection: .forward) == p(3))
    }

    @Test("page documents missing optional fields still load; malformed ones say where")
    func documents() throws {
        let minimal =
            #"{"format":"legible-page","version":1,"image":{"width":100,"height":50},"text":"hi there","paragraphs":[{"range":[0,8]}],"lines":[{"range":[0,8],"box":[0,0,80,20]}]}"#
        let page = try ScannedPage(documentData: Data(minimal.utf8))
        #expect(page.selectionRects(for: TextRange(0, 2)).count == 1)
        let broken = minimal.replacingOccurrences(of: #""box":[0,0,80,20]"#, with: #""box":[0,0,80]"#)
        #expect(throws: PageDocumentError.self) { try ScannedPage(documentData: Data(broken.utf8)) }
        let outside = minimal.replacingOccurrences(of: #""range":[0,8],"box""#, with: #""range":[0,9],"box""#)
        #expect(throws: PageDocumentError.self) { try ScannedPage(documentData: Data(outside.utf8)) }
        // A line's outline: three points or more, each finite and plausible (`Docs/PageDocument.md`, "Lines").
        let outlined = minimal.replacingOccurrences(of: #""box":[0,0,80,20]"#, with: #""box":[0,0,80,20],"polygon":[POINTS]"#)
        let triangle = outlined.replacingOccurrences(of: "POINTS", with: "[0,5],[80,0],[80,20]")
        #expect(try ScannedPage(documentData: Data(triangle.utf8)).layout.lines[0].polygon?.count == 3)
        let segment = outlined.replacingOccurrences(of: "POINTS", with: "[0,5],[80,0]")
        #expect(throws: PageDocumentError.inconsistent(path: "lines[0].polygon", reason: "needs 3 to 1000 points, has 2")) {
            try ScannedPage(documentData: Data(segment.utf8))
        }
        let far = outlined.replacingOccurrences(of: "POINTS", with: "[0,5],[1e300,0],[80,20]")
        #expect(throws: PageDocumentError.self) { try ScannedPage(documentData: Data(far.utf8)) }
        #expect(throws: PageDocumentError.foreignDocument(format: "other")) {
            try ScannedPage(documentData: Data(#"{"format":"other"}"#.utf8))
        }
    }
}
