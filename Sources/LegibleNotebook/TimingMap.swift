import Foundation
import LegibleSystem

/// One stretch of a page's read-all, as `legible read --all --speak-screen` says it: its text,
/// and the UTF-16 range of the page's reading text it reads (nil for an announcement such as
/// "Page 2 of 3").
public struct SpeechPiece: Equatable, Sendable {
    /// What is said.
    public var text: String
    /// The UTF-16 range `[start, end)` of the page's reading text it reads; nil when it reads none.
    public var range: Range<Int>?

    /// A piece saying `text`, reading `range` (UTF-16) of the page's text.
    public init(text: String, range: Range<Int>?) {
        (self.text, self.range) = (text, range)
    }
}

/// The timing map of one page's audio (`Docs/Speech.md`, "Timing map"): every spoken word, in
/// the order spoken, with the UTF-16 range of the page's reading text it reads and when it is
/// heard, in milliseconds from the audio's start. Written as JSON beside the audio.
public struct TimingMap: Codable, Equatable, Sendable {
    /// One word as heard.
    public struct Word: Codable, Equatable, Sendable {
        /// The word as written in what was spoken.
        public var text: String
        /// `[start, end)` in UTF-16 units of the page's reading text; nil for an announcement's words.
        public var range: [Int]?
        /// When it starts, milliseconds from the audio's start.
        public var start: Int
        /// When the next word, or the clause's end, comes: milliseconds.
        public var end: Int

        /// A word heard from `start` to `end` (milliseconds from the audio's start), reading
        /// `range` (`[start, end)` in UTF-16 units of the page's reading text, or nil).
        public init(text: String, range: [Int]?, start: Int, end: Int) {
            (self.text, self.range, self.start, self.end) = (text, range, start, end)
        }
    }

    /// The map's format: 1.
    public var version = 1
    /// The audio file's name, beside the map; nil for a page with nothing to say.
    public var audio: String?
    /// The espeak-ng voice spoken with.
    public var voice: String
    /// Words a minute.
    public var rate: Int
    /// The espeak-ng version that spoke.
    public var engine: String
    /// Exactly what was synthesised: the pieces with letters or digits, one per line. With the
    /// voice, rate and engine it decides whether the audio is up to date.
    public var spoken: String
    /// The audio's length, milliseconds.
    public var duration: Int
    /// The words in the order heard.
    public var words: [Word]

    /// A map of format 1 for `spoken`, said with `voice` at `rate` words a minute by espeak-ng
    /// `engine`; `duration` in milliseconds, `audio` the audio file's plain name or nil.
    public init(audio: String?, voice: String, rate: Int, engine: String, spoken: String, duration: Int, words: [Word]) {
        (self.audio, self.voice, self.rate, self.engine) = (audio, voice, rate, engine)
        (self.spoken, self.duration, self.words) = (spoken, duration, words)
    }

    /// Why bytes are not a timing map Legible can use.
    public enum DecodeFailure: Error, Equatable, Sendable {
        /// The bytes are not a timing map's JSON.
        case notATimingMap
        /// The audio file's name has a folder part, `..` or a NUL (`Docs/Hardening.md`, "Names
        /// read from files"); the name is kept for the message.
        case audioNameNotPlain(String)
    }

    /// The timing map in `data`, whose audio name, read from a file that anyone may have
    /// written, must be a plain file name: it is joined to the map's folder.
    public static func decode(_ data: Data) throws(DecodeFailure) -> TimingMap {
        guard let map = try? JSONDecoder().decode(TimingMap.self, from: data) else { throw .notATimingMap }
        if let audio = map.audio, !PlainFileName.isPlain(audio) { throw .audioNameNotPlain(audio) }
        return map
    }

    /// Whether this map was made from `spoken` with `voice`, `rate` and `engine`.
    public func matches(spoken: String, voice: String, rate: Int, engine: String) -> Bool {
        version == 1 && self.spoken == spoken && self.voice == voice && self.rate == rate && self.engine == engine
    }
}

extension TimingMap {
    /// The text synthesised for `pieces`, and each kept piece with its first code point in it:
    /// pieces without a letter or digit say nothing and are left out (`Docs/Speech.md`,
    /// "Timing map").
    public static func script(_ pieces: [SpeechPiece]) -> (text: String, starts: [(piece: SpeechPiece, codePoint: Int)]) {
        var text = ""
        var starts: [(SpeechPiece, Int)] = []
        var codePoints = 0
        for piece in pieces
        where piece.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
            if !text.isEmpty {
                text += "\n"
                codePoints += 1
            }
            starts.append((piece, codePoints))
            text += spokenForm(piece.text)
            codePoints += piece.text.unicodeScalars.count
        }
        return (text, starts)
    }

    /// `text` as espeak-ng is given it: every control character (C0, DEL and C1, line feeds
    /// included) becomes a space, code point for code point, so offsets are kept. espeak-ng
    /// reads U+0001 as the start of an embedded command (`\u{1}0A` silences the rest, `\u{1}80S`
    /// sets the rate), and text from a page must never command the synthesiser
    /// (`Docs/Speech.md`, "What is said").
    ///
    /// The code points espeak-ng 1.51 reads freed memory on (``EspeakHazards``) become spaces
    /// too, whatever the voice, so the script never depends on the voice.
    ///
    /// And no run without white space longer than ``longestRun`` code points reaches it: every
    /// ``longestRun``-th code point of a longer run is spoken as a space. espeak-ng 1.51 writes
    /// a long word's phonemes into fixed buffers on its stack, and a run of 244 letters smashed
    /// its stack (the `speech` fuzzer found it; `Fuzz/Crashes/speech/`).
    static func spokenForm(_ text: String) -> String {
        var run = 0
        var changed = false
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            var spoken = isControl(scalar) || EspeakHazards.contains(scalar) ? " " : scalar
            run = spoken.properties.isWhitespace ? 0 : run + 1
            if run > longestRun {
                spoken = " "
                run = 0
            }
            changed = changed || spoken != scalar
            scalars.append(spoken)
        }
        return changed ? String(scalars) : text
    }

    /// The longest run without white space given to espeak-ng, in code points: longer than any
    /// word of a dictionary, far shorter than what overflowed espeak-ng's buffers.
    static let longestRun = 40

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
}
