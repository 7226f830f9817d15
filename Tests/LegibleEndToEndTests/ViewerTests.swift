import Foundation
import LegibleCommandSupport
import LegibleGoldenSupport
import LegibleRaster
import LegibleTestSupport
import Testing

/// `legible view` in a real X server (Xvfb), with a real accessibility bus and pyatspi, keys
/// from xdotool (`Docs/Viewer.md`, "Tests"). Skips with a printed reason where Xvfb, xdotool or
/// the bus packages are missing, except under `LEGIBLE_REQUIRE_REAL_PARTS=1`.
@Suite("legible view under Xvfb", .serialized)
struct ViewerTests {
    static let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    static var available: Bool {
        let tools = ["/usr/bin/xvfb-run", "/usr/bin/xdotool", "/usr/bin/xwd", "/usr/bin/dbus-run-session"]
        let missing = tools.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        return RealParts.available(missing.isEmpty, reason: "missing \(missing.joined(separator: ", "))")
    }

    static func cli(_ arguments: [String]) throws -> String { String(try legible(arguments).stdout.dropLast()) }

    @Test("focus, Down, Shift+Ctrl+Right, Ctrl+S and Page Down, as Orca's library hears them; a golden screenshot")
    func keys() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let out = folder + "/view.json"
        let store = folder + "/clippings.jsonl"
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/viewer/drive.py").path
        try BusSession.run(
            script, [out, Repository.legibleExecutable.path, store, Repository.scans.path] + Self.pages, log: out + ".log", display: true)
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        #expect(seen["ready"] as? String == "ready")
        #expect((seen["focused"] as? [String: String]) == ["role": "heading", "page": "Page 1 of 3"], "the first region has the focus")
        let document = seen["document"] as? [String: Any]
        #expect(document?["role"] as? String == "document frame")
        #expect(document?["children"] as? Int == 2, "the document holds the page shown and the announcer")
        try ViewerChecks.onScreen(seen["onScreen"])
        let steps = try #require(seen["steps"] as? [[String: Any]])
        try ViewerChecks.down(steps[0], page: Self.pages[0], expectedStart: 8)
        try ViewerChecks.down(steps[1], page: Self.pages[0], expectedStart: nil)
        try ViewerChecks.wordSelection(steps[2], page: Self.pages[0])
        #expect(ViewerChecks.said(steps[3]) == ["Text saved"])
        let listed = try Self.cli(["clippings", "--store", store])
        let selection = try #require(steps[2]["selection"] as? [Int])
        #expect(
            listed == "chicago-1.png [\(selection[0]), \(selection[1])): "
                + (try Self.cli(["text", Self.pages[0], String(selection[0]), String(selection[1])])))
        let length = try Self.cli(["text", Self.pages[0]]).utf16.count
        // End: the end of the line the caret is on, before the space that joins it to the next.
        let line = try #require(steps[2]["line"] as? [Any])
        let lineText = try #require(line[0] as? String)
        let lineEnd = try #require(line[1] as? Int) + lineText.trimmingCharacters(in: .whitespaces).utf16.count
        #expect(steps[4]["caret"] as? Int == lineEnd, "End goes to the end of the line the caret is on")
        #expect(steps[5]["caret"] as? Int == length, "Ctrl+End goes to the page's end")
        #expect(steps[6]["caret"] as? Int == 0, "Ctrl+Home goes to the page's start")
        #expect(steps[7]["caret"] as? Int == 1, "Right moves one character")
        #expect(steps[8]["selection"] as? [Int] == [0, length], "Ctrl+A selects the page")
        #expect((steps[9]["line"] as? [Any])?.first as? String == "The zoo had lots of animals.", "a click puts the caret on that line")
        #expect(ViewerChecks.said(steps[10]) == ["Page 2 of 3"])
        #expect(seen["title"] as? String == "chicago-1 and 2 more pages", "the title does not change with the page")
        #expect(seen["exit"] as? Int == 0, "SIGTERM must end the viewer with 0")
        let shot = try PNGCodec.read(URL(fileURLWithPath: out + ".png"))
        #expect(Golden.verify(name: "viewer-selection", image: shot, text: "selection \(selection)\n").isEmpty)
    }

    /// Edit mode on the real bus (`Docs/Editing.md`, "The viewer's edit mode"): keys typed by
    /// xdotool and pyatspi's `EditableText` change the document, each change is told as
    /// `text-changed` with its text, and Control+S writes the corrected document.
    @Test("view --edit: typing, BackSpace and EditableText emit text-changed with their text; Control+S saves")
    func editing() throws {
        guard Self.available else { return }
        let (folder, page) = try chicagoPageToEdit()
        let out = folder + "/edit.json"
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/viewer/edit.py").path
        try BusSession.run(script, [out, Repository.legibleExecutable.path, page], log: out + ".log", display: true)
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        #expect(seen["states"] as? [String: Bool] == ["editable": true, "readOnly": false])
        let before = try #require(seen["before"] as? String)
        let steps = try #require(seen["steps"] as? [[String: Any]])
        func changes(_ index: Int) -> [String] {
            ((steps[index]["events"] as? [[String: Any]]) ?? []).compactMap { event in
                guard let type = event["type"] as? String, type != "said" else { return nil }
                return "\(type) \(event["offset"] ?? "") \(event["text"] ?? "")"
            }
        }
        func text(_ index: Int) -> String? { steps[index]["text"] as? String }
        let end = before.unicodeScalars.count
        #expect(changes(0) == ["insert \(end) Z"] && text(0) == before + "Z", "\(steps[0])")
        #expect(changes(1) == ["delete \(end) Z"] && text(1) == before, "\(steps[1])")
        #expect(changes(2) == ["insert 0 Q"] && text(2) == "Q" + before, "\(steps[2])")
        #expect(changes(3) == ["delete 0 Q"] && text(3) == before, "\(steps[3])")
        // Only what differs is told: "Morning" to "Evening" keeps "ning".
        try #require(before == "Morning", "the focused region is the first heading")
        #expect(changes(4) == ["delete 0 Mor", "insert 0 Eve"] && text(4) == "Evening", "\(steps[4])")
        #expect(text(5) == before, "Control+Z undoes the whole replacement: \(steps[5])")
        let said = ((steps[6]["events"] as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "said" }.compactMap {
            $0["text"] as? String
        }
        #expect(said == ["Corrections saved"], "\(steps[6])")
        let saved = try Self.cli(["text", page])
        let original = try Self.cli(["text", Self.pages[0]])
        #expect(saved == original + "s", "the saved document reads as corrected")
        #expect(seen["exit"] as? Int == 0)
    }

    /// SIGTERM with a correction unsaved (`Docs/Editing.md`, "The viewer's edit mode"): the
    /// correction is kept beside the document and that is said on standard error, with exit 0;
    /// where the file beside it cannot be written (a file-size limit below the document's
    /// size), that is said and the exit is 74, never a silent 0.
    @Test("view --edit ended by SIGTERM keeps unsaved corrections beside the document, or says they are lost and exits 74")
    func killedWithUnsavedCorrections() throws {
        guard Self.available else { return }
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/viewer/kill.py").path
        for limit in [0, 4] {
            let (folder, page) = try chicagoPageToEdit()
            let out = folder + "/kill.json"
            try BusSession.run(script, [out, Repository.legibleExecutable.path, page, String(limit)], log: out + ".log", display: true)
            let seen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
            let stderr = seen["stderr"] as? String ?? ""
            let aside = folder + "/chicago-1.corrections.json"
            if limit == 0 {
                #expect(seen["exit"] as? Int == 0 && stderr.contains("were written to \(aside)"), "\(seen)")
                #expect(try Self.cli(["text", aside]).hasPrefix("QMorning"))
            } else {
                #expect(seen["exit"] as? Int == 74 && stderr.contains("could not be kept: \(page)"), "\(seen)")
                #expect(stderr.split(separator: "\n").count == 1 && !FileManager.default.fileExists(atPath: aside), "\(seen)")
            }
            #expect(try Self.cli(["text", page]) == (try Self.cli(["text", Self.pages[0]])), "the document itself is unchanged")
        }
    }

    /// A JPEG stored 12 × 9 with a horizontal bar and EXIF orientation 6 is displayed 9 × 12
    /// with a vertical bar: that is what ingest recognised, so the viewer must draw it so too.
    /// Drawn as stored, the bar lay sideways under an upright caret.
    @Test("the viewer draws a scan turned by its EXIF orientation, as ingest read it")
    func orientation() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(
            atPath: Repository.root.appendingPathComponent("Fuzz/Corpus/image/exif6.jpg").path, toPath: folder + "/exif6.jpg")
        let alto = #"<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page/></Layout></alto>"#
        try Data(alto.utf8).write(to: URL(fileURLWithPath: folder + "/empty.xml"))
        let ingest = try legible(["ingest", folder + "/exif6.jpg", "--layout", folder + "/empty.xml", "-o", folder, "-q"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let out = folder + "/orientation.json"
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/viewer/orientation.py").path
        try BusSession.run(
            script, [out, Repository.legibleExecutable.path, folder, folder + "/exif6.json"], log: out + ".log", display: true)
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        #expect(seen["ready"] as? String == "ready")
        let ink = try #require(seen["ink"] as? [Int], "no ink on the screen")
        let (width, height) = (ink[2] - ink[0], ink[3] - ink[1])
        #expect(height > 2 * width, "the bar is \(width) × \(height) pixels on the screen: drawn sideways")
    }

    @Test("without a display the viewer exits 69 and points to present and html")
    func noDisplay() throws {
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", Repository.legibleExecutable.path, "view", Self.pages[0], "--scans",
                Repository.scans.path,
            ],
            environment: [:])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stderr.contains("legible present") && run.stderr.contains("legible html"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

/// What the viewer's steps must show.
enum ViewerChecks {
    /// The announcements of a step.
    static func said(_ step: [String: Any]) -> [String] {
        (step["events"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "said" }.compactMap { $0["text"] as? String }
    }

    /// Down: a caret event in the focused region, or the focus moving to the region the caret
    /// entered; the line at the caret is the next OCR line (starting at `expectedStart` when
    /// given), as `legible text` has it.
    static func down(_ step: [String: Any], page: String, expectedStart: Int?) throws {
        let caret = try #require(step["caret"] as? Int)
        let moves = (step["events"] as? [[String: Any]] ?? []).filter { ["caret", "focus"].contains($0["type"] as? String) }
        #expect(moves.count == 1 && ["heading", "paragraph"].contains(moves.last?["role"] as? String), "\(moves)")
        let line = try #require(step["line"] as? [Any])
        if let expectedStart { #expect(caret == expectedStart && line[1] as? Int == expectedStart) }
        let start = try #require(line[1] as? Int)
        let end = try #require(line[2] as? Int)
        let text = String(try legible(["text", page, String(start), String(end)]).stdout.dropLast())
        #expect(line[0] as? String == text)
    }

    /// A line's extents lie inside the window on the screen, scaled down with the page, and the
    /// point at their centre gives back an offset in that line.
    static func onScreen(_ value: Any?) throws {
        let facts = try #require(value as? [String: Any])
        let window = try #require(facts["window"] as? [Int])
        let line = try #require(facts["line"] as? [Int])
        let range = try #require(facts["lineRange"] as? [Int])
        #expect(line[0] >= window[0] && line[1] >= window[1], "line \(line) starts outside the window \(window)")
        #expect(
            line[0] + line[2] <= window[0] + window[2] && line[1] + line[3] <= window[1] + window[3], "line \(line) ends outside \(window)")
        #expect(line[2] > 0 && line[3] > 0)
        let offset = try #require(facts["offsetAtCentre"] as? Int)
        #expect(offset >= range[0] && offset <= range[1], "the line's centre gave \(offset), outside \(range)")
    }

    /// Shift+Ctrl+Right selects from the caret to where `legible move --by word` goes.
    static func wordSelection(_ step: [String: Any], page: String) throws {
        let selection = try #require(step["selection"] as? [Int])
        let move = try legible(["move", page, String(selection[0]), "--by", "word", "--direction", "forward"])
        let object = try JSONSerialization.jsonObject(with: Data(move.stdout.utf8)) as? [String: Any]
        #expect(object?["position"] as? Int == selection[1], "selection \(selection) against \(move.stdout)")
        let kinds = (step["events"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
        #expect((kinds.contains("caret") || kinds.contains("focus")) && kinds.contains("selection"))
    }
}
