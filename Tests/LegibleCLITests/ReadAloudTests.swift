import Foundation
import LegibleTestSupport
import Testing

/// Read aloud in the HTML notebook, in headless Chromium with the real espeak-ng's audio
/// (`Docs/Web.md`, "Read aloud"): Chromium decodes each page's Ogg Opus to the map's length; at
/// ten times the highlighted word is the map's and lies on that word's ink as `legible rects`
/// gives it; played from Alt+Shift+R, the highlight keeps up with the voice.
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

    @Test("Chromium plays each page's audio for the map's length; at ten times the highlight is the map's word on its ink; playing, it keeps up")
    func highlightFollowsTheVoice() throws {
        guard Browser.isAvailable(), SpeechTests.available else { return }
        let (out, maps) = try Self.notebook()
        let samples = Self.samples(maps)
        let result = try Browser.run(
            out + "/index.html",
            steps: [
                .evaluate(Self.waitForAudio), .evaluate(Self.seekAll(samples)),
                .reload, .evaluate(Self.waitForAudio), .key(key: "R", code: "KeyR", modifiers: 9), .evaluate(Self.followPlaying),
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
                    #expect(holder[1] >= rect["y"]! - 4 && holder[1] + holder[3] <= rect["y"]! + rect["height"]! + 4, "\(holder) in \(rect)")
                }
            }
        }
        let playing = try #require(result.values[5] as? [String: Any])
        print("read aloud: \(playing)")
        #expect((playing["advanced"] as? Int ?? 0) >= 1500, "the audio played: \(playing)")
        #expect((playing["lag"] as? Int ?? 1000) <= 100, "the highlight lagged the voice: \(playing)")
        #expect(playing["label"] as? String == "Pause")
    }
}
