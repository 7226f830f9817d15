import Foundation
import LegibleCommandSupport
import LegibleLayout
import LegibleSpeech
import LegibleTestSupport
import Testing

/// `legible speak` with the real espeak-ng and libopusenc (`Docs/Speech.md`): the timing map
/// against the read-all it speaks, the audio's length by decoding it with `opusdec`, and bad
/// input. Skips with a printed reason where espeak-ng or opus-tools is missing, except under
/// `LEGIBLE_REQUIRE_REAL_PARTS=1`.
@Suite("legible speak", .serialized)
struct SpeechTests {
    static let pages = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }

    static var available: Bool {
        let found = ["/usr/bin/opusdec", "/usr/lib/x86_64-linux-gnu/espeak-ng-data"].filter { !FileManager.default.fileExists(atPath: $0) }
        return RealParts.available(found.isEmpty, reason: "missing \(found.joined(separator: ", ")) (Tools/install-dependencies)")
    }

    struct Map: Decodable {
        struct Word: Decodable {
            var text: String
            var range: [Int]?
            var start: Int
            var end: Int
        }
        var audio: String?
        var duration: Int
        var voice: String
        var words: [Word]
    }

    static func map(_ folder: String, _ name: String) throws -> Map {
        try JSONDecoder().decode(Map.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).timing.json")))
    }

    /// The words of a text as a screen reader's words: letters and digits, lower-cased.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" && $0 != "-" }).map { $0.lowercased() }
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
    }

    /// The decoded audio's length, milliseconds, from `opusdec` writing a WAV file.
    static func decodedMilliseconds(_ path: String) throws -> Int {
        let wav = path + ".wav"
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/opusdec"), ["--quiet", path, wav], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        // A 16-bit WAV from opusdec: the rate at bytes 24–27, channels at 22, the data's length
        // in the chunk named "data".
        let rate = Int(data[24]) | Int(data[25]) << 8 | Int(data[26]) << 16 | Int(data[27]) << 24
        let channels = Int(data[22])
        let marker = try #require(data.range(of: Data("data".utf8)))
        let length = (0..<4).reduce(0) { $0 | Int(data[marker.upperBound + $1]) << (8 * $1) }
        return length / 2 / channels * 1000 / rate
    }

    @Test("the timing map covers every word of the read-all once, in order, on its own text, and the audio lasts as long as the map")
    func timingMap() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let run = try legible(["speak"] + Self.pages + ["-o", folder, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let said = try legible(["read", "--all", "--speak-screen"] + Self.pages).stdout
        var heard: [String] = []
        for (index, page) in Self.pages.enumerated() {
            let name = "chicago-\(index + 1)"
            let map = try Self.map(folder, name)
            #expect(map.voice == "en")
            let text = try legible(["text", page]).stdout
            let units = Array(text.dropLast().utf16)
            var last = -1
            for word in map.words {
                #expect(word.start >= last && word.end > word.start, "\(name): \(word.text) at \(word.start)–\(word.end) after \(last)")
                last = word.start
                guard let range = word.range else { continue }
                let written = String(decoding: units[range[0]..<range[1]], as: UTF16.self)
                #expect(Self.words(written) == Self.words(word.text), "\(name): \(word.text) on \(written)")
            }
            heard += map.words.flatMap { Self.words($0.text) }
            let audio = try #require(map.audio)
            let decoded = try Self.decodedMilliseconds("\(folder)/\(audio)")
            #expect(abs(decoded - map.duration) <= 50, "\(name): decoded \(decoded) ms, the map says \(map.duration) ms")
            #expect(abs((map.words.last?.end ?? 0) - map.duration) <= 50, "\(name): the last word ends with the audio")
            print("speak \(name): \(map.words.count) words, \(map.duration) ms, decoded \(decoded) ms")
        }
        #expect(heard == Self.words(said), "every word of the read-all, in order, once")
        let again = try legible(["speak"] + Self.pages + ["-o", folder])
        #expect(again.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("up to date") }, "\(again.stdout)")
    }

    @Test("the same pages give the same bytes, spoken in one process each, --jobs 1 or 3")
    func deterministic() throws {
        guard Self.available else { return }
        let (one, three) = (try temporaryFolder(), try temporaryFolder())
        #expect(try legible(["speak"] + Self.pages + ["-o", one, "--jobs", "1"]).status == 0)
        #expect(try legible(["speak"] + Self.pages + ["-o", three, "--jobs", "3"]).status == 0)
        for name in ["chicago-1", "chicago-2", "chicago-3"] {
            for file in [".opus", ".timing.json"] {
                #expect(
                    FileManager.default.contentsEqual(atPath: one + "/" + name + file, andPath: three + "/" + name + file), "\(name)\(file)"
                )
            }
        }
    }

    @Test(
        "voices and bad input: French for a French page; an unknown voice, a page that says nothing, an unknown language, a page of 100,000 words, an unwritable folder"
    )
    func badInput() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let voice = try legible(["speak", Self.pages[0], "-o", folder + "/a", "--voice", "zz-none"])
        #expect(voice.status == 64 && voice.stderr.contains("zz-none") && voice.stderr.split(separator: "\n").count == 1, "\(voice.stderr)")

        var builder = LayoutBuilder()
        let silent = folder + "/silent.json"
        try builder.layout(exactText: "... !!! ,,,\n— —").encodeDocument().write(to: URL(fileURLWithPath: silent))
        let quiet = try legible(["speak", silent, "-o", folder + "/b"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let map = try Self.map(folder + "/b", "silent")
        #expect(map.words.isEmpty && map.audio == nil && map.duration == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/b/silent.opus"))

        var foreign = builder.layout(exactText: "Salve mundus")
        foreign.engine = EngineInfo(name: "test", version: "1", languages: "xqz")
        try foreign.encodeDocument().write(to: URL(fileURLWithPath: folder + "/foreign.json"))
        let fallback = try legible(["speak", folder + "/foreign.json", "-o", folder + "/c"])
        #expect(fallback.status == 0 && fallback.stderr.contains("speaking it in English"), "\(fallback.stderr)")
        #expect(try Self.map(folder + "/c", "foreign").voice == "en")
        var french = builder.layout(exactText: "Le café était très bon.")
        french.engine = EngineInfo(name: "test", version: "1", languages: "fra")
        try french.encodeDocument().write(to: URL(fileURLWithPath: folder + "/french.json"))
        #expect(try legible(["speak", folder + "/french.json", "-o", folder + "/f"]).status == 0)
        #expect(try Self.map(folder + "/f", "french").voice == "fr", "a page read in French is spoken in French")

        let long = folder + "/long.json"
        (builder.pageWidth, builder.pageHeight, builder.characterWidth) = (5000, 600_000, 5)
        let text = (0..<10_000).map { _ in "one two three four five six seven eight nine ten" }.joined(separator: "\n")
        try builder.layout(exactText: text).encodeDocument().write(to: URL(fileURLWithPath: long))
        let refused = try legible(["speak", long, "-o", folder + "/d"])
        #expect(refused.status == 65 && refused.stderr.contains("100000 words"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d/long.timing.json"))

        let blocked = folder + "/file"
        try Data().write(to: URL(fileURLWithPath: blocked))
        let unwritable = try legible(["speak", Self.pages[0], "-o", blocked + "/out"])
        #expect(unwritable.status == 73 && unwritable.stderr.split(separator: "\n").count == 1, "\(unwritable.stderr)")
    }

    /// Text from a page never commands the synthesiser (`Docs/Speech.md`, "What is said"):
    /// espeak-ng reads U+0001 as the start of an embedded command, so a page holding one must
    /// be spoken exactly as the same page with a space there.
    @Test(
        "control characters in a page's text are spoken as spaces, never as espeak-ng's embedded commands",
        arguments: ["\u{1}0A", "\u{1}80S", "\u{1}20P", "\u{1}1Y", "\u{1}\u{1}0A", "\u{1F}\u{85}\u{7F}"])
    func controlCharacters(_ command: String) throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        var builder = LayoutBuilder()
        builder.pageWidth = 3000
        let sentence = "The river front was quiet at dawn and the boats were still tied up along the pier"
        let words = sentence.split(separator: " ")
        let hostile = words.prefix(3).joined(separator: " ") + " " + command + words.dropFirst(3).joined(separator: " ")
        let spaced = String(String.UnicodeScalarView(command.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        let plain = words.prefix(3).joined(separator: " ") + " " + spaced + words.dropFirst(3).joined(separator: " ")
        for (name, text) in [("hostile", hostile), ("plain", plain)] {
            try builder.layout(exactText: text).encodeDocument().write(to: URL(fileURLWithPath: "\(folder)/\(name).json"))
            let run = try legible(["speak", "\(folder)/\(name).json", "-o", folder + "/out", "--rate", "175"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let (hostileMap, plainMap) = (try Self.map(folder + "/out", "hostile"), try Self.map(folder + "/out", "plain"))
        #expect(
            hostileMap.duration == plainMap.duration, "the command changed the speech: \(hostileMap.duration) ms, not \(plainMap.duration)")
        #expect(hostileMap.words.map(\.text).suffix(3) == ["along", "the", "pier"], "\(hostileMap.words.map(\.text))")
    }

    @Test("what is spoken is bounded: a page of 60,000 digits is refused (65); synthesis stops at the longest audio allowed")
    func spokenLengthBound() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        var builder = LayoutBuilder()
        (builder.pageWidth, builder.characterWidth) = (400_000, 5)
        let digits = folder + "/digits.json"
        try builder.layout(exactText: String(repeating: "7", count: 60_000)).encodeDocument().write(to: URL(fileURLWithPath: digits))
        let refused = try legible(["speak", digits, "-o", folder + "/d"])
        #expect(refused.status == 65 && refused.stderr.contains("60000 characters"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d/digits.timing.json"))
        // The bound on the audio itself, with a limit of two seconds: 2,000 digits are said one by one.
        let engine = try SpeechEngine.shared.get()
        let limit = 2 * engine.sampleRate
        var received = 0
        let speech = try engine.speak(String(repeating: "7", count: 2_000), voice: "en", rate: 175, maximumSamples: limit) {
            received += $0.count
        }
        #expect(speech.cutShort && speech.sampleCount <= limit && received == speech.sampleCount, "\(speech.sampleCount) samples")
    }

    /// espeak-ng 1.51 smashed its own stack on a 244-letter word (the `speech` fuzzer's
    /// finding, `Fuzz/Crashes/speech/`): `legible speak` aborted with 134. Runs longer than 40
    /// code points are broken before they reach it (`Docs/Speech.md`, "What is said").
    @Test("a page of one very long word is spoken, not a crash", arguments: [244, 1_000, 5_000])
    func longWord(_ length: Int) throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        var builder = LayoutBuilder()
        (builder.pageWidth, builder.characterWidth) = (200_000, 5)
        let word =
            "e." + String(repeating: "y", count: 90) + String(repeating: "w", count: length - 118) + String(repeating: "y", count: 25) + "S"
        try builder.layout(exactText: word).encodeDocument().write(to: URL(fileURLWithPath: folder + "/word.json"))
        let run = try legible(["speak", folder + "/word.json", "-o", folder + "/out"])
        #expect(run.status == 0, "\(run.status) \(run.stderr)")
    }

    @Test("html --audio refuses a folder whose maps are missing, foreign or name missing audio, writing nothing")
    func audioFolderRefused() throws {
        guard Self.available else { return }
        let folder = try temporaryFolder()
        let audio = folder + "/audio"
        #expect(try legible(["speak"] + Self.pages + ["-o", audio]).status == 0)
        func html(_ pages: [String], _ name: String) throws -> Run {
            try legible(["html"] + pages + ["-o", folder + "/" + name, "--scans", Repository.scans.path, "--audio", audio])
        }
        let good = try html(Self.pages, "good")
        #expect(good.status == 0, "\(good.stderr)")
        let both = try legible(
            ["html"] + Self.pages + ["-o", folder + "/both", "--scans", Repository.scans.path, "--audio", audio, "--speak"])
        #expect(both.status == 64 && both.stderr.contains("give one"), "\(both.stderr)")
        // Pages in another order: page 3's audio says "Page 2 of 3" where the notebook says 3.
        let reordered = try html([Self.pages[0], Self.pages[2], Self.pages[1]], "reordered")
        #expect(reordered.status == 65 && reordered.stderr.contains("spoken from another text"), "\(reordered.stderr)")
        try FileManager.default.removeItem(atPath: audio + "/chicago-2.opus")
        let missingAudio = try html(Self.pages, "no-opus")
        #expect(missingAudio.status == 66 && missingAudio.stderr.contains("chicago-2.opus"), "\(missingAudio.stderr)")
        try FileManager.default.removeItem(atPath: audio + "/chicago-3.timing.json")
        let missingMap = try html([Self.pages[0], Self.pages[2]], "no-map")
        #expect(missingMap.status == 66 && missingMap.stderr.contains("chicago-3"), "\(missingMap.stderr)")
        try Data("{\"words\": 3}".utf8).write(to: URL(fileURLWithPath: audio + "/chicago-1.timing.json"))
        let foreign = try html([Self.pages[0]], "foreign")
        #expect(foreign.status == 65 && foreign.stderr.contains("not a timing map"), "\(foreign.stderr)")
        for name in ["reordered", "no-opus", "no-map", "foreign"] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + name + "/index.html"), "\(name) wrote a notebook")
        }
        for run in [reordered, missingAudio, missingMap, foreign] { #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)") }
    }
}
