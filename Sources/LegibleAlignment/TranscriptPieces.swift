import LegibleLayout

/// The transcription cut into one piece per page line, following an alignment
/// (`Docs/Editing.md`, "Aligning a transcription"): each line's core is the stretch of the
/// transcription its letters aligned with; the text between two cores is cut at a line break of
/// the transcription when it has one (whole lines between two breaks belong to no line), else
/// at its last space, so punctuation stays with its word.
struct TranscriptPieces {
    var transcript: [UInt16]
    var page: AlignmentKeys
    var typed: AlignmentKeys
    /// For each page key, the transcription key it aligned with.
    var pairs: [Int?]
    var layout: PageLayout

    init(transcript: String, page: AlignmentKeys, typed: AlignmentKeys, pairs: [Int?], layout: PageLayout) {
        (self.transcript, self.page, self.typed, self.pairs, self.layout) = (Array(transcript.utf16), page, typed, pairs, layout)
    }

    /// Each line's core: the UTF-16 span of the transcription from its first to its last
    /// aligned key; nil when none of its keys aligned.
    func cores() -> [Range<Int>?] {
        var cores: [Range<Int>?] = []
        var key = 0
        for line in layout.lines {
            var aligned: [Int] = []
            while key < page.count, page.spans[key].lowerBound < line.range.end {
                if page.spans[key].lowerBound >= line.range.start, let partner = pairs[key] { aligned.append(partner) }
                key += 1
            }
            guard let first = aligned.min(), let last = aligned.max() else {
                cores.append(nil)
                continue
            }
            cores.append(typed.spans[first].lowerBound..<typed.spans[last].upperBound)
        }
        return cores
    }

    /// Each line's piece of the transcription, as UTF-16 spans, and the spans no line took.
    func pieces() -> (lines: [Range<Int>?], unplaced: [Range<Int>]) {
        var lines = cores()
        var unplaced: [Range<Int>] = []
        let placed = lines.indices.filter { lines[$0] != nil }
        guard let first = placed.first, let last = placed.last else { return (lines, [0..<transcript.count]) }
        // Before the first line and after the last: the rest of their own transcription line.
        let head = lineBreaks(in: 0..<lines[first]!.lowerBound).last.map { $0 + 1 } ?? 0
        if head > 0 { unplaced.append(0..<head) }
        lines[first] = head..<lines[first]!.upperBound
        let tail = lineBreaks(in: lines[last]!.upperBound..<transcript.count).first ?? transcript.count
        if tail < transcript.count { unplaced.append(tail..<transcript.count) }
        lines[last] = lines[last]!.lowerBound..<tail
        for (before, after) in zip(placed, placed.dropFirst()) {
            let gap = lines[before]!.upperBound..<lines[after]!.lowerBound
            let breaks = lineBreaks(in: gap)
            let (end, start): (Int, Int)
            if let firstBreak = breaks.first, let lastBreak = breaks.last {
                (end, start) = (firstBreak, lastBreak + 1)
                if start > end + 1 { unplaced.append((end + 1)..<lastBreak) }
            } else {
                let space = gap.last(where: isSpace) ?? nearestSpace(to: gap, within: lines[before]!.lowerBound..<lines[after]!.upperBound)
                (end, start) = (space, space)
            }
            lines[before] = lines[before]!.lowerBound..<end
            lines[after] = start..<lines[after]!.upperBound
        }
        return (lines, unplaced.filter { !text(of: $0).isEmpty })
    }

    /// Where to cut when the cores meet inside a word: at the space nearest the meeting point
    /// within `extent`, so that no word is split between two lines; at the meeting point when
    /// the extent has no space.
    func nearestSpace(to gap: Range<Int>, within extent: Range<Int>) -> Int {
        let before = (extent.lowerBound..<gap.lowerBound).last(where: isSpace)
        let after = (gap.upperBound..<extent.upperBound).first(where: isSpace)
        switch (before, after) {
        case (let left?, let right?): return gap.lowerBound - left <= right - gap.upperBound ? left : right
        case (let left?, nil): return left
        case (nil, let right?): return right
        case (nil, nil): return gap.lowerBound
        }
    }

    func isSpace(_ offset: Int) -> Bool { transcript[offset] == 0x20 || transcript[offset] == 0x09 }

    /// The offsets of the line breaks (LF or CR) in `span`.
    func lineBreaks(in span: Range<Int>) -> [Int] {
        span.filter { transcript[$0] == 0x0A || transcript[$0] == 0x0D }
    }

    /// The text of `span`, its white space collapsed to single spaces and trimmed.
    func text(of span: Range<Int>) -> String {
        String(decoding: transcript[span], as: UTF16.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every line's match.
    func lineMatches() -> [TranscriptAlignment.LineMatch] {
        pieces().lines.enumerated().map { index, piece in
            guard let piece else { return TranscriptAlignment.LineMatch(line: index, text: nil, score: 0) }
            return match(line: index, text: text(of: piece))
        }
    }

    /// Line `index` given `text`, scored against what was recognised there.
    func match(line index: Int, text raw: String) -> TranscriptAlignment.LineMatch {
        let text = TranscriptAlignment.lineText(raw)
        let recognised = AlignmentKeys(layout.text(of: layout.lines[index].range))
        let typed = AlignmentKeys(text)
        let distance = TranscriptAlignment.align(recognised.keys, typed.keys).distance
        let score = 1 - Double(distance) / Double(max(recognised.count, typed.count, 1))
        return TranscriptAlignment.LineMatch(line: index, text: text, score: score)
    }

    /// The transcription's text no line took.
    func unplaced() -> [String] { pieces().unplaced.map(text(of:)) }
}
