import Foundation
import LegibleImport
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import LegibleTextInput
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The ALTO files of the real corpus (`Docs/Architecture.md`, "Real corpus": eScriptorium,
/// ALTO v4, line boxes, baselines, polygons, one String per line), found on disk.
enum RealCorpus {
    static var available: Bool { Repository.hasRealCorpus }
    static var pages: [String] {
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: Repository.realCorpus.path) else { return [] }
        return folders.sorted().flatMap { folder -> [String] in
            let path = Repository.realCorpus.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".xml") }.sorted().map { "\(folder)/\(($0 as NSString).deletingPathExtension)" }
        }
    }

    /// What the test reads from an ALTO file with its own small parser (independent of the
    /// importer under test): each TextLine's String contents, in document order, for lines that
    /// have text, and the Page's WIDTH and HEIGHT.
    static func read(_ data: Data) -> (lines: [String], width: Int, height: Int) {
        final class Reader: NSObject, XMLParserDelegate {
            var lines: [String] = []
            var current: [String]?
            var width = 0
            var height = 0
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "Page" {
                    width = Int(attributes["WIDTH"] ?? "") ?? 0
                    height = Int(attributes["HEIGHT"] ?? "") ?? 0
                }
                if name == "TextLine" { current = [] }
                if name == "String", let content = attributes["CONTENT"] { current?.append(content) }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if name == "TextLine", let words = current {
                    let text = words.joined(separator: " ").split(separator: " ").joined(separator: " ")
                    if !text.isEmpty { lines.append(text) }
                    current = nil
                }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        _ = parser.parse()
        return (reader.lines, reader.width, reader.height)
    }
}

@Suite(
    "Importing the real ALTO corpus",
    .enabled(if: RealCorpus.available, Repository.realCorpusAbsent))
struct RealCorpusImportTests {
    @Test("text, line count, rects inside line boxes, and the text-input laws", arguments: RealCorpus.pages)
    func page(_ name: String) throws {
        let url = Repository.realCorpus.appendingPathComponent("\(name).xml")
        let data = try Data(contentsOf: url)
        let (expected, width, height) = RealCorpus.read(data)
        let layout = try LayoutImporter.importLayout(
            data, file: url.lastPathComponent, image: PageImage(file: "\(name).jpg", width: width, height: height))
        // Line count agrees, and each line's text is the ALTO strings of that line, in order
        // (a line-final hyphen before a lower-case line start becomes U+00AD, by design).
        #expect(layout.lines.count == expected.count)
        let utf16 = Array(layout.text.utf16)
        let actual = layout.lines.map {
            String(decoding: utf16[$0.range.start..<$0.range.end], as: UTF16.self).replacingOccurrences(of: "\u{AD}", with: "-")
        }
        #expect(actual == expected)
        let page = ScannedPage(layout: layout)
        for (index, line) in layout.lines.enumerated() {
            for rect in page.selectionRects(for: TextRange(line.range.start, line.range.end)) {
                let box = line.box
                #expect(
                    Double(rect.rect.minX) >= box.x - 1 && Double(rect.rect.maxX) <= box.maxX + 1 && Double(rect.rect.minY) >= box.y - 1
                        && Double(rect.rect.maxY) <= box.maxY + 1, "line \(index): \(rect.rect) outside \(box)")
            }
        }
        #expect(checkTextInput(page, bounds: page.bounds) == [])
    }
}

@Suite("Import round trips and hostile input")
struct ImportTests {
    /// A layout with everything: words, glyphs, baselines, a slanted line's outline, confidences,
    /// a split word.
    static func richLayout() -> PageLayout {
        func word(_ text: String, _ x: Double, _ y: Double) -> RecognisedWord {
            let glyphs = Array(text).enumerated().map { index, character in
                RecognisedGlyph(text: String(character), box: PixelBox(x: x + Double(index) * 10, y: y, width: 10, height: 30))
            }
            return RecognisedWord(
                text: text, box: PixelBox(x: x, y: y, width: Double(text.count) * 10, height: 30), confidence: 0.875, glyphs: glyphs)
        }
        let line1 = RecognisedLine(
            words: [word("A", 10, 10), word("note-", 30, 10)], box: PixelBox(x: 10, y: 10, width: 70, height: 30),
            baseline: [PixelPoint(x: 10, y: 35), PixelPoint(x: 80, y: 36.5)],
            polygon: [PixelPoint(x: 10, y: 12), PixelPoint(x: 80, y: 10), PixelPoint(x: 80, y: 38), PixelPoint(x: 10, y: 40)],
            confidence: 0.9)
        let line2 = RecognisedLine(words: [word("book", 10, 50)], box: PixelBox(x: 10, y: 50, width: 40, height: 30), confidence: 0.8)
        let line3 = RecognisedLine(words: [word("End.", 10, 100)], box: PixelBox(x: 10, y: 100, width: 40, height: 30), confidence: 0.7)
        return PageLayout.assemble(
            [RecognisedParagraph(lines: [line1, line2]), RecognisedParagraph(lines: [line3])],
            image: PageImage(file: "p.png", width: 200, height: 200))
    }

