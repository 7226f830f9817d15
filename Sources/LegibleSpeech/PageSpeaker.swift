import Foundation
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

    /// Why a page is not spoken.
    public struct TooLong: Error, CustomStringConvertible, Sendable {
        /// The page's word count.
        public var words: Int
        public var description: String {
            "its read-all has \(words) words, more than the \(PageSpeaker.maximumWords) a page may have (over an hour of speech)"
        }
    }

    /// The map's path for page `name`.
    public func mapPath(_ name: String) -> String { folder + "/" + name + ".timing.json" }

    /// Speaks `pieces` as page `name`, unless its files are up to date. Throws
    /// ``SpeechEngine/Failure``, ``OggOpusWriter/Failure`` or the file system's ``FileError``.
    public func speak(_ pieces: [SpeechPiece], name: String) throws -> Outcome {
        let script = TimingMap.script(pieces)
        let words = script.text.split(whereSeparator: \.isWhitespace).count
        guard words <= Self.maximumWords else { throw TooLong(words: words) }
        if let existing = try? JSONDecoder().decode(TimingMap.self, from: Data(contentsOf: URL(fileURLWithPath: mapPath(name)))),
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
            let speech = try engine.speak(script.text, voice: voice, rate: rate, samples: writer.write)
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
