import Foundation
import LegibleImport
import LegibleLayout
import Testing

/// Layout files are parsed strictly (`Docs/Import.md`, "Strict XML" and "Numbers"): every
/// declaration, every well-formedness error and every implausible number is refused with one
/// line naming the file, line and column; nothing is imported from such a file.
@Suite("Strict XML and checked numbers in layout files")
struct StrictXMLTests {
    static let alto =
        #"<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="200" HEIGHT="200"><PrintSpace><TextBlock>"#
    static let altoEnd = "</TextBlock></PrintSpace></Page></Layout></alto>"
    static let hocr = #"<html xmlns="http://www.w3.org/1999/xhtml"><body><div class="ocr_page" title="bbox 0 0 200 200">"#
    static let hocrEnd = "</div></body></html>"

    static func line(_ attributes: String, _ inner: String = #"<String CONTENT="x"/>"#) -> String {
        alto + "\n<TextLine \(attributes)>\(inner)</TextLine>" + altoEnd
    }

    static func hocrLine(_ title: String, _ inner: String = "x") -> String {
        hocr + "\n" + #"<span class="ocr_line" title=""# + title + #"">"# + inner + "</span>" + hocrEnd
    }

    static let cases: [(name: String, xml: String, expect: String)] = [
        (
            "an entity after the first 64 KiB",
            "<?xml version=\"1.0\"?>\n<!-- \(String(repeating: "x", count: 70_000)) -->\n<!DOCTYPE alto [<!ENTITY x \"y\">]>\n<alto>&x;</alto>",
            "may not declare entities"
        ),
        ("a parameter entity", "<!DOCTYPE alto [\n<!ENTITY % p \"x\">]>\n<alto/>", "may not declare entities"),
        (
            "an unparsed entity", "<!DOCTYPE alto [\n<!NOTATION n SYSTEM \"v\"><!ENTITY u SYSTEM \"f\" NDATA n>]>\n<alto/>",
            "may not declare notations"
        ),
        ("a notation", "<!DOCTYPE alto [\n<!NOTATION gif SYSTEM \"image/gif\">]>\n<alto/>", "may not declare notations"),
        ("an element declaration", "<!DOCTYPE alto [\n<!ELEMENT alto ANY>]>\n<alto/>", "may not carry a DTD"),
        ("an attribute declaration", "<!DOCTYPE alto [\n<!ATTLIST alto a CDATA \"d\">]>\n<alto/>", "may not carry a DTD"),
        (
            "an undeclared entity", "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\">\n&undefined;</alto>",
            "Entity 'undefined' not defined"
        ),
        ("a stray end tag", alto + "\n<TextLine></Bogus></TextLine>" + altoEnd, "Opening and ending tag mismatch"),
        (
            "a second root", "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"/>\n<alto/>",
            "Extra content at the end of the document"
        ),
        (
            "junk after the root", "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"/>\njunk",
            "Extra content at the end of the document"
        ),
        (
            "a file cut off in an attribute", "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\">\n<Layout><Page WIDTH=\"2",
            "malformed XML"
        ),
        ("a huge HPOS", line(#"HPOS="1e300" VPOS="10" WIDTH="10" HEIGHT="10""#), "HPOS 1e300 is outside ±1000000 pixels"),
        ("an infinite WIDTH", line(#"HPOS="1" VPOS="10" WIDTH="inf" HEIGHT="10""#), #"WIDTH "inf" is not a number"#),
        ("a NaN VPOS", line(#"HPOS="1" VPOS="nan" WIDTH="10" HEIGHT="10""#), #"VPOS "nan" is not a number"#),
        (
            "an overflowing BASELINE", line(#"HPOS="1" VPOS="1" WIDTH="10" HEIGHT="10" BASELINE="1e400 0 5 5""#),
            #"BASELINE "1e400" is not a number"#
        ),
        (
            "huge polygon POINTS", line("", #"<Shape><Polygon POINTS="0,0 9e99,0 9e99,9 0,9"/></Shape><String CONTENT="x"/>"#),
            "POINTS 9e99 is outside"
        ),
        (
            "a huge page WIDTH",
            "<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v4#\"><Layout>\n<Page WIDTH=\"1e20\" HEIGHT=\"200\"/></Layout></alto>",
            "WIDTH 1e20 is outside"
        ),
        ("a huge hOCR bbox", hocrLine("bbox 0 0 1e300 10"), "bbox 1e300 is outside"),
        ("a three-number bbox", hocrLine("bbox 0 0 10"), "needs four numbers"),
        ("a huge hOCR baseline", hocrLine("bbox 0 0 10 10; baseline 0 -1e308"), "baseline -1e308 is outside"),
        (
            "huge x_bboxes",
            hocrLine(
                "bbox 0 0 10 10",
                #"<span class="ocrx_word" title="bbox 0 0 10 10">x<span class="ocrx_cinfo" title="x_bboxes 0 0 1e9 10">x</span></span>"#),
            "x_bboxes 1e9 is outside"
        ),
        (
            "a huge hOCR page",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\n<div class=\"ocr_page\" title=\"bbox 0 0 1e12 1e12\"/></body></html>",
            "bbox 1e12 is outside"
        ),
    ]

    @Test("a layout file with a declaration, a well-formedness error or an implausible number is refused", arguments: cases.map(\.name))
    func refused(name: String) throws {
        let item = Self.cases.first { $0.name == name }!
        try expectRefusal(Data(item.xml.utf8), expect: item.expect)
    }

    func expectRefusal(_ data: Data, expect: String) throws {
        do {
            let layout = try LayoutImporter.importLayout(data, file: "bad.xml", image: PageImage(width: 200, height: 200))
            Issue.record("accepted, giving \(layout.lines.count) lines")
        } catch let error as ImportError {
            #expect(error.description.hasPrefix("bad.xml:"), "\(error)")
            #expect(error.description.contains(expect), "\(error)")
            #expect(error.line != nil, "\(error) has no line")
            #expect(!error.description.contains("\n"))
            #expect(!error.description.contains("libxml2 error"), "a bare libxml2 code: \(error)")
        }
    }

    static let encodings: [(name: String, encoding: String.Encoding, declared: String)] = [
        ("UTF-16 little-endian", .utf16LittleEndian, "UTF-16"), ("UTF-16 big-endian", .utf16BigEndian, "UTF-16"),
        ("UTF-8 with a byte-order mark", .utf8, "UTF-8"), ("ISO-8859-1", .isoLatin1, "ISO-8859-1"),
    ]

    @Test("an entity declaration is refused in every encoding", arguments: encodings.map(\.name))
    func entityInAnyEncoding(name: String) throws {
        let item = Self.encodings.first { $0.name == name }!
        let xml = "<?xml version=\"1.0\" encoding=\"\(item.declared)\"?>\n<!DOCTYPE alto [<!ENTITY x \"y\">]>\n<alto>&x;</alto>"
        var data = Data(xml.data(using: item.encoding)!)
        switch item.encoding {
        case .utf16LittleEndian: data = Data([0xFF, 0xFE]) + data
        case .utf16BigEndian: data = Data([0xFE, 0xFF]) + data
        case .utf8: data = Data([0xEF, 0xBB, 0xBF]) + data
        default: break
        }
        try expectRefusal(data, expect: "may not declare entities")
    }

    @Test("Tesseract's hOCR DOCTYPE line is allowed: no DTD is loaded")
    func doctypeLine() throws {
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">"#
            + Self.hocrLine("bbox 10 10 100 40", "fine")
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "ok.hocr", image: PageImage(width: 200, height: 200))
        #expect(layout.text == "fine")
    }

    @Test("a valid ALTO file over 10 MB imports, with a text node over 10 MB in it")
    func largeFile() throws {
        var xml = #"<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Description><Note>"#
        xml +=
            String(repeating: "long note ", count: 1_100_000)
            + "</Note></Description><Layout><Page WIDTH=\"2000\" HEIGHT=\"3000\"><PrintSpace><TextBlock>"
        for index in 0..<20_000 {
            xml += #"<TextLine HPOS="10" VPOS="\#(index % 2_900)" WIDTH="100" HEIGHT="10"><String CONTENT="w\#(index)"/></TextLine>"#
        }
        xml += "</TextBlock></PrintSpace></Page></Layout></alto>"
        #expect(xml.utf8.count > 12_000_000)
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "big.xml", image: PageImage(width: 2_000, height: 3_000))
        #expect(layout.lines.count == 20_000)
    }

    @Test("nested ocr_par elements import each line once, in document order")
    func nestedParagraphs() throws {
        let xml =
            Self.hocr + #"<p class="ocr_par"><span class="ocr_line" title="bbox 10 10 100 30">outer one</span>"#
            + #"<p class="ocr_par"><span class="ocr_line" title="bbox 10 40 100 60">inner</span></p>"#
            + #"<span class="ocr_line" title="bbox 10 70 100 90">outer two</span></p>"# + Self.hocrEnd
        let layout = try LayoutImporter.importLayout(Data(xml.utf8), file: "nested.hocr", image: PageImage(width: 200, height: 200))
        #expect(layout.lines.count == 3)
        #expect(layout.text.split(separator: "\n") == ["outer one", "inner", "outer two"])
    }
}
