import LegibleLayout

/// Corrected words laid on their handwriting (`Docs/Editing.md`, "Fitting words to their ink").
/// An aligned transcription shares a poorly read line's ink among its words by their advance,
/// which puts a word where a typed font would write it, not where the hand did; the ink itself
/// says where the words are: the columns between words are empty, and wider than those inside
/// a word.
public enum InkFit {
    /// `layout` with the corrected words of each line in `lines` (every line when nil) moved onto
    /// the ink of `ink`: each run of corrected words between two words the recogniser read (or
    /// the line's ends) is cut at the empty columns of its stretch of the line that best agree
    /// with where the words lay, and each word takes the bounds of the ink between its cuts.
    /// A run whose stretch has too few gaps, a right-to-left line, or a word with no ink keeps
    /// its boxes. Only boxes change; the text and its ranges do not.
    ///
    /// With `splittingRows`, a line whose words are all corrected and whose box holds two lines
    /// of writing (the recogniser ran them together) becomes two lines, the words shared between
    /// them as their gaps fit best: the page's lines are the scan's lines. That is for text that
    /// does not say where its lines break; a transcription that does is not split by the ink.
    /// The result is validated; should it fail, `layout` comes back unchanged.
    ///
    /// `fitting` says which words are placed this way: the corrected ones by default; the
    /// handwriting reader's, whose boxes come from its time steps, when it read the line
    /// (`Docs/Recognition.md`, "Handwriting").
    public static func fitted(
        _ layout: PageLayout, lines: Set<Int>? = nil, ink: InkMask, splittingRows: Bool = true,
        fitting: (Word) -> Bool = { $0.corrected == true }
    ) -> PageLayout {
        var result = layout
        result.lines = []
        for (index, line) in layout.lines.enumerated() {
            guard lines?.contains(index) ?? true, let words = line.words, words.contains(where: fitting) else {
                result.lines.append(line)
                continue
            }
            // Where boxes overlap, ink inside a word already placed (lines before this one, as
            // fitted) or read by the recogniser (lines after it) is that word's.
            let placed =
                boxes(of: result.lines, meeting: line.box) { _ in true }
                + boxes(of: layout.lines[(index + 1)...], meeting: line.box) { !fitting($0) }
            let ink = ink.excluding(placed)
            if splittingRows, let split = RowSplit(line: line, words: words, ink: ink).lines() {
                result.lines += split
            } else {
                var fitted = line
                fitted.words = Self.fitted(words, on: line, ink: ink, fitting: fitting)
                result.lines.append(fitted)
            }
        }
        return (try? result.validate()) != nil ? result : layout
    }

    /// Whether `transcript` flows: it has at most three lines (paragraphs, as typed) for every
    /// four lines of the page, so its line breaks do not say where the scan's lines break and the
    /// ink must (`splittingRows`). A transcription typed line by line has about as many lines as
    /// the page. (Line lengths cannot tell: a poorly read line has few letters.)
    public static func isFlowing(_ transcript: String, over layout: PageLayout) -> Bool {
        let typed = transcript.split(whereSeparator: \.isNewline).filter { $0.contains { !$0.isWhitespace } }.count
        let page = layout.lines.filter { !$0.range.isEmpty }.count
        return typed > 0 && 4 * typed <= 3 * page
    }

    /// The boxes of the words of `lines` that `keep` keeps and that meet `box`: the ink a line
    /// being fitted must leave to them. Nothing is gathered for a line that lies away from `box`.
    static func boxes(of lines: some Sequence<Line>, meeting box: PixelBox, _ keep: (Word) -> Bool) -> [PixelBox] {
        lines.flatMap { line -> [PixelBox] in
            let words = line.words ?? []
            guard words.reduce(line.box, { $0.union($1.box) }).intersection(box) != nil else { return [] }
            return words.filter { keep($0) && $0.box.intersection(box) != nil }.map(\.box)
        }
    }