    static func comparable(_ layout: PageLayout) -> PageLayout { layout.withoutProvenance }

    @Test("ALTO export then import gives the same document")
    func altoRoundTrip() throws {
        let original = Self.richLayout()
        #expect(original.text == "A note\u{AD}book\nEnd.")
        #expect(original.lines[0].polygon?.count == 4 && original.lines[1].polygon == nil)
        let alto = original.altoDocument(softwareName: "test")
        #expect(alto.contains("<Shape><Polygon POINTS=\"10 12 80 10 80 38 10 40\"/></Shape>"))
        let imported = try LayoutImporter.importLayout(Data(alto.utf8), file: "p.alto.xml", image: original.image)
        #expect(Self.comparable(imported) == Self.comparable(original))
        #expect(imported.engine?.name == "import")
    }

    @Test("a line's outline is its own Shape's: a word's polygon is not taken for the line's, though it still bounds a boxless line")
    func outlineIsTheLines() throws {
        let shape = { (points: String) in "<Shape><Polygon POINTS=\"\(points)\"/></Shape>" }
        let alto = { (line: String, word: String) in
            """
            <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="200" HEIGHT="200"><PrintSpace><TextBlock>
            <TextLine \(line)><String CONTENT="note" HPOS="20" VPOS="20" WIDTH="40" HEIGHT="20">\(word)</String></TextLine>
            </TextBlock></PrintSpace></Page></Layout></alto>
            """
        }
        let image = PageImage(file: "p.png", width: 200, height: 200)
        let wordShape = shape("20 22 60 20 60 40 20 42")
        let boxed = try LayoutImporter.importLayout(
            Data(alto("HPOS=\"10\" VPOS=\"10\" WIDTH=\"100\" HEIGHT=\"40\"", wordShape).utf8), file: "a.xml", image: image)
        #expect(boxed.lines[0].polygon == nil)
        let boxless = try LayoutImporter.importLayout(Data(alto("", wordShape).utf8), file: "b.xml", image: image)
        #expect(boxless.lines[0].polygon == nil && boxless.lines[0].box == PixelBox(left: 20, top: 20, right: 60, bottom: 42))
        let own = try LayoutImporter.importLayout(
            Data(
                alto("HPOS=\"10\" VPOS=\"10\" WIDTH=\"100\" HEIGHT=\"40\"", "").replacingOccurrences(
                    of: "<String", with: shape("10 14 110 10 110 46 10 50") + "<String"
                ).utf8),
            file: "c.xml", image: image)
        #expect(own.lines[0].polygon?.count == 4, "\(own.lines[0])")
    }

    @Test("hOCR export then import gives the same document (baselines to a pixel, confidences to 0.0005)")
    func hocrRoundTrip() throws {
        let original = Self.richLayout()
        let hocr = original.hOCRDocument(systemName: "test")
        #expect(hocr.contains("; poly 10 12 80 10 80 38 10 40") && hocr.contains("ocrp_poly"))
        var imported = try LayoutImporter.importLayout(Data(hocr.utf8), file: "p.hocr", image: original.image)
        for (a, b) in zip(imported.lines, original.lines) {
            if let x = a.baseline, let y = b.baseline {
                #expect(zip(x, y).allSatisfy { abs($0.x - $1.x) <= 1 && abs($0.y - $1.y) <= 1 })
            }
        }
        // hOCR's x_wconf is a percentage, written to a tenth: confidences survive to ±0.0005.
        imported.lines = zip(imported.lines, original.lines).map { pair in
            var line = pair.0
            line.baseline = pair.1.baseline
            line.words = zip(line.words ?? [], pair.1.words ?? []).map { words in
                var word = words.0
                #expect(abs((word.confidence ?? -1) - (words.1.confidence ?? -1)) <= 0.0005 + 1e-9)
                word.confidence = words.1.confidence
                return word
            }
            return line
        }
        #expect(Self.comparable(imported) == Self.comparable(original))
    }

