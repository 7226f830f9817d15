import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// Names read from files Legible did not write (`Docs/Hardening.md`, "Names read from
/// files"): a page document's image name and a timing map's audio name must be plain file
/// names, or the input is refused (65) by every command that reads it, with one line, nothing
/// written, and no file outside the folders given touched.
@Suite("names read from files", .serialized)
struct NamesFromFilesTests {
    /// Each class of name that is not a plain file name.
    static let badNames = ["../secret.png", "sub/chicago-1.png", "/etc/passwd", "..", ".", "chicago-1.png\u{0}.txt", ""]

    /// chicago-1's document with its image name replaced by `name`, in `folder`.
    static func document(named name: String, in folder: String) throws -> String {
        let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/chicago-1.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        var image = try #require(json["image"] as? [String: Any])
        image["file"] = name
        json["image"] = image
        let path = folder + "/page.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a document's image name with a folder part, `..`, NUL or nothing is refused by every command that reads it", arguments: badNames)
    func documentImageNames(_ name: String) throws {
        let folder = try temporaryFolder()
        let document = try Self.document(named: name, in: folder)
        try "Morning\n".write(toFile: folder + "/typed.txt", atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["text", document], ["render", document, "-o", folder + "/overlay.png"], ["html", document, "-o", folder + "/html"],
            ["pdf", document, "-o", folder + "/out.pdf"], ["align", document, folder + "/typed.txt", "-o", folder + "/aligned.json"],
            ["speak", document, "-o", folder + "/speech"], ["view", document], ["eval", document, "--truth", folder],
        ]
        let before = try Data(contentsOf: URL(fileURLWithPath: document))
        for command in commands {
            let run = try legible(command)
            #expect(run.status == 65 && run.stderr.contains("image.file"), "\(command[0]): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(command[0]): \(run.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["page.json", "typed.txt"], "a refused command wrote \(left)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: document)) == before)
    }

    @Test("a timing map's audio name that is not plain is refused by html --audio (65): nothing read or written outside")
    func timingMapAudioNames() throws {
        guard SpeechTests.available else { return }
        let folder = try temporaryFolder()
        let audio = folder + "/audio"
        let page = SpeechTests.pages[0]
        #expect(try legible(["speak", page, "-o", audio]).status == 0)
        let map = audio + "/chicago-1.timing.json"
        let good = try Data(contentsOf: URL(fileURLWithPath: map))
        // A private file beside the audio folder, and a file the output folder's parent holds.
        try "private".write(toFile: folder + "/secret.opus", atomically: true, encoding: .utf8)
        try "mine".write(toFile: folder + "/victim.opus", atomically: true, encoding: .utf8)
        for name in ["../secret.opus", "../victim.opus", "sub/chicago-1.opus", "/etc/passwd", "..", ".", "a\u{0}b"] {
            let poisoned = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"chicago-1.opus\"", with: Self.jsonString(name))
            try Data(poisoned.utf8).write(to: URL(fileURLWithPath: map))
            let out = folder + "/notebook"
            let run = try legible(["html", page, "-o", out, "--scans", Repository.scans.path, "--audio", audio])
            #expect(run.status == 65 && run.stderr.contains("not a plain file name"), "\(name): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: out), "\(name): a refused html left \(out)")
            // speak finds the poisoned map out of date and speaks the page again, under its own name.
            let respoken = try legible(["speak", page, "-o", audio])
            #expect(respoken.status == 0 && respoken.stdout.hasPrefix("spoke chicago-1"), "\(name): \(respoken.stdout)\(respoken.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: map)) == good)
        }
        #expect(try String(contentsOfFile: folder + "/victim.opus", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: folder + "/secret.opus", encoding: .utf8) == "private")
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }
}
