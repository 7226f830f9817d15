import Foundation
import LegibleLayout

/// A line of a transcription that says where it is written, as eScriptorium's and Transkribus's
/// ALTO and PAGE XML do: its text and box, and its words' when the file gives every word a box.
/// Boxes are in the page image's pixels (origin top-left, y down).
public struct TypedLine: Sendable, Equatable {
    /// One word of the line and its box, image pixels.
    public struct Word: Sendable, Equatable {
        /// The word's text.
        public var text: String
        /// Where it is written, image pixels.
        public var box: PixelBox

        /// A word `text` written in `box` (image pixels).
        public init(text: String, box: PixelBox) {
            (self.text, self.box) = (text, box)
        }
    }

    /// The line's text, words joined by one space.
    public var text: String
    /// Where the line is written, image pixels; nil when the file does not say.
    public var box: PixelBox?
    /// Its words with their boxes, when the file gives every word one; else empty.
    public var words: [Word]

    /// A line `text` written in `box`, with `words` (image pixels).
    public init(text: String, box: PixelBox?, words: [Word] = []) {
        (self.text, self.box, self.words) = (text, box, words)
    }
}

// Placing a transcription by where its lines are written (`Docs/Editing.md`, "Aligning by
// geometry"): each word (or line, when its words have no boxes) goes to the page line whose
// box holds most of it, so lines that the recogniser read too poorly for their letters to
// place them still get their text.
extension TranscriptAlignment {
    /// The share of a piece's box that must lie inside a page line's box for the piece to go
    /// there: less than that, and the transcription says it is written where no line was found.
    public static let minimumInside = 0.3
    /// Below ``matchThreshold``, how much closer a transcription's lines must read, in the
    /// median, to the recognised line they are written on than to the page's other placed
    /// lines, for the transcription to be this page's. Measured on the real corpus
    /// (`Docs/Editing.md`, "Aligning by geometry"): 0.13 to 0.92 for a page's own, at most 0.07
    /// for another page's.
    public static let minimumMarginOverOtherLines = 0.1

    /// Aligns `typed` onto `layout` by geometry: every line with a box is placed where it is
    /// written; a transcription with no boxes at all is aligned by its letters instead, as
    /// ``init(transcript:page:)``. Boxes are in `layout`'s image pixels.
    /// - Throws: ``Failure`` for an empty transcription, or one written elsewhere or for
    ///   another page.
    public init(typedLines typed: [TypedLine], page layout: PageLayout) throws(Failure) {
        guard typed.contains(where: { $0.box != nil }) else {
            try self.init(transcript: typed.map(\.text).joined(separator: "\n"), page: layout)
            return
        }
        guard AlignmentKeys(typed.map(\.text).joined(separator: " ")).count > 0 else { throw .empty }
        let (texts, unplaced) = Self.placeByGeometry(typed, on: layout)
        let recognised = layout.lines.map { layout.text(of: $0.range) }
        let matches = layout.lines.indices.map { index in
            texts[index].map { LineMatch(line: index, text: $0, score: Self.lineScore(recognised[index], $0)) }
                ?? LineMatch(line: index, text: nil, score: 0)
        }
        let placed = matches.filter { $0.text != nil }
        guard !placed.isEmpty else { throw .notWrittenHere(margin: nil) }
        let own = placed.map(\.score).reduce(0, +) / Double(placed.count)
        if own < Self.matchThreshold {
            let margin = Self.marginOverOtherLines(placed, recognised: recognised)
            guard let margin, margin >= Self.minimumMarginOverOtherLines else { throw .notWrittenHere(margin: margin) }
        }
        self.init(lines: matches, unplaced: unplaced, score: own)
    }

    /// Each page line's text (its pieces in the transcription's order), and the pieces written
    /// where no line is.
    static func placeByGeometry(_ typed: [TypedLine], on layout: PageLayout) -> (texts: [String?], unplaced: [String]) {
        var gathered = Array(repeating: [String](), count: layout.lines.count)
        var unplaced: [String] = []
        for line in typed {
            let pieces = line.words.isEmpty ? (line.box.map { [TypedLine.Word(text: line.text, box: $0)] } ?? []) : line.words
            if pieces.isEmpty, !line.text.isEmpty { unplaced.append(line.text) }
            for piece in pieces {
                if let target = bestLine(for: piece.box, in: layout) {
                    gathered[target].append(piece.text)
                } else {
                    unplaced.append(piece.text)
                }
            }
        }
        let texts = gathered.map { pieces -> String? in
            let text = lineText(pieces.joined(separator: " "))
            return text.isEmpty ? nil : text
        }
        return (texts, unplaced.filter { !$0.isEmpty })
    }

    /// Of the page lines whose box holds at least ``minimumInside`` of `box`, the one whose
    /// vertical extent agrees best with it (intersection over union of the two spans of y):
    /// where a recogniser's boxes overlap, a tall box holding two lines of writing loses to the
    /// line's own.
    static func bestLine(for box: PixelBox, in layout: PageLayout) -> Int? {
        let area = max(box.width * box.height, 1e-9)
        var best: (line: Int, agreement: Double)?
        for (index, line) in layout.lines.enumerated() where intersection(box, line.box) / area >= minimumInside {
            let overlap = min(box.y + box.height, line.box.y + line.box.height) - max(box.y, line.box.y)
            let union = max(box.y + box.height, line.box.y + line.box.height) - min(box.y, line.box.y)
            let agreement = overlap / max(union, 1e-9)
            if agreement > (best?.agreement ?? -1) { best = (index, agreement) }
        }
        return best?.line
    }

    static func intersection(_ a: PixelBox, _ b: PixelBox) -> Double {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return width > 0 && height > 0 ? width * height : 0
    }

    /// The median, over placed lines, of how much closer each line's text reads to the recognised
    /// line it is written on than, on average, to the other placed lines: a handwriting
    /// recogniser gets most letters wrong, but the right ones are on the right line, and the
    /// median is not swayed by a line every page shares (a running title). Nil for one line.
    static func marginOverOtherLines(_ placed: [LineMatch], recognised: [String]) -> Double? {
        guard placed.count > 1 else { return nil }
        let lineKeys = placed.map { AlignmentKeys(recognised[$0.line]).keys }
        let textKeys = placed.map { AlignmentKeys($0.text ?? "").keys }
        let margins = placed.indices.map { index in
            let others = placed.indices.filter { $0 != index }.map { score(lineKeys[$0], textKeys[index]) }
            return score(lineKeys[index], textKeys[index]) - others.reduce(0, +) / Double(others.count)
        }.sorted()
        let middle = margins.count / 2
        return margins.count % 2 == 1 ? margins[middle] : (margins[middle - 1] + margins[middle]) / 2
    }

    /// A line's text as an edit will write it: line breaks and tabs as spaces, other control
    /// characters dropped (``PageEdit/cleaned(_:)``), white space collapsed. The report then
    /// says exactly what the page will read.
    static func lineText(_ raw: String) -> String {
        PageEdit.cleaned(raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// 1 − edit distance / longer length, over folded letters and digits.
    static func lineScore(_ recognised: String, _ typed: String) -> Double {
        score(AlignmentKeys(recognised).keys, AlignmentKeys(typed).keys)
    }

    /// 1 − edit distance / longer length of two key sequences.
    static func score(_ a: [Character], _ b: [Character]) -> Double {
        1 - Double(distance(a, b)) / Double(max(a.count, b.count, 1))
    }

    /// The edit distance alone, in two rows: no path is kept.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
