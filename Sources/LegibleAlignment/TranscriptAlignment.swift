import Foundation
import LegibleLayout

/// A transcription typed elsewhere, aligned onto a page's lines (`Docs/Editing.md`, "Aligning a
/// transcription"): the page's recognised text and the transcription are aligned character by
/// character (letters and digits, case and accents folded) with the fewest edits, and each line
/// of the page takes the stretch of the transcription its characters aligned with.
public struct TranscriptAlignment: Sendable {
    /// One page line's result.
    public struct LineMatch: Sendable, Equatable {
        /// The line's index in the page.
        public var line: Int
        /// The text the line takes from the transcription; nil when none of the transcription
        /// aligned with it, so it keeps its recognised text.
        public var text: String?
        /// How well the recognised line and its text agree: 1 − edit distance / longer length,
        /// over folded letters and digits; 0 for a line not placed.
        public var score: Double
    }

    /// Every line of the page, in order.
    public var lines: [LineMatch]
    /// The transcription's text that no line took (lines missing from the scan, or extra).
    public var unplaced: [String]
    /// The whole page's agreement: 1 − edit distance / longer length, over folded letters and digits.
    public var score: Double

    /// A whole-page score at which a transcription is this page's without further question.
    public static let matchThreshold = 0.6
    /// Below ``matchThreshold``, how far the score must stand above chance: the score of the
    /// same letters in reverse order, which keeps their frequencies but none of their order.
    /// Measured on the real corpus: a page's own transcription stands 0.076 to 0.307 above
    /// chance on Legible's reading, another page's at most 0.015 (`Docs/Editing.md`, "Measured").
    public static let marginOverChance = 0.075
    /// The largest alignment computed, in cells (page keys × transcription keys): 60 million, a
    /// page of 6,000 letters against a transcription of 10,000, about 60 MB.
    public static let maximumCells = 60_000_000

    /// Why a transcription cannot be aligned.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The transcription has no letter or digit.
        case empty
        /// The page and the transcription together are too long to align.
        case tooLong(cells: Int)
        /// The transcription is not this page's: its score, and chance's.
        case noMatch(score: Double, chance: Double)
        /// A transcription that says where its lines are written is not this page's: its lines
        /// read, in the median, only `margin` closer to the lines they are written on than to
        /// the others (nil: fewer than two lines placed).
        case notWrittenHere(margin: Double?)

        public var description: String {
            switch self {
            case .empty: return "the transcription has no letters or digits"
            case .tooLong(let cells):
                return
                    "the page and the transcription are too long to align (\(cells) cells, the limit is \(TranscriptAlignment.maximumCells))"
            case .noMatch(let score, let chance):
                return String(
                    format: "the transcription does not match this page (score %.2f, where its letters in any order score %.2f)", score,
                    chance)
            case .notWrittenHere(nil):
                return "the transcription does not match this page: fewer than two of its lines are written on lines of it"
            case .notWrittenHere(let margin?):
                return String(
                    format:
                        "the transcription does not match this page: its lines read only %.2f closer to the lines they are written on than to the others (%.2f needed)",
                    margin, TranscriptAlignment.minimumMarginOverOtherLines)
            }
        }
    }

    /// An alignment already made.
    init(lines: [LineMatch], unplaced: [String], score: Double) {
        (self.lines, self.unplaced, self.score) = (lines, unplaced, score)
    }

    /// Aligns `transcript` onto `layout`'s lines.
    /// - Throws: ``Failure`` for an empty transcription, one too long, or one for another page.
    public init(transcript: String, page layout: PageLayout) throws(Failure) {
        let page = AlignmentKeys(layout.text)
        let typed = AlignmentKeys(transcript)
        guard typed.count > 0 else { throw .empty }
        guard page.count * typed.count <= Self.maximumCells else { throw .tooLong(cells: page.count * typed.count) }
        let (pairs, distance) = Self.align(page.keys, typed.keys)
        let longer = Double(max(page.count, typed.count, 1))
        score = 1 - Double(distance) / longer
        let pieces = TranscriptPieces(transcript: transcript, page: page, typed: typed, pairs: pairs, layout: layout)
        let typedLines = transcript.split(whereSeparator: \.isNewline).map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        .filter { !$0.isEmpty }
        if score < Self.matchThreshold, typedLines.count == layout.lines.count, typedLines.count > 1 {
            // A page read too poorly for its letters to place the transcription, typed one line
            // per scan line: the scan's lines are the transcription's, in order.
            lines = typedLines.enumerated().map { index, text in pieces.match(line: index, text: text) }
            unplaced = []
        } else {
            lines = pieces.lineMatches()
            unplaced = pieces.unplaced()
        }
        if score < Self.matchThreshold {
            // Either test shows the page's own transcription (`Docs/Editing.md`, "Aligning a transcription", step 3).
            let chance = 1 - Double(Self.align(page.keys, typed.keys.reversed()).distance) / longer
            let recognised = layout.lines.map { layout.text(of: $0.range) }
            let margin = Self.marginOverOtherLines(lines.filter { $0.text != nil }, recognised: recognised)
            guard score - chance >= Self.marginOverChance || (margin ?? 0) >= Self.minimumMarginOverOtherLines else {
                throw .noMatch(score: score, chance: chance)
            }
        }
    }

    /// The fewest-edit alignment of `a` with `b`: for each key of `a`, the key of `b` it lines up
    /// with (matched or substituted), or nil where it was deleted; and the edit distance.
    static func align(_ a: [Character], _ b: [Character]) -> (pairs: [Int?], distance: Int) {
        let (n, m) = (a.count, b.count)
        // Steps: 0 diagonal, 1 up (a deleted), 2 left (b inserted).
        var steps = [UInt8](repeating: 0, count: (n + 1) * (m + 1))
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...max(n, 1) where n > 0 {
            current[0] = i
            steps[i * (m + 1)] = 1
            for j in 1...max(m, 1) where m > 0 {
                let diagonal = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let up = previous[j] + 1, left = current[j - 1] + 1
                if diagonal <= up && diagonal <= left {
                    current[j] = diagonal
                } else if up <= left {
                    current[j] = up
                    steps[i * (m + 1) + j] = 1
                } else {
                    current[j] = left
                    steps[i * (m + 1) + j] = 2
                }
            }
            swap(&previous, &current)
        }
        for j in 0...m { steps[j] = j == 0 ? 0 : 2 }
        var pairs = [Int?](repeating: nil, count: n)
        var (i, j) = (n, m)
        while i > 0 || j > 0 {
            switch steps[i * (m + 1) + j] {
            case 0 where i > 0 && j > 0:
                pairs[i - 1] = j - 1
                (i, j) = (i - 1, j - 1)
            case 1: i -= 1
            default: j -= 1
            }
        }
        return (pairs, previous[m])
    }
}
