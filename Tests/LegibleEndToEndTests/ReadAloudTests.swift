import Foundation
import LegibleCommandSupport
import LegibleGoldenSupport
import LegiblePages
import LegibleRaster
import LegibleTestSupport
import LegibleTextInput
import Testing

/// Read aloud in the HTML notebook, in headless Chromium with the real espeak-ng's audio
/// (`Docs/Web.md`, "Read aloud"): Chromium decodes each page's Ogg Opus to the map's length; at
/// ten times the highlighted word is the map's and lies on that word's ink as `legible rects`
/// gives it; played from Alt+Shift+N, the highlight keeps up with the voice.
@Suite("read aloud in the HTML notebook", .serialized)
struct ReadAloudTests {
    static let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    struct Map: Decodable {
        struct Word: Decodable {
            var range: [Int]?
            var start: Int
            var end: Int
        }
        var duration: Int
        var words: [Word]
    }

    /// The notebook with `--speak`, and its maps.
    static func notebook() throws -> (String, [Map]) {
        let out = try temporaryFolder() + "/notebook"
        let run = try legible(["html"] + pages + ["-o", out, "--scans", Repository.scans.path, "--speak"])
        #expect(run.status == 0, "\(run.stderr)")
        let maps = try (1...3).map {
            try JSONDecoder().decode(Map.self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/audio/chicago-\($0).timing.json")))
        }
        return (out, maps)
    }

    /// Ten words spread over the pages that read page text: page, time (the word's middle), range.
    static func samples(_ maps: [Map]) -> [(page: Int, ms: Int, range: [Int])] {
        let all = maps.enumerated().flatMap { page, map in
            map.words.compactMap { word in word.range.map { (page, (word.start + word.end) / 2, $0) } }
        }
        return (0..<10).map { all[$0 * (all.count - 1) / 9] }
    }

    static let waitForAudio = """
        Promise.all([...document.querySelectorAll("audio")].map((audio) => audio.readyState >= 1 ? audio.duration :
          new Promise((done) => audio.addEventListener("loadedmetadata", () => done(audio.duration), { once: true }))))
          .then((durations) => durations.map((seconds) => Math.round(seconds * 1000)))
        """

    /// For each sample: seek, wait for the audio to get there, and report the word shown and
    /// the highlight's boxes in the page's image pixels.
    static func seekAll(_ samples: [(page: Int, ms: Int, range: [Int])]) -> String {
        let list = Browser.literal(samples.map { [$0.page, $0.ms] })
        return """
            (async () => {
              const out = [];
              for (const [page, ms] of \(list)) {
                const audio = document.querySelectorAll("section.page")[page].querySelector("audio");
                const seeked = new Promise((done) => { audio.addEventListener("seeked", done, { once: true }); setTimeout(done, 2000); });
                window.legibleReadAloud.seek(page, ms);
                await seeked;
                const spoken = document.getElementById("notebook").dataset.spoken;
                const highlight = CSS.highlights.get("spoken");
                const sheet = document.querySelectorAll("section.page")[page].querySelector(".sheet");
                const frame = sheet.getBoundingClientRect(), scale = frame.width / Number(sheet.parentElement.parentElement.dataset.width);
                const boxes = highlight ? [...highlight].flatMap((range) => [...range.getClientRects()]).map((box) =>
                  [(box.left - frame.left) / scale, (box.top - frame.top) / scale, box.width / scale, box.height / scale]) : [];
                out.push({ spoken, boxes, time: Math.round(audio.currentTime * 1000) });
              }
              return out;
            })()
            """
    }

    /// Samples the playing audio (the page in view's) every 20 ms for 2.5 s: each time, the word its time gives and
    /// the word shown, and how long a change of word went unshown at most.
    static let followPlaying = """
        (async () => {
          const main = document.getElementById("notebook");
          const audios = [...document.querySelectorAll("section.page audio")];
          const page = Math.max(0, audios.findIndex((audio) => !audio.paused));
          const audio = audios[page];
          let mismatched = 0, samples = 0, lag = 0, since = null;
          const started = audio.currentTime;
          const timings = JSON.parse(document.getElementById("timings").textContent).pages[page];
          const end = performance.now() + 2500;
          while (performance.now() < end) {
            await new Promise((done) => setTimeout(done, 20));
            const index = window.legibleReadAloud.wordAt(page, audio.currentTime * 1000);
            const word = timings[index];
            const expected = word && word[0] >= 0 ? `${page} ${word[0]} ${word[1]}` : "";
            samples++;
            // A word shown late: from the first sample that missed it to the one that saw it.
            if (main.dataset.spoken !== expected) {
              mismatched++;
              since = since ?? performance.now();
            } else if (since !== null) {
              lag = Math.max(lag, performance.now() - since);
              since = null;
            }
          }
          if (since !== null) lag = Math.max(lag, performance.now() - since);
          return { samples, mismatched, lag: Math.round(lag), advanced: Math.round((audio.currentTime - started) * 1000),
            paused: audio.paused, label: document.getElementById("read-aloud").textContent };
        })()
        """

    @Test(
        "Chromium plays each page's audio for the map's length; at ten times the highlight is the map's word on its ink; playing, it keeps up"
    )
    func highlightFollowsTheVoice() throws {
        guard Browser.isAvailable(), SpeechTests.available else { return }
        let (out, maps) = try Self.notebook()
        let samples = Self.samples(maps)
        let selected = try #require(maps[1].words.filter { $0.range != nil }.dropFirst(5).first)
        let result = try Browser.run(
            out + "/index.html",
            steps: [
                .evaluate(Self.waitForAudio), .evaluate(Self.seekAll(samples)),
                .reload, .evaluate(Self.waitForAudio), .evaluate(Self.toTop), .key(key: "N", code: "KeyN", modifiers: 9),
                .evaluate(Self.followPlaying), .evaluate(Self.bySentence), .evaluate(Self.startAtSelection(selected.range!)),
                .evaluate(Self.turnsThePage(maps[0].duration)),
            ])
        let durations = try #require(result.values.first as? [Int])
        for (duration, map) in zip(durations, maps) {
            #expect(abs(duration - map.duration) <= 50, "Chromium's duration \(duration) ms, the map's \(map.duration) ms")
        }
        let seen = try #require(result.values[1] as? [[String: Any]])
        for (sample, shown) in zip(samples, seen) {
            #expect(shown["spoken"] as? String == "\(sample.page) \(sample.range[0]) \(sample.range[1])", "at \(sample.ms) ms: \(shown)")
            let boxes = (shown["boxes"] as? [[Double]]) ?? []
            let rects = try legible(["rects", Self.pages[sample.page], String(sample.range[0]), String(sample.range[1])]).stdout
            let ink = try #require(try JSONSerialization.jsonObject(with: Data(rects.utf8)) as? [[String: Double]])
            for rect in ink {
                let (x, y) = (rect["x"]! + rect["width"]! / 2, rect["y"]! + rect["height"]! / 2)
                let holder = boxes.first { $0[0] - 2 <= x && x <= $0[0] + $0[2] + 2 && $0[1] - 2 <= y && y <= $0[1] + $0[3] + 2 }
                #expect(holder != nil, "the ink of \(sample.range) at (\(x), \(y)) is not under the highlight \(boxes)")
                // Along the line the box is the word's, with the spacing after its last letter
                // (the layer spaces letters with letter-spacing); across it, the text's box lies
                // within the line's band, which is taller than the letters (`Docs/Web.md`, "Text
                // on the ink").
                if let holder {
                    let along = abs(holder[0] + holder[2] / 2 - x)
                    let width = rect["width"]!
                    #expect(along <= 8 && abs(holder[2] - width) <= max(10, width * 0.1), "the highlight \(holder) against the ink \(rect)")
                    #expect(
                        holder[1] >= rect["y"]! - 4 && holder[1] + holder[3] <= rect["y"]! + rect["height"]! + 4, "\(holder) in \(rect)")
                }
            }
        }
        let playing = try #require(result.values[6] as? [String: Any])
        print("read aloud: \(playing)")
        #expect((playing["advanced"] as? Int ?? 0) >= 1500, "the audio played: \(playing)")
        #expect((playing["lag"] as? Int ?? 1000) <= 100, "the highlight lagged the voice: \(playing)")
        #expect(playing["label"] as? String == "Pause")
        let jumps = try #require(result.values[7] as? [[Int]])
        // [page, word index, sentence flag] after Next, Next (the second may turn the page), then
        // Previous over a second into that sentence (back to its start), and Previous at once
        // (to the sentence before, on the page before if need be).
        #expect(
            jumps.count == 4 && jumps.allSatisfy { $0.count == 3 && $0[2] == 1 }, "each jump lands on a sentence's first word: \(jumps)")
        if jumps.count == 4, jumps.allSatisfy({ $0.count == 3 }) {
            let order = jumps.map { $0[0] * 10_000 + $0[1] }
            #expect(order[0] < order[1] && order[2] == order[1] && order[3] < order[2], "\(jumps)")
        }
        let fromSelection = try #require(result.values[8] as? [Any])
        #expect(fromSelection.first as? Int == 1, "reading moved to the selection's page: \(fromSelection)")
        let time = fromSelection.count > 1 ? fromSelection[1] as? Int ?? -1 : -1
        #expect(
            time >= selected.start - 30 && time < selected.start + 700, "from the selected word at \(selected.start) ms: \(fromSelection)")
    }

    /// Back to the first page, once the reload's scroll restoration is done: reading starts at
    /// the page in view.
    static let toTop = "new Promise((done) => setTimeout(done, 400)).then(() => { scrollTo(0, 0); return scrollY; })"

    /// Pauses, selects UTF-16 `range` of page 2 on the ink and presses "Read aloud": the page
    /// playing, its time and the highlighted range.
    static func startAtSelection(_ range: [Int]) -> String {
        """
        (async () => {
          const button = document.getElementById("read-aloud");
          if (button.textContent === "Pause") button.click();
          const layer = document.querySelectorAll("section.page")[1].querySelector(".layer");
          const selection = window.legibleNotebook.rangeOf(layer, \(range[0]), \(range[1]));
          getSelection().removeAllRanges();
          getSelection().addRange(selection);
          button.click();
          await new Promise((done) => setTimeout(done, 300));
          const audios = [...document.querySelectorAll("section.page audio")];
          const page = audios.findIndex((audio) => !audio.paused);
          return page < 0 ? [page] : [page, Math.round(audios[page].currentTime * 1000), document.getElementById("notebook").dataset.spoken];
        })()
        """
    }

    /// Plays page 1's last 400 ms: its end plays page 2 ("Page 2 of 3", then its text), and the
    /// spoken word is scrolled into view.
    static func turnsThePage(_ duration: Int) -> String {
        """
        (async () => {
          const button = document.getElementById("read-aloud");
          if (button.textContent === "Pause") button.click();
          getSelection().removeAllRanges();
          scrollTo(0, 0);
          window.legibleReadAloud.seek(0, \(duration - 400));
          button.click();
          await new Promise((done) => setTimeout(done, 2200));
          const audios = [...document.querySelectorAll("section.page audio")];
          const highlight = CSS.highlights.get("spoken");
          const box = highlight ? [...highlight][0].getBoundingClientRect() : null;
          return { playing: audios.findIndex((audio) => !audio.paused), spoken: document.getElementById("notebook").dataset.spoken,
            inView: !!box && box.top >= 0 && box.bottom <= innerHeight };
        })()
        """
    }

    /// Next sentence twice, then Previous sentence twice: the page, word index and sentence flag
    /// the audio's time lands on after each.
    static let bySentence = """
        (async () => {
          const audios = [...document.querySelectorAll("section.page audio")];
          const out = [];
          for (const [step, id] of ["next-sentence", "next-sentence", "previous-sentence", "previous-sentence"].entries()) {
            if (step === 2) await new Promise((done) => setTimeout(done, 1300));
            document.getElementById(id).click();
            // Where the jump landed, read at once: the click seeks and plays synchronously, and
            // a word shorter than the wait (or a loaded machine's longer wait) would otherwise
            // be passed before it is read.
            const page = audios.findIndex((audio) => !audio.paused);
            if (page < 0) return audios.map((audio) => [audio.paused ? 1 : 0, Math.round(audio.currentTime * 1000)]);
            const timings = JSON.parse(document.getElementById("timings").textContent).pages[page];
            const index = window.legibleReadAloud.wordAt(page, audios[page].currentTime * 1000);
            out.push([page, index, timings[index] ? timings[index][4] : -1]);
            await new Promise((done) => setTimeout(done, 300));
          }
          return out;
        })()
        """

    /// Selects UTF-16 [start, end) of page 0 in `root` ("ink" or "reader") and saves it.
    static func saveSelection(in root: String, _ start: Int, _ end: Int) -> String {
        """
        (() => {
          const root = "\(root)" === "ink" ? document.querySelector("section.page .layer") : document.querySelector("#reader section");
          const range = window.legibleNotebook.rangeOf(root, \(start), \(end));
          getSelection().removeAllRanges();
          getSelection().addRange(range);
          document.getElementById("save-selection").click();
          getSelection().removeAllRanges();
          return true;
        })()
        """
    }

    /// Sets the reader's settings as a person would, one control and its change event at a time.
    static func settle(_ values: [(String, String)]) -> String {
        let list = Browser.literal(values.map { [$0.0, $0.1] })
        return """
            (async () => {
              for (const [id, value] of \(list)) {
                const control = document.getElementById(id);
                control.value = value;
                control.dispatchEvent(new Event("change"));
              }
              // The status is set a moment after it is cleared, so that it is announced again.
              await new Promise((done) => setTimeout(done, 200));
              const reader = document.getElementById("reader"), paragraph = reader.querySelector("p[data-start]");
              const style = getComputedStyle(paragraph), size = parseFloat(style.fontSize);
              return { size, line: parseFloat(style.lineHeight) / size, letter: parseFloat(style.letterSpacing) / size,
                word: parseFloat(style.wordSpacing) / size, paragraph: parseFloat(style.marginBottom) / size,
                text: getComputedStyle(reader).color, background: getComputedStyle(reader).backgroundColor,
                status: document.getElementById("status").textContent,
                colours: [document.getElementById("reader-text").value, document.getElementById("reader-background").value] };
            })()
            """
    }

    static let axeRun = "axe.run().then(r => r.violations.map(v => v.id + ': ' + v.nodes.length + ' nodes'))"

    /// The highlight's clip on screen (CSS pixels, with a margin) for a screenshot.
    static let highlightClip = """
        (() => {
          const range = [...CSS.highlights.get("spoken")].find((r) => r.getBoundingClientRect().width > 0);
          const box = range.getBoundingClientRect();
          return [Math.max(0, Math.floor(box.left - 40)), Math.max(0, Math.floor(box.top - 20)), 240, Math.ceil(box.height + 40)];
        })()
        """

    @Test(
        "the reader view: the same clipping as on the ink, the spoken word highlighted, settings kept, axe-clean in every scheme at 200 and 400 %"
    )
    func readerView() throws {
        guard Browser.isAvailable(needing: [Browser.axe]), SpeechTests.available else { return }
        let (out, maps) = try Self.notebook()
        let folder = try temporaryFolder()
        let word = try #require(maps[0].words.first { $0.range != nil && $0.range![0] > 20 })
        let seek = "window.legibleReadAloud.seek(0, \((word.start + word.end) / 2))"
        let highlighted =
            "[...CSS.highlights.get('spoken')].map((r) => [r.toString(), !!r.startContainer.parentElement.closest('#reader')])"
        let clippings = "JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('legible-clippings'))))"
        var steps: [Browser.Step] = [
            .evaluate(Self.waitForAudio), .evaluate(seek), .paint, .screenshot(folder + "/ink.png", clip: Self.highlightClip),
            .evaluate(Self.saveSelection(in: "ink", 8, 50)), .key(key: "W", code: "KeyW", modifiers: 9),
            .evaluate(Self.saveSelection(in: "reader", 8, 50)), .evaluate(clippings), .evaluate(seek), .evaluate(highlighted),
            .paint, .screenshot(folder + "/reader.png", clip: Self.highlightClip), .inject(Browser.axe),
        ]
        let schemes: [[(String, String)]] = [
            [("reader-colours", "light")], [("reader-colours", "dark")], [("reader-colours", "contrast")],
            [("reader-colours", "custom"), ("reader-text", "#1a1a1a"), ("reader-background", "#ffffff")],
        ]
        for scheme in schemes {
            for size in ["2", "4"] {
                steps += [.evaluate(Self.settle(scheme + [("reader-size", size), ("reader-spacing", "wide")])), .evaluate(Self.axeRun)]
            }
        }
        steps += [
            .evaluate(Self.settle([("reader-colours", "custom"), ("reader-text", "#777777"), ("reader-background", "#888888")])),
            .reload, .evaluate(Self.settle([])),
        ]
        let result = try Browser.run(out + "/index.html", steps: steps)
        let values = result.values
        let saved = try #require(values[7] as? [[String: Any]])
        #expect(saved.count == 2)
        if saved.count == 2 {
            #expect(saved[0]["range"] as? [Int] == [8, 50] && saved[1]["range"] as? [Int] == [8, 50])
            #expect(saved[0]["text"] as? String == saved[1]["text"] as? String)
            let (ink, reader) = (saved[0]["rects"] as? [[Double]] ?? [], saved[1]["rects"] as? [[Double]] ?? [])
            #expect(
                ink.count == reader.count && zip(ink, reader).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= 1 } },
                "\(ink) \(reader)")
        }
        let text = String(try legible(["text", Self.pages[0], String(word.range![0]), String(word.range![1])]).stdout.dropLast())
        let marks = try #require(values[9] as? [[Any]])
        #expect(marks.map { $0[0] as? String } == [text, text], "the spoken word on the ink and in the reader: \(marks)")
        #expect(marks.first?[1] as? Bool == true, "the reader's range first while the reader view is on")
        for (index, step) in (13..<29).enumerated() where index % 2 == 1 {
            #expect(
                values[step] as? [String] == [], "axe-core in scheme \(index / 4), size \(index % 4 < 2 ? 200 : 400) %: \(values[step])")
        }
        let wide = try #require(values[15] as? [String: Any])
        let size = wide["size"] as? Double ?? 0
        #expect(size >= 79 && size <= 81, "400 % of 20 px: \(wide)")
        #expect((wide["line"] as? Double ?? 0) >= 1.5 && (wide["letter"] as? Double ?? 0) >= 0.119, "WCAG 1.4.12: \(wide)")
        #expect((wide["word"] as? Double ?? 0) >= 0.159 && (wide["paragraph"] as? Double ?? 0) >= 2, "WCAG 1.4.12: \(wide)")
        let refused = try #require(values[29] as? [String: Any])
        #expect((refused["status"] as? String ?? "").contains("below 7:1"), "\(refused)")
        #expect(refused["colours"] as? [String] == ["#1a1a1a", "#ffffff"], "the last pair of 7:1 or more is kept: \(refused)")
        let reloaded = try #require(values[31] as? [String: Any])
        #expect(
            reloaded["size"] as? Double == size && reloaded["colours"] as? [String] == ["#1a1a1a", "#ffffff"],
            "kept over a reload: \(reloaded)")
        for name in ["ink", "reader"] {
            let shot = try PNGCodec.read(URL(fileURLWithPath: "\(folder)/\(name).png"))
            #expect(Golden.verify(name: "read-aloud-\(name)", image: shot, text: text + "\n").isEmpty)
        }
    }

    @Test("the reader view reflows at 320 CSS pixels: no horizontal scrolling at 100 % or 400 % text")
    func reflow() throws {
        guard Browser.isAvailable() else { return }
        let out = try temporaryFolder() + "/notebook"
        #expect(try legible(["html"] + Self.pages + ["-o", out, "--scans", Repository.scans.path]).status == 0)
        let overflow = "({ scroll: document.scrollingElement.scrollWidth, width: document.scrollingElement.clientWidth })"
        let result = try Browser.run(
            out + "/index.html", width: 320, height: 640,
            steps: [
                .key(key: "W", code: "KeyW", modifiers: 9), .evaluate(overflow), .evaluate(Self.settle([("reader-size", "4")])),
                .evaluate(overflow),
            ])
        for index in [1, 3] {
            let figures = try #require(result.values[index] as? [String: Int])
            #expect(figures["scroll"]! <= figures["width"]!, "horizontal scrolling at 320 px: \(figures)")
        }
    }

    /// Selects UTF-16 `range` of page 1 on the ink, where "Read aloud" then starts.
    static func select(_ range: [Int]) -> String {
        """
        (() => {
          const layer = document.querySelector("section.page .layer");
          getSelection().removeAllRanges();
          getSelection().addRange(window.legibleNotebook.rangeOf(layer, \(range[0]), \(range[1])));
          return true;
        })()
        """
    }

    /// For 2.5 s of playing, each frame's word shown and the audio's rate and pitch setting:
    /// `[[start, rate, preservesPitch]]` for every frame with a word.
    static let rates = """
        (async () => {
          const audio = document.querySelector("section.page audio"), main = document.getElementById("notebook");
          const out = [], end = performance.now() + 2500;
          while (performance.now() < end) {
            await new Promise((done) => requestAnimationFrame(done));
            const spoken = main.dataset.spoken;
            if (spoken) out.push([Number(spoken.split(" ")[1]), audio.playbackRate, audio.preservesPitch ? 1 : 0]);
          }
          audio.pause();
          return out;
        })()
        """

    @Test("an uncertain word is read aloud lower and slower: the rate is 0.8 with the pitch let fall for that word only")
    func uncertainCue() throws {
        guard Browser.isAvailable(), SpeechTests.available else { return }
        let (folder, page) = try chicagoPageWithUncertainWords()
        let out = folder + "/notebook"
        let made = try legible(["html", page, "-o", out, "--scans", folder, "--speak"])
        try #require(made.status == 0, "\(made.stderr)")
        let map = try JSONDecoder().decode(Map.self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/audio/chicago-1.timing.json")))
        let text = Array(try legible(["text", page]).stdout.utf16)
        let spokenWords = map.words.compactMap { word in word.range.map { (range: $0, start: word.start) } }
        func word(_ range: [Int]) -> String { String(decoding: text[range[0]..<range[1]], as: UTF16.self) }
        let started = try #require(spokenWords.first { word($0.range) == "started" })
        let before = try #require(spokenWords.last { $0.range[1] <= started.range[0] })
        // A real key press: Chromium plays audio only after a user's gesture.
        let result = try Browser.run(
            out + "/index.html",
            steps: [
                .evaluate(Self.waitForAudio), .evaluate(Self.select(before.range)), .key(key: "N", code: "KeyN", modifiers: 9),
                .evaluate(Self.rates),
            ])
        let samples = try #require(result.values[3] as? [[Double]])
        // A spoken word is uncertain when it overlaps an uncertain word of the page ("Park" of "Park,").
        let scanned = try ScannedPage(contentsOf: URL(fileURLWithPath: page))
        let uncertain = Set(
            spokenWords.filter { scanned.isUncertain(TextRange($0.range[0], $0.range[1])) }.map { Double($0.range[0]) })
        let onIt = samples.filter { uncertain.contains($0[0]) }
        let off = samples.filter { !uncertain.contains($0[0]) }
        #expect(
            !onIt.isEmpty && !off.isEmpty,
            "frames on and off uncertain words: \(Set(samples.map { $0[0] }).sorted()) against \(uncertain.sorted())")
        #expect(onIt.allSatisfy { $0[1] == 0.8 && $0[2] == 0 }, "on an uncertain word: \(onIt)")
        #expect(off.allSatisfy { $0[1] == 1 }, "elsewhere: \(off.filter { $0[1] != 1 })")
        print("read aloud, uncertain cue: \(onIt.count) frames at 0.8 on \(Set(onIt.map { $0[0] }).count) words, \(off.count) at 1")
    }
}
