import Foundation
import LegibleTestSupport
import Testing

@testable import LegibleLayout

/// The page document's own JSON reader (`Docs/PageDocument.md`, "Limits"): what it accepts it
/// reads as Foundation's `JSONDecoder` does, and what is not strict JSON it refuses, naming the byte.
@Suite("Strict JSON decoder")
struct StrictJSONDecoderTests {
    struct Sample: Codable, Equatable {
        var int: Int?
        var double: Double?
        var text: String?
        var flag: Bool?
        var list: [Int]?
        var nested: [String: [Double]]?
        var small: UInt8?
        var float: Float?
    }

    /// Decodes `json` both ways; the strict result, or its error.
    func both(_ json: String) -> (strict: Result<Sample, any Error>, foundation: Sample?) {
        let data = Data(json.utf8)
        return (Result { try StrictJSONDecoder.decode(Sample.self, from: data) }, try? JSONDecoder().decode(Sample.self, from: data))
    }

    @Test(
        "accepted as JSONDecoder reads it",
        arguments: [
            #"{}"#, #" {"int": 7} "#, #"{"int":-0}"#, #"{"int":1.0}"#, #"{"int":1e2}"#, #"{"int":100e-2}"#, #"{"int":1E+2}"#,
            #"{"int":9223372036854775807}"#, #"{"int":-9223372036854775808}"#, #"{"double":-12.5e-3}"#, #"{"double":0e999999999}"#,
            #"{"text":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"}"#, #"{"text":"é👩‍👩‍👧"}"#, "\u{FEFF}{\"int\":1}", #"{"int":null,"text":null}"#,
            #"{"list":[1, 2 ,3],"nested":{"a":[1.5],"b":[]}}"#, #"{"flag":true,"other":[{"x":[null,false,"y"]}]}"#,
            #"{"small":255,"float":0.1}"#, #"{"\u0069nt":3}"#,
        ])
    func accepted(_ json: String) throws {
        let (strict, foundation) = both(json)
        let value = try strict.get()
        #expect(value == foundation, "JSONDecoder reads \(String(describing: foundation))")
    }