    /// A line's words with each run of words that `fitting` picks fitted.
    static func fitted(_ words: [Word], on line: Line, ink: InkMask, fitting: (Word) -> Bool = { $0.corrected == true }) -> [Word] {
        guard words.count < 2 || words[0].box.midX <= words[words.count - 1].box.midX else { return words }
        var result = words
        var start = 0
        while start < words.count {
            guard fitting(words[start]) else {
                start += 1
                continue
            }
            let end = words[start...].firstIndex { !fitting($0) } ?? words.count
            let left = start > 0 ? words[start - 1].box.maxX : line.box.x
            let right = end < words.count ? words[end].box.x : line.box.maxX
            let stretch = PixelBox(left: left, top: line.box.y, right: max(left, right), bottom: line.box.maxY)
            if let boxes = RunCut(words: Array(words[start..<end]), stretch: stretch, ink: ink).boxes() {
                for (offset, box) in boxes.enumerated() { result[start + offset] = placed(words[start + offset], in: box) }
            }
            start = end
        }
        return result
    }

    /// `word` moved into `box`, its glyphs keeping their shares of its width.
    static func placed(_ word: Word, in box: PixelBox) -> Word {
        var moved = word
        moved.box = box
        let scale = word.box.width > 0 ? box.width / word.box.width : 0
        moved.glyphs = word.glyphs?.map { glyph in
            let left = box.x + (glyph.box.x - word.box.x) * scale
            return Glyph(range: glyph.range, box: PixelBox(x: left, y: box.y, width: glyph.box.width * scale, height: box.height))
        }
        return moved
    }
}

/// Cutting one run of words at the gaps of its stretch of ink.
struct RunCut {
    var words: [Word]
    var stretch: PixelBox
    var ink: InkMask

    /// How much a pixel of distance from where a cut was expected weighs against a pixel of gap.
    static let distanceWeight = 0.15

    /// The words' boxes on the ink, in order; nil when the ink cannot say.
    func boxes() -> [PixelBox]? { cut()?.boxes }

    /// The words' boxes on the ink and how well its gaps fit them (the total of the chosen
    /// gaps' widths less their distances from where they were expected); nil when the ink
    /// cannot say.
    func cut() -> (boxes: [PixelBox], score: Double)? {
        // Columns are counted across the line's core only: a line's box takes in the tails of
        // the letters above and below it, which would fill the gaps between its own words.
        let core = Self.core(of: stretch, ink: ink)
        let (columns, _) = ink.pixelRanges(of: core)
        let counts = ink.columnCounts(in: core)
        guard let first = counts.firstIndex(where: { $0 > 0 }), let last = counts.lastIndex(where: { $0 > 0 }) else { return nil }
        let gaps = Self.gaps(in: counts[first...last])
        guard gaps.count >= words.count - 1 else { return nil }
        let expected = expectedCuts(from: Double(columns.lowerBound + first), to: Double(columns.lowerBound + last + 1))
        guard
            let (chosen, score) = Self.choose(
                gaps.map { ($0.lowerBound + columns.lowerBound)..<($0.upperBound + columns.lowerBound) }, for: expected)
        else { return nil }
        var edges = [Double(columns.lowerBound + first)]
        for gap in chosen { edges += [Double(gap.lowerBound), Double(gap.upperBound)] }
        edges.append(Double(columns.lowerBound + last + 1))
        var boxes: [PixelBox] = []
        for index in words.indices {
            let span = PixelBox(left: edges[2 * index], top: core.y, right: edges[2 * index + 1], bottom: core.maxY)
            guard let bounds = Self.word(in: span, within: stretch, ink: ink) else { return nil }
            boxes.append(bounds)
        }
        return (boxes, score)
    }

    /// The rows of `box` where its line is written: from its inkiest row, up and down while rows
    /// hold at least a sixth as much ink, over gaps of a row or two.
    static func core(of box: PixelBox, ink: InkMask) -> PixelBox {
        let rows = ink.rowCounts(in: box)
        guard let peak = rows.indices.max(by: { rows[$0] < rows[$1] }), rows[peak] > 0 else { return box }
        let (_, range) = ink.pixelRanges(of: box)
        let band = extent(of: rows, from: peak, reaching: max(1, rows[peak] / 6))
        return PixelBox(
            left: box.x, top: Double(range.lowerBound + band.lowerBound), right: box.maxX,
            bottom: Double(range.lowerBound + band.upperBound))
    }

