import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// Numbers no page or option can hold, and option values outside their set, refused with one
/// line and their documented status (`Docs/Hardening.md`; `Docs/CLI.md`, "Bad input"), in
/// process on a minimal document.
@Suite("refusals of numbers and option values")
struct CommandRefusalTests {
    /// Replacements applied to ``minimalDocument``.
    static let documents: [(name: String, from: String, to: String)] = [
        ("a width of 10^15", #""width":400"#, #""width":1000000000000000"#),
        ("a zero height", #""height":100"#, #""height":0"#),
        ("a negative width", #""width":400"#, #""width":-5"#),
        ("a width beyond Int", #""width":400"#, #""width":1e30"#),
        ("a dpi of zero", #""height":100"#, #""height":100,"dpi":0"#),
        ("a huge box", "[10,10,300,30]", "[1e300,10,300,30]"),
        ("a huge baseline", #""box":[10,10,300,30]"#, #""box":[10,10,300,30],"baseline":[[1e300,0],[0,0]]"#),
        (
            "a word confidence of 7", #""box":[10,10,300,30]"#,
            #""box":[10,10,300,30],"words":[{"range":[0,5],"box":[10,10,50,30],"confidence":7}]"#
        ),
        ("a range past the text", #""paragraphs":[{"range":[0,16]}]"#, #""paragraphs":[{"range":[0,99999999999]}]"#),
    ]

    @Test("a page document with an implausible number is refused by every command", arguments: documents.map(\.name))
    func implausibleDocument(name: String) throws {
        let item = Self.documents.first { $0.name == name }!
        let folder = try temporaryFolder()
        let json = minimalDocument.replacingOccurrences(of: item.from, with: item.to)
        #expect(json != minimalDocument)
        try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        for command in [
            "text page.json", "rects page.json 0 3", "dump page.json", "read page.json --all", "render page.json --blank -o x.png",
        ] {
            let run = try legible(command, in: folder)
            #expect(run.status == 65, "\(command): \(run.status) \(run.stderr)")
            expectOneMessage(run, "\(name): \(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/x.png"))
    }

    static let arguments: [String] = [
        "caret page.json 99999999999999999999", "hit page.json 1e308 5", "hit page.json nan 5",
        "render page.json --blank --scale 1e9 -o x.png",
        "ingest x.png -o out --jobs 99999999999999999999", "ingest x.png -o out --psm -1", "ingest x.png -o out --dpi 0",
        "ingest x.png -o out --timeout 0", "ingest x.png -o out --timeout nan", "ingest x.png -o out --timeout inf",
        "save page.json 0 5 --repeat 0", "save page.json 0 5 --repeat 1e3",
    ]

    @Test("an out-of-range number on the command line is a usage error", arguments: arguments)
    func implausibleArgument(command: String) throws {
        let folder = try temporaryFolder()
        try Data(minimalDocument.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        let run = try legible(command, in: folder)
        #expect(run.status == 64, "\(run.stderr)")
        expectOneMessage(run, command)
    }

    @Test("a page too large to draw is refused by render before any pixel is allocated")
    func renderLimit() throws {
        let folder = try temporaryFolder()
        let big = minimalDocument.replacingOccurrences(of: #""width":400,"height":100"#, with: #""width":999999,"height":999999"#)
        try Data(big.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        let run = try legible("render page.json --blank -o x.png", in: folder)
        #expect(run.status == 65)
        #expect(run.stderr.contains("above the render limit"))
    }

    static let emptyValues = [
        "ingest x.png -o out -l ''", "ingest x.png -o out --format ''", "ingest x.png -o out --preprocess ''", "ingest x.png -o ''",
        "ingest x.png -o out --format json,", "ingest x.png -o out -l eng+", "ingest x.png -o out -l '../etc'", "clippings --store ''",
        "caret page.json 1 --affinity sideways", "move page.json 1 --by foo", "move page.json 1 --by word --direction sideways",
        "read page.json --rotor everything", "ingest x.png -o out --format pdf", "ingest x.png -o out --preprocess sharpen",
    ]

    @Test("empty and unknown option values are usage errors", arguments: emptyValues)
    func badOptionValue(command: String) throws {
        let folder = try temporaryFolder()
        try Data(minimalDocument.utf8).write(to: URL(fileURLWithPath: "\(folder)/page.json"))
        try FileManager.default.copyItem(atPath: Repository.scans.appendingPathComponent("chicago-1.png").path, toPath: "\(folder)/x.png")
        let run = try legible(command, in: folder)
        #expect(run.status == 64, "\(run.status) \(run.stderr)")
        expectOneMessage(run, command)
    }
}

/// A name holding a control character stays inside its one message line, escaped: a line end
/// cannot split the message, an escape cannot drive the terminal (`Docs/CLI.md`, "Output and
/// messages").
@Suite("control characters in names, in messages")
struct MessageNameTests {
    static let names: [(name: String, file: String, shown: String)] = [
        ("a line feed", "a\nb.json", #"a\u{A}b.json"#), ("a carriage return", "a\rb.json", #"a\u{D}b.json"#),
        ("a CR LF pair", "a\r\nb.json", #"a\u{D}\u{A}b.json"#), ("a tab", "a\tb.json", #"a\u{9}b.json"#),
        ("an escape", "a\u{1B}[31mb.json", #"a\u{1B}[31mb.json"#), ("a C1 next line", "a\u{85}b.json", #"a\u{85}b.json"#),
    ]

    @Test("a missing file's name is shown escaped in one line, for every command that reads a name", arguments: names.map(\.name))
    func escaped(name: String) throws {
        let item = try #require(Self.names.first { $0.name == name })
        let folder = try temporaryFolder()
        for arguments in [
            ["text", item.file], ["read", item.file, "--all"], ["html", item.file, "-o", "out"], ["ingest", item.file, "-o", "out"],
        ] {
            let run = try legible(arguments.map { $0 == item.file || $0 == "out" ? "\(folder)/\($0)" : $0 })
            #expect(run.status == 66, "\(arguments): \(run.stderr)")
            expectOneMessage(run, "\(name): \(arguments[0])")
            #expect(run.stderr.contains(item.shown), "\(arguments[0]): \(run.stderr.debugDescription)")
        }
    }

    @Test("a usage error is one message line, then the usage, as written")
    func usageAfterMessage() throws {
        let run = try legible(["text", "--frob\nbar", "x"])
        #expect(run.status == 64)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("legible: ") == true && lines.first?.contains(#"--frob\u{A}bar"#) == true, "\(run.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("usage: legible text") == true, "\(run.stderr)")
        #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("legible: ") })
    }
}
