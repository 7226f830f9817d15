import Foundation
import LegibleNotebook

// A page's words timed from what espeak-ng reported speaking them: the half of the timing map
// that needs the engine, so the map itself stays with the notebook (`Docs/Speech.md`, "Timing
// map").
extension TimingMap {
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