    /// The rows around `start` whose counts reach `threshold`, stepping over up to two rows that do not.
    static func extent(of counts: [Int], from start: Int, reaching threshold: Int) -> Range<Int> {
        var (low, high) = (start, start + 1)
        func reaches(_ index: Int) -> Bool { counts.indices.contains(index) && counts[index] >= threshold }
        while let next = (1...3).lazy.map({ low - $0 }).first(where: reaches) { low = next }
        while let next = (0...2).lazy.map({ high + $0 }).first(where: reaches) { high = next + 1 }
        return low..<high
    }

    /// The ink of one word: the columns of `span`, the rows of its core and of the strokes
    /// joined to it above and below, within `stretch`.
    static func word(in span: PixelBox, within stretch: PixelBox, ink: InkMask) -> PixelBox? {
        guard let columns = ink.inkBounds(in: span) else { return nil }
        let tall = PixelBox(left: columns.x, top: stretch.y, right: columns.maxX, bottom: stretch.maxY)
        let rows = ink.rowCounts(in: tall)
        let (_, range) = ink.pixelRanges(of: tall)
        let start = Int(span.y) - range.lowerBound
        guard let seed = rows.indices.filter({ $0 >= start && $0 < start + Int(span.height) }).max(by: { rows[$0] < rows[$1] }) else {
            return columns
        }
        let band = extent(of: rows, from: seed, reaching: 1)
        return ink.inkBounds(
            in: PixelBox(
                left: columns.x, top: Double(range.lowerBound + band.lowerBound), right: columns.maxX,
                bottom: Double(range.lowerBound + band.upperBound)))
    }

    /// Where the cuts between the words would fall if the run's ink were shared as their boxes
    /// share the stretch: the middles between neighbours, scaled onto `[left, right)`.
    func expectedCuts(from left: Double, to right: Double) -> [Double] {
        let (start, end) = (words[0].box.x, words[words.count - 1].box.maxX)
        let scale = end > start ? (right - left) / (end - start) : 0
        return words.indices.dropLast().map { index in
            left + ((words[index].box.maxX + words[index + 1].box.x) / 2 - start) * scale
        }
    }

    /// Runs of empty columns inside `counts` (offsets of its own indices).
    static func gaps(in counts: ArraySlice<Int>) -> [Range<Int>] {
        var gaps: [Range<Int>] = []
        var open: Int?
        for index in counts.indices {
            if counts[index] == 0 {
                if open == nil { open = index }
            } else if let start = open {
                gaps.append(start..<index)
                open = nil
            }
        }
        return gaps
    }

    /// One gap per expected cut, in order, maximising the gaps' widths less their distances
    /// from where the cuts were expected (dynamic programming over cuts and gaps).
    static func choose(_ gaps: [Range<Int>], for expected: [Double]) -> (gaps: [Range<Int>], score: Double)? {
        let (cuts, count) = (expected.count, gaps.count)
        guard cuts > 0 else { return ([], 0) }
        guard count >= cuts else { return nil }
        func score(_ cut: Int, _ gap: Int) -> Double {
            let centre = Double(gaps[gap].lowerBound + gaps[gap].upperBound) / 2
            return Double(gaps[gap].count) - distanceWeight * abs(centre - expected[cut])
        }
        // best[c][g]: the best total for cuts 0...c with cut c at gap g.
        var best = Array(repeating: Array(repeating: -Double.infinity, count: count), count: cuts)
        var from = Array(repeating: Array(repeating: -1, count: count), count: cuts)
        for gap in 0..<count { best[0][gap] = score(0, gap) }
        for cut in 1..<max(1, cuts) {
            var runningBest = -Double.infinity, runningGap = -1
            for gap in 0..<count {
                if gap > 0, best[cut - 1][gap - 1] > runningBest { (runningBest, runningGap) = (best[cut - 1][gap - 1], gap - 1) }
                if runningGap >= 0 { (best[cut][gap], from[cut][gap]) = (runningBest + score(cut, gap), runningGap) }
            }
        }
        guard var gap = best[cuts - 1].indices.max(by: { best[cuts - 1][$0] < best[cuts - 1][$1] }), best[cuts - 1][gap] > -.infinity
        else { return nil }
        let score = best[cuts - 1][gap]
        var chosen = [gaps[gap]]
        for cut in stride(from: cuts - 1, to: 0, by: -1) {
            gap = from[cut][gap]
            chosen.insert(gaps[gap], at: 0)
        }
        return (chosen, score)
    }
}

