import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleSystem
import LegibleTestSupport
import LegibleTextInput
import Synchronization
import Testing

/// `legible edit --corrections FILE PAGE.json…` (`Docs/Editing.md`, "Corrections files"), in
/// process: a file applies whole or not at all, names its pages by their text, and refuses
/// every kind of file that is not one made for these documents.
@Suite("legible edit --corrections")
struct CorrectionsCommandTests {
    /// Two documents in a scratch folder: a mixed page (emoji, combining marks, a right-to-left
    /// line) and a plain one.
    static func documents() throws -> (folder: String, mixed: String, plain: String) {
        let folder = try temporaryFolder()
        let mixed = LayoutBuilder().layout(
            [["Notes 👩‍👩‍👧 café and more", "naïve re\u{301}sume\u{301} here"], ["שלום עולם טוב"]], rightToLeft: [1])
        let plain = LayoutBuilder().layout([["one two three"]])
        try mixed.encodeDocument().write(to: URL(fileURLWithPath: folder + "/mixed.json"))
        try plain.encodeDocument().write(to: URL(fileURLWithPath: folder + "/plain.json"))
        return (folder, folder + "/mixed.json", folder + "/plain.json")
    }

    /// `corrections` written as a file in `folder`: its path.
    static func write(_ corrections: Corrections, in folder: String) throws -> String {
        let path = folder + "/corrections-\(UUID().uuidString).json"
        try JSONEncoder().encode(corrections).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func page(_ path: String) throws -> ScannedPage { try ScannedPage(contentsOf: URL(fileURLWithPath: path)) }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test("a file applies every correction in order, marks them corrected, and is refused once applied")
    func applies() throws {
        let (folder, mixed, plain) = try Self.documents()
        let before = try Self.page(mixed)
        let emoji = (before.string as NSString).range(of: "👩‍👩‍👧")
        let corrections = Corrections(pages: [
            Corrections.Page(
                document: "mixed.json", textSHA256: Corrections.textSHA256(before),
                corrections: [
                    .init(start: emoji.location, end: emoji.location + emoji.length, text: "🦉"),
                    .init(start: 0, end: 5, text: "Nótes"),
                ])
        ])
        let file = try Self.write(corrections, in: folder)
        let plainBytes = Self.bytes(plain)
        let run = try legible(["edit", "--corrections", file, mixed, plain])
        #expect(run.status == 0 && run.stdout == "corrected \(mixed): 2 corrections\n", "\(run.stdout) \(run.stderr)")
        let after = try Self.page(mixed)
        #expect(after.string.hasPrefix("Nótes 🦉 café"))
        #expect(after.layout.lines[0].words?.filter { $0.corrected == true }.count == 2)
        #expect(Self.bytes(plain) == plainBytes, "a document the file does not name is not written")
        #expect(checkTextInput(after, bounds: after.bounds).isEmpty)
        let again = try legible(["edit", "--corrections", file, mixed])
        expectRefusal(again, 65, saying: "already applied", "applied twice")
        #expect(try Self.page(mixed).string == after.string)
    }

    @Test("a bad file or correction is refused with one line and nothing is written", arguments: Self.badFiles)
    func refused(_ case: (name: String, status: Int32, saying: String)) throws {
        let (folder, mixed, plain) = try Self.documents()
        let page = try Self.page(mixed)
        let sha = Corrections.textSHA256(page)
        let emoji = (page.string as NSString).range(of: "👩‍👩‍👧")
        let valid = Corrections.Correction(start: 0, end: 5, text: "Fine")
        let contents: Data
        switch `case`.name {
        case "truncated":
            contents = try JSONEncoder().encode(Corrections(pages: [.init(document: "m", textSHA256: sha, corrections: [valid])])).prefix(
                40)
        case "not JSON": contents = Data("hello".utf8)
        case "another format": contents = Data(#"{"format":"legible-clippings","version":1,"pages":[]}"#.utf8)
        case "another notebook":
            contents = try JSONEncoder().encode(
                Corrections(pages: [.init(document: "x", textSHA256: String(repeating: "a", count: 64), corrections: [valid])]))
        case "past the page":
            contents = try JSONEncoder().encode(
                Corrections(pages: [
                    .init(document: "m", textSHA256: sha, corrections: [valid, .init(start: 0, end: page.length + 1, text: "x")])
                ]))
        case "inside a character":
            let inside = Corrections.Correction(start: emoji.location + 1, end: emoji.location + 2, text: "x")
            contents = try JSONEncoder().encode(Corrections(pages: [.init(document: "m", textSHA256: sha, corrections: [valid, inside])]))
        case "reversed range":
            contents = Data(
                #"{"format":"legible-corrections","version":1,"pages":[{"document":"m","textSHA256":"\#(sha)","corrections":[{"range":[5,2],"text":"x"}]}]}"#
                    .utf8)
        case "a page twice":
            let twice = Corrections.Page(document: "m", textSHA256: sha, corrections: [valid])
            contents = try JSONEncoder().encode(Corrections(pages: [twice, twice]))
        case "too many":
            let many = [Corrections.Correction](repeating: .init(start: 0, end: 0, text: ""), count: Corrections.maximumCorrections + 1)
            contents = try JSONEncoder().encode(Corrections(pages: [.init(document: "m", textSHA256: sha, corrections: many)]))
        default: contents = Data()
        }
        let file = folder + "/corrections.json"
        if `case`.name != "missing" { try contents.write(to: URL(fileURLWithPath: file)) }
        let (mixedBytes, plainBytes) = (Self.bytes(mixed), Self.bytes(plain))
        expectRefusal(try legible(["edit", "--corrections", file, mixed, plain]), `case`.status, saying: `case`.saying, `case`.name)
        #expect(Self.bytes(mixed) == mixedBytes && Self.bytes(plain) == plainBytes, "\(`case`.name): a document was written")
    }

    static let badFiles: [(name: String, status: Int32, saying: String)] = [
        ("truncated", 65, "not a corrections file"), ("not JSON", 65, "not a corrections file"),
        ("another format", 65, "legible-corrections"), ("another notebook", 65, "none of the documents given"),
        ("past the page", 65, "past the page"), ("inside a character", 65, "inside a character"),
        ("reversed range", 65, "not two offsets in order"), ("a page twice", 65, "names one page twice"),
        ("too many", 65, "more than 100000"), ("missing", 66, "corrections.json"),
    ]

    @Test("without --corrections, edit still takes exactly PAGE START END TEXT")
    func usage() throws {
        let (_, mixed, _) = try Self.documents()
        expectRefusal(try legible(["edit", mixed, "0"]), 64, saying: "--corrections", "two arguments")
    }

    @Test("random corrections (emoji, combining marks, right-to-left) round-trip through the file, every law holding")
    func randomRoundTrip() throws {
        var generator = SplitMix(seed: 39)
        let pieces = ["🦉", "e\u{301}", "שלום", "x", " ", "👩‍👩‍👧", "naïve", ""]
        for round in 0..<12 {
            let (folder, mixed, _) = try Self.documents()
            let reference = try Self.page(mixed)
            reference.isEditable = true
            let sha = Corrections.textSHA256(reference)
            var made: [Corrections.Correction] = []
            for _ in 0..<5 {
                let bounds = reference.string.reduce(into: [0]) { offsets, character in
                    offsets.append(offsets.last! + character.utf16.count)
                }
                let a = bounds.randomElement(using: &generator)!, b = bounds.randomElement(using: &generator)!
                let text = pieces.randomElement(using: &generator)!
                made.append(.init(start: min(a, b), end: max(a, b), text: text))
                reference.replace(TextRange(min(a, b), max(a, b)), withText: text)
            }
            let file = try Self.write(Corrections(pages: [.init(document: "mixed.json", textSHA256: sha, corrections: made)]), in: folder)
            let run = try legible(["edit", "--corrections", file, mixed])
            #expect(run.status == 0, "round \(round): \(run.stderr)")
            let applied = try Self.page(mixed)
            #expect(applied.string == reference.string, "round \(round): \(made)")
            #expect(checkTextInput(applied, bounds: applied.bounds, sampleLimit: 60).isEmpty, "round \(round)")
        }
    }

    @Test("what a whole file adds is bounded before any of it is applied: 65, nothing written")
    func addedBound() throws {
        let (folder, mixed, _) = try Self.documents()
        let before = try Self.page(mixed)
        let half = String(repeating: "x", count: Corrections.maximumText / 2 + 1)
        let file = try Self.write(
            Corrections(pages: [
                Corrections.Page(
                    document: "mixed.json", textSHA256: Corrections.textSHA256(before),
                    corrections: [.init(start: 0, end: 0, text: half), .init(start: 0, end: 0, text: half)])
            ]), in: folder)
        let bytes = Self.bytes(mixed)
        expectRefusal(try legible(["edit", "--corrections", file, mixed]), 65, saying: "units in all", "two texts over the bound together")
        #expect(Self.bytes(mixed) == bytes)
    }

    @Test("two runs naming the same documents in other orders and ways queue by the files, and never deadlock")
    func lockOrder() throws {
        for _ in 0..<3 {
            let (folder, mixed, plain) = try Self.documents()
            let before = try Self.page(mixed)
            let file = try Self.write(
                Corrections(pages: [
                    Corrections.Page(
                        document: "mixed.json", textSHA256: Corrections.textSHA256(before),
                        corrections: [.init(start: 0, end: 5, text: "Nótes")])
                ]), in: folder)
            // By name, "/x/./plain.json" sorts before "/x/mixed.json", and "/x/mixed.json" before
            // "/x/plain.json": locked by their names, the two runs would take the two locks in
            // opposite orders.
            let orders = [[mixed, plain], [folder + "/./plain.json", mixed]]
            let started = Date()
            let statuses = Mutex<[Int32]>([])
            // mixed.json's lock is held while both runs start, so that each has taken what it can
            // before either goes on: by names, the first would then wait for plain.json, which
            // the second holds while it waits for mixed.json, for the full 30 s.
            var held: FileLock? = try FileLock(for: mixed, wait: 0)
            let group = DispatchGroup()
            for run in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    let status = (try? legibleProcess(["edit", "--corrections", file] + orders[run]))?.status ?? -1
                    statuses.withLock { $0.append(status) }
                }
            }
            Thread.sleep(forTimeInterval: 1.5)
            withExtendedLifetime(held) {}
            held = nil
            group.wait()
            // One applies the file, the other finds it applied; neither waits out the 30 s lock.
            #expect(statuses.withLock { $0.sorted() } == [0, 65])
            #expect(Date().timeIntervalSince(started) < 20)
        }
    }
}

/// No write makes a page document that a reader refuses (`Docs/Hardening.md`, "Edits that make
/// a document unreadable").
@Suite("page documents written within the readers' limit")
struct DocumentSizeTests {
    @Test("a layout whose document would pass 64 MiB is not encoded; one under it is")
    func encodeBound() throws {
        let words = (0..<150_000).map { "w\($0)" }
        let layout = LayoutBuilder().layout([[words.joined(separator: " ")]])
        do {
            let data = try layout.encodeDocument()
            // Under the limit, within the size every reader takes.
            #expect(data.count <= PageLayout.maximumDocumentBytes)
        } catch PageDocumentError.tooLarge(let bytes) {
            #expect(bytes > PageLayout.maximumDocumentBytes)
        }
        let big = LayoutBuilder().layout([[(0..<400_000).map { "w\($0)" }.joined(separator: " ")]])
        #expect(throws: PageDocumentError.self) { try big.encodeDocument() }
    }
}
