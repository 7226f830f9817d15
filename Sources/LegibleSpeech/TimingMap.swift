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

    /// The words of the script, each with its page range and times. espeak-ng does not time
    /// every word (it says "of the" as one word, "river-front" as "river", and splits
    /// "DuSable"), so the words are the script's own: each run between spaces holding a letter
    /// or digit, without the punctuation around it. A word takes the time of the first event
    /// inside it; words without one share the time from the last timed word to the next by
    /// their length. A word ends where the next begins, or at its clause's end.
    public static func words(
        _ speech: SpeechEngine.Speech, script: (text: String, starts: [(piece: SpeechPiece, codePoint: Int)]), sampleRate: Int
    ) -> [Word] {
        let scalars = Array(script.text.unicodeScalars)
        let tokens = Self.tokens(scalars)
        guard !tokens.isEmpty else { return [] }
        var timed = [Int?](repeating: nil, count: tokens.count)
        let tokenStarts = tokens.map(\.lowerBound)
        let pieceStarts = script.starts.map(\.codePoint)
        for event in speech.words {
            guard let token = lastIndex(atMost: event.codePoint, in: tokenStarts), event.codePoint < tokens[token].upperBound,
                timed[token] == nil
            else { continue }
            timed[token] = event.sample
        }
        let starts = fillGaps(timed, tokens: tokens, end: speech.sampleCount)
        let boundaries = (starts + speech.clauseEnds + [speech.sampleCount]).sorted()
        return tokens.indices.map { index in
            let token = tokens[index]
            let end = firstAbove(starts[index], in: boundaries) ?? speech.sampleCount
            return Word(
                text: String(String.UnicodeScalarView(scalars[token])),
                range: pageRange(token.lowerBound, token.upperBound, in: script.starts, pieceStarts: pieceStarts),
                start: starts[index] * 1000 / sampleRate, end: end * 1000 / sampleRate)
        }
    }

    /// The script's words as code point ranges: runs between white space that hold a letter or
    /// digit, trimmed of the punctuation around them.
    static func tokens(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        func isWordy(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        var tokens: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            let start = index
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            guard let first = (start..<index).first(where: { isWordy(scalars[$0]) }),
                let last = (start..<index).last(where: { isWordy(scalars[$0]) })
            else { continue }
            tokens.append(first..<(last + 1))
        }
        return tokens
    }

    /// Every word's start, in samples: the timed ones as they are, the others sharing the time
    /// between the timed words around them by their length (from 0 before the first timed word,
    /// up to `end` after the last).
    static func fillGaps(_ timed: [Int?], tokens: [Range<Int>], end: Int) -> [Int] {
        var starts = timed.map { $0 ?? 0 }
        var index = 0
        while index < timed.count {
            guard timed[index] == nil || (index + 1 < timed.count && timed[index + 1] == nil) else {
                index += 1
                continue
            }
            // A run of untimed words, with the timed word before it (if any) sharing its time.
            let first = index
            var last = index + 1
            while last < timed.count, timed[last] == nil { last += 1 }
            let from = timed[first] ?? (first > 0 ? starts[first - 1] : 0)
            let to = last < timed.count ? (timed[last] ?? end) : end
            let lengths = (first..<last).map { Double(tokens[$0].count) }
            let total = max(lengths.reduce(0, +), 1)
            var elapsed = 0.0
            for (offset, word) in (first..<last).enumerated() {
                starts[word] = from + Int(Double(max(to - from, 0)) * elapsed / total)
                elapsed += lengths[offset]
            }
            index = last
        }
        return starts
    }

    /// The last index of `sorted` whose value is at most `value`.
    static func lastIndex(atMost value: Int, in sorted: [Int]) -> Int? {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The first of `sorted` above `value`, by binary search.
    static func firstAbove(_ value: Int, in sorted: [Int]) -> Int? {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > value { high = middle } else { low = middle + 1 }
        }
        return low < sorted.count ? sorted[low] : nil
    }

    /// Code points `[lower, upper)` of the script as UTF-16 `[start, end)` of the page's text.
    /// `pieceStarts` are the pieces' first code points (`starts` mapped), searched by halving.
    static func pageRange(_ lower: Int, _ upper: Int, in starts: [(piece: SpeechPiece, codePoint: Int)], pieceStarts: [Int]) -> [Int]? {
        guard let at = lastIndex(atMost: lower, in: pieceStarts), let range = starts[at].piece.range else { return nil }
        let holder = starts[at]
        let scalars = Array(holder.piece.text.unicodeScalars)
        func utf16(_ codePoint: Int) -> Int {
            let local = min(max(codePoint - holder.codePoint, 0), scalars.count)
            return min(range.lowerBound + scalars[..<local].reduce(0) { $0 + $1.utf16.count }, range.upperBound)
        }
        let (start, end) = (utf16(lower), utf16(upper))
        return end > start ? [start, end] : nil
    }
}