/// A line whose box holds two lines of writing, split into them.
struct RowSplit {
    var line: Line
    var words: [Word]
    var ink: InkMask

    /// How much ink a second band of rows needs, against the inkiest band, to be a line of its
    /// own (a short last line of a paragraph has little), and how tall it must be: the tails of
    /// the letters of the lines above and below are low bands.
    static let secondRowShare = 0.15
    static let secondRowHeight = 0.5

    /// The two lines, each with its words on its own ink; nil unless every word is corrected,
    /// the box holds two bands of writing, and both can be cut into their words.
    func lines() -> [Line]? {
        guard words.count >= 2, words.allSatisfy({ $0.corrected == true }),
            words[0].box.midX <= words[words.count - 1].box.midX, let (upper, lower) = bands()
        else { return nil }
        var best: (score: Double, upper: [PixelBox], lower: [PixelBox], split: Int)?
        for split in 1..<words.count {
            guard let top = RunCut(words: Array(words[..<split]), stretch: upper, ink: ink).cut(),
                let bottom = RunCut(words: Array(words[split...]), stretch: lower, ink: ink).cut()
            else { continue }
            if best == nil || top.score + bottom.score > best!.score { best = (top.score + bottom.score, top.boxes, bottom.boxes, split) }
        }
        guard let best else { return nil }
        return [
            piece(words[..<best.split], boxes: best.upper, range: UTF16Span(line.range.start, words[best.split - 1].range.end)),
            piece(words[best.split...], boxes: best.lower, range: UTF16Span(words[best.split].range.start, line.range.end)),
        ]
    }

    /// One of the two lines: `words` placed in `boxes`, the line's box theirs.
    func piece(_ words: ArraySlice<Word>, boxes: [PixelBox], range: UTF16Span) -> Line {
        let placed = zip(words, boxes).map { InkFit.placed($0, in: $1) }
        let box = placed.dropFirst().reduce(placed[0].box) { $0.union($1.box) }
        return Line(range: range, box: box, baseline: nil, confidence: line.confidence, words: placed)
    }

    /// The line's box cut into its two bands of writing, at the emptiest row between them; nil
    /// when it holds one.
    func bands() -> (PixelBox, PixelBox)? {
        let box = line.box
        let rows = ink.rowCounts(in: box)
        let (_, range) = ink.pixelRanges(of: box)
        guard let peak = rows.indices.max(by: { rows[$0] < rows[$1] }), rows[peak] > 0 else { return nil }
        let first = RunCut.extent(of: rows, from: peak, reaching: max(1, rows[peak] / 6))
        let outside = rows.indices.filter { !first.contains($0) && (($0 < first.lowerBound - 2) || ($0 >= first.upperBound + 2)) }
        guard let other = outside.max(by: { rows[$0] < rows[$1] }), rows[other] > 0 else { return nil }
        let second = RunCut.extent(of: rows, from: other, reaching: max(1, rows[peak] / 6))
        let mass = { (band: Range<Int>) in band.reduce(0) { $0 + rows[$1] } }
        guard !second.overlaps(first), Double(mass(second)) >= Self.secondRowShare * Double(mass(first)),
            Double(second.count) >= Self.secondRowHeight * Double(first.count)
        else { return nil }
        let (top, bottom) = second.lowerBound < first.lowerBound ? (second, first) : (first, second)
        let between = top.upperBound..<max(top.upperBound, bottom.lowerBound)
        let cut = between.min(by: { rows[$0] < rows[$1] }) ?? top.upperBound
        let y = Double(range.lowerBound + cut)
        return (
            PixelBox(left: box.x, top: box.y, right: box.maxX, bottom: y), PixelBox(left: box.x, top: y, right: box.maxX, bottom: box.maxY)
        )
    }
}
