import Foundation
import LegibleNotebook
import LegibleSpeech

// The `speech` harness (`Docs/Hardening.md`, "Fuzzing"): a page's read-all as pieces of text,
// through the script espeak-ng is given and the timing map made from its events.
extension FuzzTarget {
    /// The longest text given to espeak-ng for real, and the audio allowed for it: inputs that
    /// start with `!` are spoken, bounded to one second, to check that the bound holds whatever
    /// the text.
    static let spokenBytes = 400

    /// Pieces from the lines of `data` (every fifth an announcement, reading no range), on a
    /// page whose text is the lines joined by line feeds.
    static func speech(_ data: Data) {
        let page = String(decoding: data.prefix(4096), as: UTF8.self)
        var pieces: [SpeechPiece] = []
        var offset = 0
        for (index, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let length = line.utf16.count
            pieces.append(SpeechPiece(text: String(line), range: index % 5 == 4 || length == 0 ? nil : offset..<(offset + length)))
            offset += length + 1
        }
        let script = TimingMap.script(pieces)
        checkScript(script, pieces: pieces)
        checkWords(script, page: page)
        if data.first == UInt8(ascii: "!"), data.count <= spokenBytes { checkBound(script.text) }
    }

    /// The script holds no control character but its line feeds, and each kept piece keeps its
    /// code points, so offsets into it still point at the page.
    static func checkScript(_ script: (text: String, starts: [(piece: SpeechPiece, codePoint: Int)]), pieces: [SpeechPiece]) {
        let scalars = Array(script.text.unicodeScalars)
        precondition(
            !scalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
            "a control character reaches espeak-ng")
        precondition(!scalars.contains(where: EspeakHazards.contains), "a code point espeak-ng reads freed memory on reaches it")
        var run = 0
        for scalar in scalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            precondition(run <= 40, "a run of more than 40 code points reaches espeak-ng")
        }
        let kept = script.starts.map { $0.piece.text.unicodeScalars.count }
        precondition(scalars.count == kept.reduce(0, +) + max(kept.count - 1, 0), "the script's length is not its pieces'")
        for (piece, codePoint) in script.starts {
            precondition(codePoint + piece.text.unicodeScalars.count <= scalars.count, "a piece starts outside the script")
        }
    }

    /// The timing map made from word events at every other word: each word's range holds its
    /// text on the page, and times never run backwards or past the audio.
    static func checkWords(_ script: (text: String, starts: [(piece: SpeechPiece, codePoint: Int)]), page: String) {
        var events: [SpeechEngine.WordEvent] = []
        var start: Int?
        for (index, scalar) in script.text.unicodeScalars.enumerated() {
            if scalar.properties.isWhitespace {
                start = nil
            } else if start == nil {
                start = index
                if index % 2 == 0 { events.append(SpeechEngine.WordEvent(codePoint: index, length: 1, sample: index * 100)) }
            }
        }
        let total = (script.text.unicodeScalars.count + 1) * 100
        let words = TimingMap.words(
            SpeechEngine.Speech(sampleCount: total, words: events, clauseEnds: []), script: script, sampleRate: 1000)
        let units = Array(page.utf16)
        var last = 0
        for word in words {
            precondition(
                word.start >= last && word.start <= word.end && word.end <= total, "a word's time runs backwards or past the audio")
            last = word.start
            guard let range = word.range else { continue }
            precondition(
                range.count == 2 && 0 <= range[0] && range[0] < range[1] && range[1] <= units.count, "a word's range leaves the page")
            precondition(String(decoding: units[range[0]..<range[1]], as: UTF16.self) == word.text, "a word's range does not hold its text")
        }
    }

    /// Real synthesis with a one-second bound: never more samples than the bound.
    static func checkBound(_ text: String) {
        guard case .success(let engine) = SpeechEngine.shared else { return }
        let limit = engine.sampleRate
        guard let speech = try? engine.speak(text, voice: "en", rate: 175, maximumSamples: limit, samples: { _ in }) else { return }
        precondition(speech.sampleCount <= limit, "speech ran past its bound")
    }
}