    static let hostile: [(name: String, xml: String, expect: String)] = [
        (
            "unclosed tag",
            "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"><Layout><Page WIDTH=\"200\" HEIGHT=\"200\">\n<TextBlock>",
            "malformed XML"
        ),
        (
            "entity bomb",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;\">\n]>\n<alto>&lol2;</alto>",
            "may not declare entities"
        ),
        (
            "external entity", "<?xml version=\"1.0\"?>\n<!DOCTYPE alto [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<alto>&xxe;</alto>",
            "may not declare entities"
        ),
        ("wrong namespace", "<alto xmlns=\"http://example.com/not-alto\"><Layout/></alto>", "not an ALTO v2–v4 namespace"),
        ("foreign root", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "neither ALTO"),
        (
            "box outside the image",
            "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"><Layout><Page WIDTH=\"200\" HEIGHT=\"200\"><PrintSpace><TextBlock>\n<TextLine HPOS=\"150\" VPOS=\"10\" WIDTH=\"100\" HEIGHT=\"20\"><String CONTENT=\"far\" HPOS=\"150\" VPOS=\"10\" WIDTH=\"100\" HEIGHT=\"20\"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>",
            "outside the 200×200 image"
        ),
        (
            "negative size",
            "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"><Layout><Page WIDTH=\"200\" HEIGHT=\"200\"><PrintSpace><TextBlock>\n<TextLine HPOS=\"10\" VPOS=\"10\" WIDTH=\"-5\" HEIGHT=\"20\"><String CONTENT=\"x\"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>",
            "negative size"
        ),
        (
            "page size mismatch",
            "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"><Layout><Page WIDTH=\"999\" HEIGHT=\"200\"/></Layout></alto>",
            "describes a 999×200 page"
        ),
        ("hOCR without a page", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>hi</p></body></html>", "no ocr_page"),
    ]

    @Test("malformed or hostile layout files fail with one line naming the file and position", arguments: hostile.map(\.name))
    func hostileInput(name: String) throws {
        let item = Self.hostile.first { $0.name == name }!
        do {
            _ = try LayoutImporter.importLayout(Data(item.xml.utf8), file: "bad.xml", image: PageImage(width: 200, height: 200))
            Issue.record("\(name) was accepted")
        } catch let error as ImportError {
            #expect(error.description.hasPrefix("bad.xml"))
            #expect(error.description.contains(item.expect), "\(error)")
            #expect(!error.description.contains("\n"))
            if name != "page size mismatch" { #expect(error.line != nil, "\(error) has no line") }
        }
    }

    @Test("ALTO v2 with a single-value BASELINE and no Page size imports")
    func altoVersion2() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <alto xmlns="http://www.loc.gov/standards/alto/ns-v2#"><Layout><Page ID="p1"><PrintSpace><TextBlock ID="b1">
            <TextLine HPOS="10" VPOS="20" WIDTH="200" HEIGHT="30" BASELINE="45"><String CONTENT="old" HPOS="10" VPOS="20" WIDTH="60" HEIGHT="30" WC="0.5"/><SP/><String CONTENT="format" HPOS="80" VPOS="20" WIDTH="130" HEIGHT="30"/></TextLine>
            </TextBlock></PrintSpace></Page></Layout></alto>
            """
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "v2.xml", image: PageImage(width: 300, height: 100))
        #expect(layout.text == "old format")
        #expect(layout.engine?.version == "alto 2")
        #expect(layout.lines.first?.baseline == [PixelPoint(x: 10, y: 45), PixelPoint(x: 210, y: 45)])
        #expect(layout.lines.first?.words?.first?.confidence == 0.5)
    }

    @Test("lines with only a box and a baseline get words placed along the baseline")
    func baselineGeometry() throws {
        let xml = """
            <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="400" HEIGHT="100"><PrintSpace><TextBlock>
            <TextLine HPOS="0" VPOS="10" WIDTH="400" HEIGHT="40" BASELINE="100 45 300 45"><String CONTENT="ab cd"/></TextLine>
            </TextBlock></PrintSpace></Page></Layout></alto>
            """
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "b.xml", image: PageImage(width: 400, height: 100))
        let words = try #require(layout.lines.first?.words)
        #expect(words.count == 2)
        #expect(words[0].box.x == 100 && abs(words[1].box.maxX - 300) <= 1)
        #expect(words[0].box.maxX < words[1].box.x)
    }

    /// Every way XML writes a character in an attribute value imports as that character, and an
    /// export imported again is the same text: `&` written `&amp;` or `&#38;` had come back as
    /// `&#38;` and grown with each round trip (`Docs/Import.md`, "Strict XML").
    @Test(
        "entity and character references in ALTO attributes import as their characters, and round-trip",
        arguments: [
            ("AT&amp;T", "AT&T"), ("AT&#38;T", "AT&T"), ("&amp;amp;", "&amp;"), ("&lt;b&gt; &quot;x&quot; &apos;y&apos;", "<b> \"x\" 'y'"),
            ("&#x26;&#169;&#x1F600;", "&©😀"), ("&amp;#38;", "&#38;"),
        ])
    func attributeReferences(written: String, meant: String) throws {
        let xml = """
            <alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="400" HEIGHT="100"><PrintSpace><TextBlock>
            <TextLine HPOS="0" VPOS="10" WIDTH="400" HEIGHT="40"><String CONTENT="\(written)" HPOS="0" VPOS="10" WIDTH="400" HEIGHT="40"/></TextLine>
            </TextBlock></PrintSpace></Page></Layout></alto>
            """
        let image = PageImage(width: 400, height: 100)
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "e.xml", image: image)
        #expect(layout.text == meant)
        var again = layout
        for _ in 0..<3 {
            again = try LayoutImporter.importLayout(Data(again.altoDocument(softwareName: "test").utf8), file: "e.alto.xml", image: image)
        }
        #expect(again.text == meant, "three export-import round trips")
    }
}