    @Test(
        "not strict JSON: refused with the byte where it stops",
        arguments: [
            ("", "the text ends where a value was expected at byte 0"),
            (#"{"int":1,}"#, "a comma is followed by no value at byte 9"),
            (#"{"int":1,"x":"\q"}"#, "not a JSON escape at byte 14"),
            (#"{"text":"\ud800"}"#, "a \\u escape names half of a surrogate pair alone at byte 9"),
            (#"{"text":"\udc00\ud800"}"#, "a \\u escape names half of a surrogate pair alone at byte 9"),
            ("{\"text\":\"a\tb\"}", "a control character in a string must be escaped at byte 10"),
            (#"{"int":01}"#, "a number may not start with 0 at byte 7"),
            (#"{"double":1.}"#, "a digit was expected after the decimal point at byte 12"),
            (#"{"double":1e}"#, "a digit was expected in the exponent at byte 12"),
            (#"{"int":-}"#, "a digit was expected at byte 8"),
            (#"{"int":1} x"#, "text follows the document at byte 10"),
            (#"{"int":1 "text":"a"}"#, "a comma or \"}\" was expected at byte 9"),
            (#"{"int" 1}"#, "a colon was expected at byte 7"),
            (#"{int:1}"#, "a member name in quotes was expected at byte 1"),
            (#"{"flag":tru}"#, "\"true\" was expected at byte 8"),
            (#"{"text":"abc"#, "a string is not closed at byte 8"),
            (#"[1,2"#, "a comma or \"]\" was expected at byte 4"),
            (#"{"int":1,"int":2}"#, "the name \"int\" is given twice at byte 9"),
            (#"{"int":1,"\u0069nt":2}"#, "the name \"int\" is given twice at byte 9"),
            (#"{"unread":{"a":1,"b":2,"a":3}}"#, "the name \"a\" is given twice at byte 23"),
            ("{" + (0..<40).map { "\"k\($0)\":0," }.joined() + "\"k7\":1}", "the name \"k7\" is given twice at byte 311"),
            (String(repeating: "[", count: 129) + String(repeating: "]", count: 129), "nested deeper than 128 at byte 128"),
        ])
    func syntax(_ json: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try StrictJSONDecoder.decode(Sample.self, from: Data(json.utf8)) }
        let error = try? #require(throws: JSONSyntaxError.self) { try StrictJSONDecoder.decode(Sample.self, from: Data(json.utf8)) }
        #expect(error?.description == message)
    }

    @Test("bytes that are not well-formed UTF-8 are refused wherever they are, even in a field nobody reads")
    func badUTF8() {
        // Overlong slash, a surrogate, past U+10FFFF, a lone continuation, a cut sequence.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]] {
            let json = Data(#"{"int":1,"unread":""#.utf8) + Data(bad) + Data(#""}"#.utf8)
            #expect(throws: JSONSyntaxError.self) { try StrictJSONDecoder.decode(Sample.self, from: json) }
        }
    }

    @Test(
        "numbers a field's type cannot hold are refused by field",
        arguments: [
            #"{"int":1.5}"#, #"{"int":9223372036854775808}"#, #"{"int":-9223372036854775809}"#, #"{"int":1e19}"#,
            #"{"double":1e400}"#, #"{"double":-1e-400}"#, #"{"small":256}"#, #"{"small":-1}"#, #"{"float":1e39}"#,
            #"{"int":"1"}"#, #"{"list":{}}"#,
        ])
    func refusedByField(_ json: String) {
        #expect(throws: DecodingError.self) { try StrictJSONDecoder.decode(Sample.self, from: Data(json.utf8)) }
    }

    @Test("an integer of a hundred thousand digits is read exactly, where its digits lie")
    func longMantissa() throws {
        let zeros = String(repeating: "0", count: 100_000)
        let whole = try StrictJSONDecoder.decode(Sample.self, from: Data(#"{"int":1.\#(zeros)e0}"#.utf8))
        #expect(whole.int == 1)
        let scaled = try StrictJSONDecoder.decode(Sample.self, from: Data(#"{"int":42\#(zeros)e-100000}"#.utf8))
        #expect(scaled.int == 42)
        #expect(throws: DecodingError.self) { try StrictJSONDecoder.decode(Sample.self, from: Data(#"{"int":1.\#(zeros)1}"#.utf8)) }
    }

    // Past 16 names they are kept in a set (`JSONNameSet`); this reads such an object, but only a
    // hang would show the pairwise comparison coming back.
    @Test("an object of 200,000 names is checked for repeats and read")
    func manyNames() throws {
        let json = "{" + (0..<200_000).map { "\"k\($0)\":\($0)," }.joined() + "\"int\":5}"
        #expect(try StrictJSONDecoder.decode(Sample.self, from: Data(json.utf8)).int == 5)
    }

    @Test("every page document in the tree reads the same as through JSONDecoder")
    func pageDocuments() throws {
        let root = Repository.root
        let files =
            try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Tests/Fixtures").path)
            .filter { $0.hasSuffix(".json") }.map { "Tests/Fixtures/" + $0 }
            + ["Fuzz/Corpus/document/mixed.json", "Fuzz/Corpus/document/one-line.json", "Fuzz/Corpus/html/chicago-1.json"]
        var read = 0
        for file in files {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            guard let foundation = try? JSONDecoder().decode(PageLayout.self, from: data) else { continue }
            #expect(try StrictJSONDecoder.decode(PageLayout.self, from: data) == foundation, "\(file)")
            read += 1
        }
        #expect(read >= 5)
    }

    @Test("a page document's syntax error is one line that names the byte")
    func documentMessage() {
        #expect(throws: PageDocumentError.notJSON("a comma is followed by no value at byte 37")) {
            try PageLayout.decodeDocument(Data(#"{"format":"legible-page","version":2,}"#.utf8))
        }
        #expect(throws: PageDocumentError.notJSON("the file is empty")) { try PageLayout.decodeDocument(Data()) }
        #expect(throws: PageDocumentError.foreignDocument(format: nil)) { try PageLayout.decodeDocument(Data("[1]".utf8)) }
    }
}
