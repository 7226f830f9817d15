import Foundation
import LegibleCommandSupport
import LegibleGoldenSupport
import LegibleLayout
import LegibleRaster
import LegibleTestSupport
import Testing

/// The HTML notebook in the real browser (`Docs/Web.md`): structure and reading order from
/// Chromium's accessibility tree, geometry against `legible rects`, find, copy, "Save
/// selection" and axe-core. Each test is one browser run, to keep CI lean.
@Suite("HTML notebook in Chromium", .serialized)
struct WebNotebookTests {
    static let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    /// `legible html` over the three Chicago pages; returns the output folder.
    static func notebook(_ extra: [String] = []) throws -> String {
        let out = try temporaryFolder()
        let run = try legible(["html"] + pages + ["-o", out, "--scans", Repository.scans.path] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return out
    }

    /// What `legible read --all` says, without the page announcements.
    static func transcript() throws -> [String] {
        let run = try legible(["read", "--all"] + pages)
        return run.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Page ") }
    }

    static func pageText(_ index: Int, _ start: Int? = nil, _ end: Int? = nil) throws -> String {
        let range = start.map { [String($0), String(end!)] } ?? []
        return String(try legible(["text", pages[index]] + range).stdout.dropLast())
    }

    @Test("structure, reading order, whole words, find and copy, and axe-core's verdict")
    func structureAndReading() throws {
        guard Browser.isAvailable(needing: [Browser.axe]) else { return }
        let out = try Self.notebook()
        let result = try Browser.run(
            out + "/index.html",
            steps: [
                .inject(Browser.probe),
                .evaluate(WebProbes.documentFacts),
                .axTree,
                WebProbes.find(["Lincoln Park", "through the trails", "DuSable Bridge", "xyzzy notebook"]),
            ] + WebProbes.copy(page: 0, start: 20, end: 140) + WebProbes.axe + [WebProbes.extendByLines])
        let facts = try #require(result.values[1] as? [String: Any])
        #expect(facts["lang"] as? String == "en")
        #expect(facts["title"] as? String == "chicago-1 and 2 more pages")
        #expect(facts["mains"] as? Int == 1)
        #expect(facts["sections"] as? [String] == ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3"])
        #expect(facts["imageAlts"] as? [String] == ["", "", ""])
        let texts = try #require(facts["pageTexts"] as? [String])
        for index in 0..<3 { #expect(texts[index] == (try Self.pageText(index)), "page \(index + 1) text differs from its reading text") }

        let ax = AccessibilityTree(nodes: try #require(result.values[2] as? [[String: Any]]))
        let blocks = ax.blocks(under: "main")
        let transcript = try Self.transcript()
        let headings = transcript.filter { $0.hasSuffix(". Heading.") }.map { String($0.dropLast(". Heading.".count)) }
        #expect(blocks.filter { $0.role == "heading" }.map(\.text) == headings)
        #expect(blocks.filter { $0.role == "heading" }.allSatisfy { $0.level == 2 })
        let spoken = transcript.map { $0.hasSuffix(". Heading.") ? String($0.dropLast(". Heading.".count)) : $0 }
        #expect(blocks.map(\.text).joined(separator: " ").split(separator: " ") == spoken.joined(separator: " ").split(separator: " "))
        for block in blocks {
            #expect(block.splitWords.isEmpty, "words split across accessibility nodes: \(block.splitWords)")
        }
        #expect(result.values[3] as? [Bool] == [true, true, true, false])
        #expect(result.values[6] as? String == (try Self.pageText(0, 20, 140)))
        #expect(result.values[8] as? [String] == [], "axe-core violations")
        // Shift+Down in caret browsing: each press adds the next line (an inline block kept the
        // selection inside its first line).
        let extended = try #require(result.values[9] as? [String])
        let words = extended.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let lines = transcript[1...3].map { $0.split(separator: " ").map(String.init) }
        #expect(words == [lines[0], lines[0] + lines[1], lines[0] + lines[1] + lines[2]], "\(extended)")
    }

    @Test("browser rects match legible rects at two window widths")
    func geometry() throws {
        guard Browser.isAvailable() else { return }
        let out = try Self.notebook()
        for width in [1200, 700] {
            let run = try runProcess(
                URL(fileURLWithPath: Repository.root.path + "/Tools/web-geometry"),
                [out + "/index.html"] + Self.pages + ["--width", String(width), "--legible", Repository.legibleExecutable.path],
                environment: [:])
            #expect(run.status == 0, "\(run.stderr)")
            let figures = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let lines = try #require(figures["lines"] as? [String: Double])
            let intra = try #require(figures["intra"] as? [String: Double])
            print("web geometry at \(width) px: lines \(lines), ranges inside lines \(intra)")
            #expect(lines["count"] == 19)
            #expect(lines["max"]! <= 4, "a whole-line rect is more than 4 px off: \(lines)")
            #expect(intra["count"] == 200)
            #expect(intra["mean"]! <= 8, "range ends are more than 8 px off on average: \(intra)")
            #expect((figures["mismatches"] as? [Any])?.isEmpty == true, "\(figures["mismatches"] ?? [])")
        }
    }

    /// Every `file://` page shares one `localStorage` in Chromium, so what the notebook reads
    /// back may have been written by any local file (`Docs/Web.md`, "Reader view"). Each hostile
    /// value is written, the notebook reloaded, and the reader view must still turn on, with
    /// settings from its controls' own sets and colours at 7:1 or more; stored clippings that
    /// are not clippings are not counted.
    @Test("stored reader settings and clippings are validated on load: prototype keys, unreadable pairs, junk, other notebooks")
    func hostileStorage() throws {
        guard Browser.isAvailable() else { return }
        let out = try Self.notebook()
        let hostile: [String] = [
            #"{"colours":"__proto__","on":true}"#, ##"{"colours":"custom","text":"#ffffff","background":"#ffffff","on":true}"##,
            #"{"size":"999","font":"constructor","spacing":"toString","on":"yes"}"#, "not json {", "[1,2,3]",
            ##"{"text":"red;x:url(y)","background":"#000","colours":"custom"}"##,
        ]
        let key = "'legible-reader:' + document.getElementById('notebook').dataset.notebook"
        let clippingsKey = "'legible-clippings:' + document.getElementById('notebook').dataset.notebook"
        let facts = """
            (() => {
              const toggle = document.getElementById('reader-toggle');
              if (toggle.getAttribute('aria-pressed') !== 'true') toggle.click();
              const reader = document.getElementById('reader');
              const style = getComputedStyle(reader);
              const value = (name) => reader.style.getPropertyValue(name).trim();
              const channel = (hex, at) => parseInt(hex.slice(at, at + 2), 16) / 255;
              const lum = (hex) => [1, 3, 5].map((at) => channel(hex, at)).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
                .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
              const [a, b] = [lum(value('--rs-text')), lum(value('--rs-background'))].sort((x, y) => y - x);
              return { shown: !reader.hidden && style.display !== 'none', contrast: (a + 0.05) / (b + 0.05), size: value('--rs-size'),
                download: document.getElementById('download-clippings').textContent };
            })()
            """
        var steps: [Browser.Step] = []
        for value in hostile {
            let clippings = Browser.literal("[\(value)]".replacingOccurrences(of: "not json {", with: "7"))
            steps += [
                .evaluate(
                    "(localStorage.setItem(\(key), \(Browser.literal(value))), localStorage.setItem('legible-reader', \(Browser.literal(value))), localStorage.setItem(\(clippingsKey), \(clippings)), true)"
                ),
                .reload, .evaluate(facts),
            ]
        }
        let result = try Browser.run(out + "/index.html", width: 800, height: 600, steps: steps)
        for (index, value) in hostile.enumerated() {
            let seen = try #require(result.values[index * 3 + 2] as? [String: Any], "\(value): \(result.values)")
            #expect(seen["shown"] as? Bool == true, "\(value): the reader view did not turn on: \(seen)")
            #expect((seen["contrast"] as? Double ?? 0) >= 7, "\(value): \(seen)")
            #expect(["1", "1.25", "1.5", "2", "2.5", "3", "4"].contains(seen["size"] as? String ?? ""), "\(value): \(seen)")
            #expect(seen["download"] as? String == "Download clippings (0)", "\(value): \(seen)")
        }
    }

    @Test("Save selection by button, shortcut and context menu; clippings survive a reload and download for legible clippings")
    func saveSelection() throws {
        guard Browser.isAvailable() else { return }
        let out = try Self.notebook()
        let downloads = try temporaryFolder()
        let status = "new Promise(r => setTimeout(() => r(document.getElementById('status').textContent), 250))"
        let result = try Browser.run(
            out + "/index.html", width: 800, height: 600, downloads: downloads,
            steps: [
                .inject(Browser.probe),
                .evaluate("(probe.select(0, 8, 50), document.getElementById('save-selection').click(), true)"),
                .evaluate(status),
                .evaluate("(probe.select(1, 0, 30), true)"),
                .key(key: "S", code: "KeyS", modifiers: 9),
                .evaluate(status),
                .evaluate("(probe.select(2, 10, 40), \(WebProbes.selectionCentre), true)"),
                .screenshot(downloads + "/selection.png", clip: WebProbes.selectionSurroundings),
                .rightClick(at: WebProbes.selectionCentre),
                .evaluate("[document.getElementById('menu').hidden, document.activeElement.textContent]"),
                .key(key: "Enter", code: "Enter", modifiers: 0),
                .evaluate(status),
                .reload,
                .evaluate("document.getElementById('download-clippings').textContent"),
                .evaluate("(document.getElementById('download-clippings').click(), true)"),
                .download,
            ])
        #expect(result.values[2] as? String == "Text saved")
        #expect(result.values[5] as? String == "Text saved")
        let menuState = result.values[9] as? [Any]
        #expect((menuState?.first as? Bool) == false, "the context menu did not open")
        #expect(menuState?.last as? String == "Save selection", "focus is not on the menu item")
        #expect(result.values[11] as? String == "Text saved")
        #expect(result.values[13] as? String == "Download clippings (3)", "after the reload: \(result.values.suffix(3))")
        #expect((result.values[15] as? [String: Any])?["state"] as? String == "completed", "\(result.values.suffix(1))")
        let store = downloads + "/clippings.jsonl"
        let listed = try legible(["clippings", "--store", store, "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let clippings = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let expected = [(0, 8, 50), (1, 0, 30), (2, 10, 40)]
        #expect(clippings.count == expected.count)
        for (clipping, (page, start, end)) in zip(clippings, expected) {
            #expect(clipping["pageIndex"] as? Int == page)
            #expect(clipping["range"] as? [Int] == [start, end])
            #expect(clipping["text"] as? String == (try Self.pageText(page, start, end)))
            #expect(clipping["page"] as? String == "chicago-\(page + 1).png")
            let rects = try #require(clipping["rects"] as? [[Double]])
            let ours = try JSONSerialization.jsonObject(
                with: Data(try legible(["rects", Self.pages[page], String(start), String(end)]).stdout.utf8))
            #expect(rects.count == (ours as? [Any])?.count, "one rect per line, as legible rects")
        }
        let shot = try PNGCodec.read(URL(fileURLWithPath: downloads + "/selection.png"))
        #expect(Golden.verify(name: "web-selection", image: shot, text: try Self.pageText(2, 10, 40) + "\n").isEmpty)
    }
}

/// A generated page whose text a browser can get wrong: an emoji ZWJ sequence, combining marks
/// and a right-to-left line.
@Suite("HTML notebook of a generated page in Chromium", .serialized)
struct WebGeneratedPageTests {
    /// Writes the page document and a blank scan; returns the document's path.
    static func generatedPage(in folder: String) throws -> String {
        var builder = LayoutBuilder()
        builder.skewDegrees = 1
        var layout = builder.layout(
            [["Notes 👩‍👩‍👧 café and more"], ["naïve re\u{301}sume\u{301} here", "a second line 🇨🇭 flag"], ["שלום עולם טוב"]],
            rightToLeft: [2])
        layout.image.file = "generated.png"
        try PNGCodec.encode(Bitmap(width: layout.image.width, height: layout.image.height)).write(
            to: URL(fileURLWithPath: folder + "/generated.png"))
        try layout.encodeDocument().write(to: URL(fileURLWithPath: folder + "/generated.json"))
        return folder + "/generated.json"
    }

    @Test("text, whole words, copy and geometry survive emoji, combining marks and a right-to-left line")
    func generated() throws {
        guard Browser.isAvailable(needing: [Browser.axe]) else { return }
        let folder = try temporaryFolder()
        let page = try Self.generatedPage(in: folder)
        let html = try legible(["html", page, "-o", folder + "/out"])
        #expect(html.status == 0, "\(html.stderr)")
        let text = String(try legible(["text", page]).stdout.dropLast())
        let emoji = try #require(text.range(of: "👩‍👩‍👧"))
        let emojiRange = [
            text.utf16.distance(from: text.startIndex, to: emoji.lowerBound),
            text.utf16.distance(from: text.startIndex, to: emoji.upperBound),
        ]
        let result = try Browser.run(
            folder + "/out/index.html",
            steps: [
                .inject(Browser.probe),
                .evaluate(WebProbes.documentFacts),
                .axTree,
            ] + WebProbes.copy(page: 0, start: emojiRange[0], end: emojiRange[1] + 5) + [
                WebProbes.find(["Notes 👩‍👩‍👧", "second line", "שלום עולם", "flag"])
            ] + WebProbes.axe)
        #expect(result.values[6] as? [Bool] == [true, true, true, true])
        #expect(result.values[8] as? [String] == [], "axe-core violations")
        let facts = try #require(result.values[1] as? [String: Any])
        #expect((facts["pageTexts"] as? [String])?.first == text)
        let blocks = AccessibilityTree(nodes: try #require(result.values[2] as? [[String: Any]])).blocks(under: "main")
        #expect(blocks.map(\.text).joined(separator: "\n") == text)
        for block in blocks { #expect(block.splitWords.isEmpty, "\(block.splitWords)") }
        let expected = String(try legible(["text", page, String(emojiRange[0]), String(emojiRange[1] + 5)]).stdout.dropLast())
        #expect(result.values[5] as? String == expected)

        let run = try runProcess(
            URL(fileURLWithPath: Repository.root.path + "/Tools/web-geometry"),
            [folder + "/out/index.html", page, "--ranges", "60", "--legible", Repository.legibleExecutable.path], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let lines = try #require(figures["lines"] as? [String: Double])
        let intra = try #require(figures["intra"] as? [String: Double])
        print("web geometry of the generated page: lines \(lines), ranges inside lines \(intra)")
        #expect(lines["max"]! <= 4, "\(lines)")
        #expect(intra["mean"]! <= 8, "\(intra)")
    }
}

/// Uncertain words in the HTML notebook in Chromium (`Docs/Web.md`, "Uncertain words"): the
/// words carry the marking, Alt+Shift+D selects and announces each word in turn,
/// and axe-core finds nothing against the marking and its tool. One browser run.
@Suite("Uncertain words in Chromium", .serialized)
struct WebUncertainTests {
    @Test("the uncertain words carry aria-invalid; Alt+Shift+D selects and announces each word; axe-core passes")
    func uncertainWords() throws {
        guard Browser.isAvailable(needing: [Browser.axe]) else { return }
        let (folder, page) = try chicagoPageWithUncertainWords()
        let out = folder + "/html"
        let made = try legible(["html", page, "-o", out, "--scans", folder])
        try #require(made.status == 0, "\(made.stderr)")
        // Each press, then what is selected and what the live region says once it has spoken.
        let press: [Browser.Step] = [
            .key(key: "D", code: "KeyD", modifiers: 9),
            .evaluate(
                "new Promise(r => setTimeout(() => r([getSelection().toString(), document.getElementById('status').textContent]), 300))"),
        ]
        let marked = Browser.Step.evaluate(
            "[...document.querySelectorAll('#notebook [aria-invalid=spelling]')].map(e => e.textContent.trim())")
        let result = try Browser.run(
            out + "/index.html", steps: [marked] + Array(repeating: press, count: 4).flatMap { $0 } + WebProbes.axe)
        // What Orca makes of the marking is `OrcaTests.htmlUncertainWords`: the CDP tree leaves
        // aria-invalid off a generic span's properties.
        #expect(Set(result.values[0] as? [String] ?? []) == chicagoUncertainWords, "\(result.values[0])")
        let presses = (0..<4).map { result.values[2 + 2 * $0] as? [String] ?? [] }
        #expect(presses[0] == ["started", "started, uncertain, 1 of 3"], "\(presses)")
        #expect(presses[1] == ["Park,", "Park,, uncertain, 2 of 3"] && presses[2] == ["zoo", "zoo, uncertain, 3 of 3"], "\(presses)")
        #expect(presses[3] == ["", "No more uncertain words"], "\(presses)")
        #expect(result.values.last as? [String] == [], "axe-core violations")
    }
}

/// Correcting in the HTML notebook in Chromium (`Docs/Web.md`, "Correcting in the browser"):
/// a selected word is corrected through F2 and typed text, undone, corrected again, kept over
/// a reload, downloaded as a corrections file, and `legible edit --corrections` then puts
/// exactly the typed text in the page document, marked corrected. One browser run.
@Suite("Correcting in Chromium", .serialized)
struct WebCorrectionTests {
    /// Selects UTF-16 `[start, end)` of the first page on the ink, or in the reader view.
    static func select(_ start: Int, _ end: Int, view: String = ".layer") -> Browser.Step {
        .evaluate(
            """
            (() => { const root = document.querySelector('section[data-index="0"] \(view)') || document.querySelector('#reader section[data-index="0"]');
              getSelection().removeAllRanges(); getSelection().addRange(window.legibleNotebook.rangeOf(root, \(start), \(end))); return getSelection().toString(); })()
            """)
    }

    /// The first page's text as its blocks hold it on the ink, what the live region said, and
    /// the text in the reader view.
    static let state = Browser.Step.evaluate(
        """
        new Promise((done) => { const began = Date.now(); const ready = () =>
          document.getElementById('notebook').dataset.correctionsShown !== undefined || Date.now() - began > 30000
            ? setTimeout(read, 300) : setTimeout(ready, 50);
          const read = () => {
          const textOf = (root) => {
            let text = '', end = null;
            for (const block of document.querySelectorAll(root + ' [data-start]')) {
              const start = Number(block.dataset.start);
              if (end !== null) text += '\\n'.repeat(start - end);
              text += block.textContent; end = start + block.textContent.length;
            }
            return text;
          };
          done([textOf('#notebook section[data-index="0"]'), document.getElementById('status').textContent,
            textOf('#reader section[data-index="0"]')]);
          };
          ready(); })
        """)

    /// Entries another page of this origin could write into the notebook's stored corrections:
    /// of other shapes, for another text, out of the page, reversed. The reload must drop them.
    static let poison = Browser.Step.evaluate(
        """
        (() => { const key = 'legible-corrections:' + document.getElementById('notebook').dataset.notebook;
          const sha = document.querySelector('section.page').dataset.textSha256;
          const list = JSON.parse(localStorage.getItem(key));
          list.push(null, '__proto__', 7, { pageIndex: 0, textSHA256: 'a'.repeat(64), range: [0, 3], text: 'EVIL', was: 'Mor' },
            { pageIndex: 0, textSHA256: sha, range: [0, 999999], text: 'EVIL', was: '' },
            { pageIndex: 0, textSHA256: sha, range: [9, 2], text: 'EVIL', was: '' },
            { pageIndex: 9, textSHA256: sha, range: [0, 1], text: 'EVIL', was: '' });
          localStorage.setItem(key, JSON.stringify(list)); return list.length; })()
        """)

    @Test(
        "F2 and typing correct a word in both views; undo; kept over a reload, hostile entries dropped; the file applies exactly; F2 on a caret takes its line; the context menu corrects"
    )
    func correctInTheBrowser() throws {
        guard Browser.isAvailable(needing: [Browser.axe]) else { return }
        let (folder, page) = try chicagoPageWithUncertainWords()
        let out = folder + "/html"
        try #require(try legible(["html", page, "-o", out, "--scans", folder]).status == 0)
        let text = try legible(["text", page]).stdout
        let original = String(text.dropLast())
        func range(_ word: String, in text: String) -> (Int, Int) {
            let found = (text as NSString).range(of: word)
            return (found.location, found.location + found.length)
        }
        let started = range("started", in: original)
        let zoo = range("zoo", in: original)
        let f2 = Browser.Step.key(key: "F2", code: "F2", modifiers: 0)
        let enter = Browser.Step.key(key: "Enter", code: "Enter", modifiers: 0)
        let steps: [Browser.Step] =
            [
                Self.select(started.0, started.1), f2, .evaluate("document.getElementById('correct-text').value"), .type("startéd 🦉"),
                enter,
                Self.state, .key(key: "Z", code: "KeyZ", modifiers: 9), Self.state,
                Self.select(started.0, started.1), f2, .type("set out"), enter,
                Self.select(zoo.0, zoo.1), f2, .type("Zoo"), enter, Self.poison, .reload, Self.state,
                .evaluate("window.legibleCorrections.correctionsFile()"),
                .evaluate("document.querySelectorAll('#notebook [aria-invalid=spelling]').length"),
            ] + WebProbes.axe + [
                // A caret alone: F2 corrects its line. Then the context menu's second item.
                Self.select(zoo.0 + 1, zoo.0 + 1), f2, .evaluate("document.getElementById('correct-text').value"),
                .key(key: "Escape", code: "Escape", modifiers: 0), Self.select(zoo.0, zoo.1), .rightClick(at: WebProbes.selectionCentre),
                .key(key: "ArrowDown", code: "ArrowDown", modifiers: 0), .key(key: "Enter", code: "Enter", modifiers: 0),
                .evaluate("[document.getElementById('correct-dialog').open, document.getElementById('correct-text').value]"),
                .key(key: "Escape", code: "Escape", modifiers: 0), .inject(Browser.probe),
            ] + WebProbes.copy(page: 0, start: started.0, end: zoo.1)
        let result = try Browser.run(out + "/index.html", steps: steps)
        let values = result.values
        #expect(values[0] as? String == "started" && values[2] as? String == "started", "the dialog opens on the selection: \(values[2])")
        let first = try #require(values[5] as? [String])
        #expect(first[0] == original.replacingOccurrences(of: "started", with: "startéd 🦉"), "\(first[0].prefix(60))")
        #expect(first[1].hasPrefix("Corrected to startéd 🦉"), "\(first[1])")
        let undone = try #require(values[7] as? [String])
        #expect(undone[0] == original && undone[1] == "Undone: started", "\(undone)")
        // "started" and "set out" are both 7 units, so "zoo" kept its offsets.
        let expected = original.replacingOccurrences(of: "started", with: "set out").replacingOccurrences(of: "zoo", with: "Zoo")
        let reloaded = try #require(values[18] as? [String])
        #expect(reloaded[0] == expected && reloaded[2] == expected, "kept over a reload, on the ink and in the reader view: \(reloaded)")
        #expect(values[20] as? Int == 1, "the uncertain words left: only Park,")
        #expect(values[22] as? [String] == [], "axe-core violations")
        let line = try #require(expected.split(separator: "\n").first { $0.contains("Zoo") })
        #expect(values[25] as? String == String(line), "F2 with a caret corrects its line: \(values[25])")
        #expect((values[31] as? [Any])?.last as? String == "Zoo", "the context menu's Correct selection: \(values[31])")
        // Copy after the corrections gives the corrected text: offsets followed them.
        let span = Array(expected.utf16)[started.0..<zoo.1]
        #expect(values.last as? String == String(decoding: span, as: UTF16.self), "copy: \(values.last ?? "")")
        let file = folder + "/corrections.json"
        try #require(values[19] as? String).write(toFile: file, atomically: true, encoding: .utf8)
        let applied = try legible(["edit", "--corrections", file, page])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(try legible(["text", page]).stdout == expected + "\n")
        let layout = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: page)))
        let corrected = layout.lines.flatMap { $0.words ?? [] }.filter { $0.corrected == true }.map { word in
            String(decoding: Array(layout.text.utf16)[word.range.start..<word.range.end], as: UTF16.self)
        }
        #expect(corrected == ["set", "out", "Zoo"], "\(corrected)")
        // Made again, the notebook shows them, marked as a person's.
        try #require(try legible(["html", page, "-o", folder + "/again", "--scans", folder]).status == 0)
        let again = try String(contentsOfFile: folder + "/again/index.html", encoding: .utf8)
        #expect(again.contains("data-corrected=\"\">set </span>") && again.contains("data-corrected=\"\">Zoo </span>"))
    }

    @Test(
        "a correction stored by another window is announced; this view then refuses to correct or undo until reloaded, and the file applies"
    )
    func secondWindow() throws {
        guard Browser.isAvailable(needing: []) else { return }
        let (folder, page) = try chicagoPageWithUncertainWords()
        let out = folder + "/html"
        try #require(try legible(["html", page, "-o", out, "--scans", folder]).status == 0)
        let original = String(try legible(["text", page]).stdout.dropLast())
        let started = (original as NSString).range(of: "started"), zoo = (original as NSString).range(of: "zoo")
        // Another document of the notebook's origin (a frame of it) stores a correction of
        // "zoo", as a second window of the notebook would; this view is then told.
        let otherWindow = Browser.Step.evaluate(
            """
            new Promise((done) => { const key = 'legible-corrections:' + document.getElementById('notebook').dataset.notebook;
              const sha = document.querySelector('section.page').dataset.textSha256;
              const frame = document.createElement('iframe');
              frame.onload = () => { const storage = frame.contentWindow.localStorage;
                const list = JSON.parse(storage.getItem(key));
                list.push({ pageIndex: 0, textSHA256: sha, range: [\(zoo.location), \(zoo.location + zoo.length)], text: 'Zoo', was: 'zoo' });
                storage.setItem(key, JSON.stringify(list)); frame.remove();
                setTimeout(() => done([document.getElementById('status').textContent,
                  document.getElementById('download-corrections').textContent]), 600); };
              frame.srcdoc = '<p>another window</p>'; document.body.append(frame); })
            """)
        let f2 = Browser.Step.key(key: "F2", code: "F2", modifiers: 0)
        let enter = Browser.Step.key(key: "Enter", code: "Enter", modifiers: 0)
        let select = WebCorrectionTests.select
        let steps: [Browser.Step] = [
            select(started.location, NSMaxRange(started), ".layer"), f2, .type("set out"), enter, WebCorrectionTests.state,
            otherWindow,
            select(zoo.location, NSMaxRange(zoo), ".layer"), f2, .type("ZOO"), enter, WebCorrectionTests.state,
            .key(key: "Z", code: "KeyZ", modifiers: 9), WebCorrectionTests.state,
            .reload, WebCorrectionTests.state,
            select(zoo.location, NSMaxRange(zoo), ".layer"), f2, .type("ZOO"), enter, WebCorrectionTests.state,
            .evaluate("window.legibleCorrections.correctionsFile()"),
        ]
        let values = try Browser.run(out + "/index.html", steps: steps).values
        let corrected = original.replacingOccurrences(of: "started", with: "set out")
        let first = try #require(values[4] as? [String])
        #expect(first[0] == corrected && first[1] == "Corrected to set out", "\(first[1])")
        let told = try #require(values[5] as? [String])
        #expect(told[0].hasPrefix("This notebook was corrected in another window"), "\(told)")
        #expect(told[1] == "Download corrections (2)", "the other window's correction is counted: \(told[1])")
        let refused = try #require(values[10] as? [String])
        let reason = "Not corrected: this notebook was corrected in another window"
        #expect(refused[0] == corrected && refused[1].hasPrefix(reason), "\(refused[1])")
        let notUndone = try #require(values[12] as? [String])
        #expect(notUndone[0] == corrected && notUndone[1].hasPrefix("Not undone:"), "\(notUndone[1])")
        // "started" and "set out" are both 7 units, so "zoo" kept its offsets.
        let both = corrected.replacingOccurrences(of: "zoo", with: "Zoo")
        let reloaded = try #require(values[14] as? [String])
        #expect(reloaded[0] == both && reloaded[2] == both, "both windows' corrections shown after a reload")
        let again = try #require(values[19] as? [String])
        #expect(again[0] == corrected.replacingOccurrences(of: "zoo", with: "ZOO") && again[1] == "Corrected to ZOO", "\(again[1])")
        let file = folder + "/corrections.json"
        try #require(values[20] as? String).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try legible(["edit", "--corrections", file, page]).status == 0)
        #expect(try legible(["text", page]).stdout == corrected.replacingOccurrences(of: "zoo", with: "ZOO") + "\n")
    }

    @Test("stored corrections that cut a character or hold half a surrogate pair are dropped on load; the file applies")
    func cutCharacters() throws {
        guard Browser.isAvailable(needing: []) else { return }
        let (folder, page) = try chicagoPageWithUncertainWords()
        let out = folder + "/html"
        try #require(try legible(["html", page, "-o", out, "--scans", folder]).status == 0)
        // Kept: "e" and a combining acute at 0, then a family emoji (a ZWJ sequence) at 0.
        // Dropped: a range between "e" and its accent, one inside the emoji's first surrogate
        // pair, one inside its ZWJ sequence, a text of a lone surrogate, and a text that takes
        // what is typed in all past what one corrections file may hold.
        let poison = Browser.Step.evaluate(
            """
            (() => { const key = 'legible-corrections:' + document.getElementById('notebook').dataset.notebook;
              const sha = document.querySelector('section.page').dataset.textSha256;
              const entry = (start, text) => ({ pageIndex: 0, textSHA256: sha, range: [start, start], text, was: '' });
              localStorage.setItem(key, JSON.stringify([entry(0, 'e\\u0301 '), entry(1, 'X'),
                entry(0, '\\u{1F469}\\u200D\\u{1F469}\\u200D\\u{1F467}'), entry(1, 'Y'), entry(3, 'Z'), entry(0, '\\uD83E'),
                entry(0, 'x'.repeat(99990))]));
              return true; })()
            """)
        let result = try Browser.run(
            out + "/index.html",
            steps: [poison, .reload, .evaluate("window.legibleCorrections.correctionsFile()"), .evaluate("localStorage.length")])
        let file = try #require(result.values[2] as? String)
        let object = try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any]
        let corrections = ((object?["pages"] as? [[String: Any]])?.first?["corrections"] as? [[String: Any]]) ?? []
        let kept = ["e\u{301} ", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"]
        #expect(corrections.map { $0["text"] as? String } == kept, "\(file) stored keys \(result.values[3]), reload \(result.values[1])")
        try file.write(toFile: folder + "/corrections.json", atomically: true, encoding: .utf8)
        let applied = try legible(["edit", "--corrections", folder + "/corrections.json", page])
        #expect(applied.status == 0, "the person's own corrections survive: \(applied.stderr)")
    }
}
