import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleTestSupport
import Testing

/// `edit` and `align` on committed documents, in process: refusals leave the document as it was
/// (`Docs/CLI.md`).
@Suite("legible edit and align in process")
struct EditCommandTests {
    @Test("bad edits: out of range, reversed, inside a character, not a number: one line each, the document unchanged")
    func badEdits() throws {
        let folder = try temporaryFolder()
        let document = folder + "/mixed.json"
        let layout = LayoutBuilder().layout([["Notes 👩‍👩‍👧 café"], ["שלום עולם"]], rightToLeft: [1])
        try layout.encodeDocument().write(to: URL(fileURLWithPath: document))
        let before = try Data(contentsOf: URL(fileURLWithPath: document))
        let family = layout.text.utf16.distance(
            from: layout.text.utf16.startIndex, to: layout.text.range(of: "👩")!.lowerBound.samePosition(in: layout.text.utf16)!)
        for (arguments, status, words) in [
            (["0", "999"], Int32(65), "outside the page text"), (["5", "2"], 65, "is after END"),
            (["\(family + 1)", "\(family + 4)"], 65, "inside a character"), (["x", "2"], 64, "START"),
        ] {
            let run = try legible(["edit", document] + arguments + ["text"])
            #expect(
                run.status == status && run.stderr.contains(words) && run.stderr.split(separator: "\n").count == 1,
                "\(arguments): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == before)
        }
        let emoji = try legible(["edit", document, "\(family)", "\(family + 8)", "🇨🇭"])
        let edited = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: document)))
        #expect(emoji.status == 0 && edited.text.contains("Notes 🇨🇭 café"), "\(emoji.stderr)")
    }

    @Test("legible align writes the corrected document and reports each line; bad transcriptions are refused with one line")
    func align() throws {
        let folder = try temporaryFolder()
        let truth = try groundTruthText(stem: "chicago-2")
        let typed = truth.lowercased().replacingOccurrences(of: ",", with: "")
        try typed.write(toFile: folder + "/typed.txt", atomically: true, encoding: .utf8)
        let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-2.json").path
        let run = try legible(["align", fixture, folder + "/typed.txt", "-o", folder + "/aligned.json"])
        #expect(run.status == 0 && run.stdout.contains("aligned 8 of 8 lines"), "\(run.stdout)\(run.stderr)")
        let aligned = try PageLayout.decodeDocument(try Data(contentsOf: URL(fileURLWithPath: folder + "/aligned.json")))
        #expect(aligned.text.split(whereSeparator: \.isWhitespace) == typed.split(whereSeparator: \.isWhitespace))
        let other = try groundTruthText(stem: "kristi-plain")
        let cases: [(String, Data, String)] = [
            ("binary.txt", Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 1, 2]), "not UTF-8 text"), ("empty.txt", Data(), "no letters or digits"),
            ("huge.txt", Data(repeating: 0x61, count: (4 << 20) + 1), "longer than any page"),
            ("other.txt", Data(other.utf8), "does not match this page"),
        ]
        for (name, bytes, words) in cases {
            try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
            let refused = try legible(["align", fixture, "\(folder)/\(name)", "-o", "\(folder)/\(name).json"])
            #expect(
                refused.status == 65 && refused.stderr.contains(words) && refused.stderr.split(separator: "\n").count == 1,
                "\(name): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(name).json"))
        }
        // The scan whose ink places the words: its own is taken; another page's, or none, is refused.
        let scan = Repository.scans.appendingPathComponent("chicago-2.png").path
        let inked = try legible(["align", fixture, folder + "/typed.txt", "-o", folder + "/inked.json", "--image", scan])
        #expect(inked.status == 0, "\(inked.stderr)")
        for (image, status, words) in [
            (Repository.scans.appendingPathComponent("chicago-1.png").path, Int32(65), "is not the scan"),
            (folder + "/none.png", 66, "no such file"),
        ] {
            let refused = try legible(["align", fixture, folder + "/typed.txt", "-o", folder + "/refused.json", "--image", image])
            #expect(
                refused.status == status && refused.stderr.contains(words) && refused.stderr.split(separator: "\n").count == 1,
                "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/refused.json"))
        }
        // The scan is only read: the corrected document is never written over it.
        try FileManager.default.copyItem(atPath: scan, toPath: folder + "/scan.png")
        let over = try legible(["align", fixture, folder + "/typed.txt", "-o", folder + "/scan.png", "--image", folder + "/scan.png"])
        #expect(over.status == 64 && over.stderr.contains("would be written over the input"), "\(over.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/scan.png") == FileManager.default.contents(atPath: scan))
    }
}
