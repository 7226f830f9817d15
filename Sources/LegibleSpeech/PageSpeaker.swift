import Foundation
import LegibleNotebook
import LegibleSystem

/// Speaks pages into a folder (`Docs/Speech.md`): for page `NAME`, `NAME.opus` (Ogg Opus) and
/// `NAME.timing.json` (``TimingMap``), written together and atomically. A page whose map says
/// it was made from the same text, voice, rate and engine is not spoken again.
public struct PageSpeaker: Sendable {
    /// What became of one page.
    public enum Outcome: Equatable, Sendable {
        /// Spoken now: its map.
        case spoken(TimingMap)
        /// Its audio and map were up to date: the map.
        case upToDate(TimingMap)
    }

    /// Where the files go.
    public let folder: String
    /// The espeak-ng voice.
    public let voice: String
    /// Words a minute.
    public let rate: Int
    let engine: SpeechEngine

    /// A speaker into `folder` with `voice` at `rate` words a minute.
    public init(folder: String, voice: String, rate: Int, engine: SpeechEngine) {
        (self.folder, self.voice, self.rate, self.engine) = (folder, voice, rate, engine)
    }

    /// The most words a page's read-all may have: an hour and more of speech, far beyond any
    /// notebook page, and a bound on the time and the files one page takes.
    public static let maximumWords = 20_000
    /// The most code points a page's read-all may have: ten times a dense notebook page. Words
    /// alone do not bound speech: one "word" of 100,000 digits is said digit by digit.
    public static let maximumCharacters = 50_000
    /// The longest audio one page may have, in seconds. Synthesis stops there, whatever the
    /// text: this bounds what is spoken, not what is declared (`Docs/Speech.md`, "Synthesis").
    public static let maximumSeconds = 3_600

    /// Why a page is not spoken: its read-all would be longer than a page's may be.
    public enum TooLong: Error, CustomStringConvertible, Sendable {
        /// It has this many words, more than ``PageSpeaker/maximumWords``.
        case words(Int)
        /// It has this many code points, more than ``PageSpeaker/maximumCharacters``.
        case characters(Int)
        /// Its audio reached ``PageSpeaker/maximumSeconds`` before its end.
        case duration
        public var description: String {
            switch self {
            case .words(let words):
                "its read-all has \(words) words, more than the \(PageSpeaker.maximumWords) a page may have (over an hour of speech)"
            case .characters(let count):
                "its read-all has \(count) characters, more than the \(PageSpeaker.maximumCharacters) a page may have"
            case .duration: "its read-all would be spoken for over \(PageSpeaker.maximumSeconds / 60) minutes, longer than a page may be"
            }
        }
    }

    /// The map's path for page `name`.
    public func mapPath(_ name: String) -> String { folder + "/" + name + ".timing.json" }

    /// Speaks `pieces` as page `name`, unless its files are up to date. Throws
    /// ``SpeechEngine/Failure``, ``OggOpusWriter/Failure`` or the file system's ``FileError``.
    public func speak(_ pieces: [SpeechPiece], name: String) throws -> Outcome {
        let script = TimingMap.script(pieces)
        let words = script.text.split(whereSeparator: \.isWhitespace).count
        guard words <= Self.maximumWords else { throw TooLong.words(words) }
        let characters = script.text.unicodeScalars.count
        guard characters <= Self.maximumCharacters else { throw TooLong.characters(characters) }
        if let existing = try? TimingMap.decode(InputFile.read(mapPath(name), what: "a timing map")),
            existing.matches(spoken: script.text, voice: voice, rate: rate, engine: engine.version),
            existing.audio.map({ FileManager.default.fileExists(atPath: folder + "/" + $0) }) ?? true
        {
            return .upToDate(existing)
        }
        var map = TimingMap(
            audio: nil, voice: voice, rate: rate, engine: engine.version, spoken: script.text, duration: 0, words: [])
        var outputs: [AtomicFile.Output] = []
        if !script.text.isEmpty {
            let writer = try OggOpusWriter(sampleRate: engine.sampleRate, title: name)
            let speech = try engine.speak(
                script.text, voice: voice, rate: rate, maximumSamples: Self.maximumSeconds * engine.sampleRate, samples: writer.write)
            guard !speech.cutShort else { throw TooLong.duration }
            map.words = TimingMap.words(speech, script: script, sampleRate: engine.sampleRate)
            map.duration = speech.sampleCount * 1000 / engine.sampleRate
            map.audio = name + ".opus"
            let audio = try writer.finish()
            outputs.append(AtomicFile.Output(path: folder + "/" + name + ".opus", bytes: audio))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        outputs.append(AtomicFile.Output(path: mapPath(name), bytes: try encoder.encode(map) + Data("\n".utf8)))
        try AtomicFile.commit(outputs)
        return .spoken(map)
    }
}
