import Foundation
import LegibleLayout
import LegibleTextInput

/// Everything a ``ScannedPage`` looks up, built once per layout in O(lines + paragraphs):
/// line spans and rects as flat arrays for binary search, paragraph directions, and a
/// y-sorted line order for hit testing. Per-line cluster geometry is built lazily on first use
/// (``LineGeometry``) so loading a 2,000-line page does not segment its whole text.
///
/// Coordinates are page pixels (origin top-left, y down); offsets are UTF-16 units.
final class PageIndex {
    /// The page document's fields other than its text, lines and paragraphs (kept as loaded;
    /// ``layout`` puts the edited ones back).
    private let header: PageLayout
    private(set) var utf16: GapUnits
    var length: Int { utf16.count }
    let pageBounds: CGRect

    /// The lines and the paragraphs, each with a pending move (``PendingMove``), so that a
    /// keystroke moves no word or glyph of the lines after it: ``line(_:)`` and
    /// ``paragraph(_:)`` read them where they are.
    private var lines: PendingMove<LineShift>
    private var paragraphs: PendingMove<ParagraphShift>
    private var materialised: PageLayout?

    /// Line content spans `[lineStarts[i], lineEnds[i])` and their tokenizer units
    /// `[lineStarts[i], unitEnds[i])`, which add the separator that follows.
    var lineStarts: ShiftedOffsets { lineStartTable.values }
    private(set) var lineEnds: ShiftedOffsets
    private(set) var unitEnds: ShiftedOffsets
    /// Line rects clipped to the page, with overlaps between consecutive lines split at the
    /// middle so rects of consecutive lines never overlap.
    private(set) var lineRects: [CGRect]
    /// Skew of each line from its baseline, radians (positive: descending to the right).
    private(set) var lineAngles: [Double]
    /// Base direction of the paragraph each line belongs to.
    private(set) var lineDirections: [WritingDirection]
    /// Paragraph unit starts (tiling) and base directions.
    private(set) var paragraphStarts: ShiftedOffsets
    private(set) var paragraphDirections: [WritingDirection]
    /// Line indices ordered by vertical centre, and the largest half height, for hit testing.
    private(set) var linesByMidY: [Int] = []
    private(set) var midYs: [Double] = []
    /// `midYs` rounded down to whole pixels, for an O(1) starting point of hit tests.
    private(set) var midYTable = SortedOffsets([])
    /// Line starts (ascending UTF-16 offsets) with an O(1) lookup; `lineStarts` reads them.
    private(set) var lineStartTable: SortedOffsets
    private(set) var maxHalfHeight: Double = 0
    /// Tokenizer line units: `[0, line0.start)` if any, then each line from its start to the
    /// next line's start (the last to the end), so lines tile the text (`Docs/TextInputContract.md`, "Granularities": line).
    private(set) var lineUnits: TextUnits
    /// Tokenizer paragraph units: each paragraph with its terminating newline, tiling the text.
    private(set) var paragraphUnits: TextUnits
    private(set) var topY: Double = 0
    private(set) var bottomY: Double = 0

    /// Height of a caret on a page without lines (pixels).
    static let defaultLineHeight: Double = 24

    /// Built-on-demand cluster geometry per line. An array of boxes, not a dictionary: hashing
    /// made `selectionRects` 2.2× slower on a 1,000,000-unit page than on a 1,000-unit one.
    private var geometryCache: [LineGeometryBox?]

    final class LineGeometryBox {
        let geometry: LineGeometry
        init(_ geometry: LineGeometry) { self.geometry = geometry }
    }

    init(layout: PageLayout) {
        var header = layout
        (header.text, header.lines, header.paragraphs) = ("", [], [])
        self.header = header
        materialised = layout
        let utf16 = Array(layout.text.utf16)
        self.utf16 = GapUnits(utf16)
        let (width, height) = (Double(layout.image.width), Double(layout.image.height))
        pageBounds = CGRect(x: 0, y: 0, width: width, height: height)
        self.lines = PendingMove(layout.lines)
        self.paragraphs = PendingMove(layout.paragraphs)

        let lines = Self.indexedLines(layout.lines, length: utf16.count, width: width, height: height)
        let starts = lines.map { $0.range.start }
        lineStartTable = SortedOffsets(starts)
        lineEnds = ShiftedOffsets(lines.map { $0.range.end })
        unitEnds = ShiftedOffsets(
            lines.indices.map { index in
                index + 1 < lines.count ? max(lines[index + 1].range.start, lines[index].range.end) : utf16.count
            })
        lineRects = Self.separatedRects(lines, width: width, height: height)
        lineAngles = lines.map(Self.angle)

        let paragraphs = Self.paragraphs(layout, utf16: utf16)
        paragraphStarts = ShiftedOffsets(paragraphs.starts)
        paragraphDirections = paragraphs.directions
        lineDirections = starts.map { start in
            let index = TextUnits.lastIndex(in: paragraphs.starts, atMost: start)
            return index >= 0 ? paragraphs.directions[index] : .natural
        }
        var lineBoundaries = [0]
        for start in starts where start > lineBoundaries[lineBoundaries.count - 1] { lineBoundaries.append(start) }
        lineUnits = TextUnits(tilingFrom: utf16.isEmpty ? [] : lineBoundaries, length: utf16.count)
        paragraphUnits = TextUnits(tilingFrom: paragraphs.starts, length: utf16.count)
        geometryCache = Array(repeating: nil, count: starts.count)
        sortByMidY()
    }

    /// The lines the index is built over: a document with text but no lines is one line over
    /// the whole page.
    static func indexedLines(_ lines: [Line], length: Int, width: Double, height: Double) -> [Line] {
        guard lines.isEmpty, length > 0 else { return lines }
        return [Line(range: UTF16Span(0, length), box: PixelBox(x: 0, y: 0, width: width, height: height))]
    }

    /// The hit-testing order and the page's vertical extent, from `lineRects`.
    private func sortByMidY() {
        let rects = lineRects
        let order = rects.indices.sorted { rects[$0].midY < rects[$1].midY }
        linesByMidY = order
        midYs = order.map { Double(rects[$0].midY) }
        midYTable = SortedOffsets(order.map { max(0, Int(rects[$0].midY.rounded(.down))) })
        maxHalfHeight = rects.map { Double($0.height) / 2 }.max() ?? 0
        topY = rects.map { Double($0.minY) }.min() ?? 0
        bottomY = rects.map { Double($0.maxY) }.max() ?? 0
    }

    /// The units of line `index`'s text, contiguous at the text's offsets: the text's gap moved
    /// to the line's end first (invisible to readers), so that an edit there moves only the
    /// rest of the line.
    func unitsForEditing(line index: Int) -> ArraySlice<UInt16> {
        let range = lineStarts[index]..<max(lineStarts[index], lineEnds[index])
        if utf16.gap != range.upperBound { utf16.moveGap(to: range.upperBound) }
        return utf16.contiguous(range) ?? ArraySlice(Array(utf16[range]))
    }

    /// The page's image.
    var image: PageImage { header.image }
    /// The number of the page document's lines (``lineCount`` counts one more for a page with
    /// text and no line).
    var storedLineCount: Int { lines.count }

    /// Line `index` of the page document, where it is in the text now.
    func line(_ index: Int) -> Line {
        lines[index]
    }

    /// The reading text: the page document's when it is built, else decoded from the text
    /// alone, without building the document's lines and words.
    var text: String { materialised?.text ?? utf16.string(0..<utf16.count) }

    /// The page document as edited: built once after a change, when first asked for.
    var layout: PageLayout {
        if let materialised { return materialised }
        var layout = header
        (layout.text, layout.lines, layout.paragraphs) = (utf16.string(0..<utf16.count), lines.settled(), paragraphs.settled())
        materialised = layout
        return layout
    }

    /// Line boxes, grown to hold their words' boxes and clipped to the page; where consecutive
    /// lines overlap, the overlap is split at its middle, so their rects never overlap. A word
    /// box that sticks out of its line's box (an imported file may say so) is ink of that line:
    /// clamping it to the line box would squeeze the word to nothing at the line's edge.
    static func separatedRects(_ lines: [Line], width: Double, height: Double) -> [CGRect] {
        var rects = lines.map { line -> CGRect in
            let box = grownBox(line, width: width, height: height)
            return CGRect(x: box.x, y: box.y, width: box.width, height: box.height)
        }
        for index in rects.indices.dropLast() {
            var upper = rects[index]
            var lower = rects[index + 1]
            if upper.midY > lower.midY { swap(&upper, &lower) }
            let overlapsHorizontally = upper.minX < lower.maxX && lower.minX < upper.maxX
            guard overlapsHorizontally, upper.maxY > lower.minY else { continue }
            let cut = (upper.maxY + lower.minY) / 2
            let newUpper = CGRect(x: upper.minX, y: upper.minY, width: upper.width, height: max(0, cut - upper.minY))
            let newLower = CGRect(x: lower.minX, y: cut, width: lower.width, height: max(0, lower.maxY - cut))
            let upperFirst = rects[index].midY <= rects[index + 1].midY
            rects[index] = upperFirst ? newUpper : newLower
            rects[index + 1] = upperFirst ? newLower : newUpper
        }
        return rects
    }

    /// A line's box grown to hold its words' boxes, clipped to the page.
    static func grownBox(_ line: Line, width: Double, height: Double) -> PixelBox {
        (line.words ?? []).reduce(line.box) { $0.union($1.box) }.clipped(toWidth: width, height: height)
    }

    /// A line's skew from its baseline, radians; 0 without a usable baseline.
    static func angle(_ line: Line) -> Double {
        guard let baseline = line.baseline, baseline.count >= 2 else { return 0 }
        let dx = baseline[baseline.count - 1].x - baseline[0].x
        let dy = baseline[baseline.count - 1].y - baseline[0].y
        guard dx > 0 else { return 0 }
        return atan2(dy, dx)
    }

    /// Paragraph unit starts, tiling the text from 0 (hard breaks decide when the layout has no
    /// paragraphs), and each paragraph's base direction from its first strong character.
    static func paragraphs(_ layout: PageLayout, utf16: [UInt16]) -> (starts: [Int], directions: [WritingDirection]) {
        var candidates = layout.paragraphs.map(\.range.start)
        if candidates.isEmpty { candidates = StringTokenizer.hardBreakStarts(utf16, lineSeparatorBreaks: false) }
        if candidates.first != 0 { candidates.insert(0, at: 0) }
        var starts: [Int] = []
        for start in candidates where start != starts.last && start <= utf16.count { starts.append(start) }
        let directions = starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1] : utf16.count
            return firstStrongDirection(utf16[starts[index]..<end])
        }
        return (utf16.isEmpty ? [] : starts, directions)
    }

    var lineCount: Int { lineStarts.count }

    /// The direction of the first strong character: Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan, Mandaic and their presentation forms are right-to-left; any other letter is
    /// left-to-right; no letter at all is `.natural`. (Swift exposes no bidi class, so this
    /// uses the blocks whose letters are all of bidi class R or AL.)
    static func firstStrongDirection<Units: Sequence<UInt16>>(_ units: Units) -> WritingDirection {
        // Decode lazily: stop at the first strong character instead of decoding the paragraph.
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let value = scalar.value
            let rightToLeft =
                (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
                || (0xFE70...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
                || (0x1E800...0x1EFFF).contains(value)
            if rightToLeft { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return .natural
    }

    /// Index of the line whose unit `[start, unitEnd)` holds `offset`; offsets before the first
    /// line map to line 0 and the end of the text to the last line. `nil` without lines.
    func lineIndex(containing offset: Int) -> Int? {
        guard lineCount > 0 else { return nil }
        return max(0, lineStartTable.lastIndex(atMost: offset))
    }

    /// The line a caret at `position` belongs to: at a soft wrap (the offset where one line's
    /// unit ends and the next line starts, with no newline between) `.upstream` picks the
    /// earlier line (`Docs/TextInputContract.md`, "Geometry").
    func caretLineIndex(for position: TextPosition) -> Int? {
        guard var index = lineIndex(containing: position.offset) else { return nil }
        if position.affinity == .upstream, index > 0, lineStarts[index] == position.offset,
            unitEnds[index - 1] == position.offset, !endsWithNewline(index - 1)
        {
            index -= 1
        }
        return index
    }

    /// `true` when the separator after line `index` contains a line break (a paragraph end).
    func endsWithNewline(_ index: Int) -> Bool {
        let separator = lineEnds[index]..<unitEnds[index]
        return separator.contains { StringTokenizer.isParagraphBreak(utf16[$0]) }
    }

    /// The cluster geometry of line `index`, built on first use (again after an edit moved or
    /// changed the line).
    func geometry(ofLine index: Int) -> LineGeometry {
        if let cached = geometryCache[index], cached.geometry.start == lineStarts[index] { return cached.geometry }
        let line: Line =
            index < lines.count
            ? self.line(index)
            : Line(
                range: UTF16Span(lineStarts[index], lineEnds[index]),
                box: PixelBox(x: 0, y: 0, width: pageBounds.width, height: pageBounds.height))
        let units = Array(utf16[line.range.start..<max(line.range.start, line.range.end)])
        let geometry = LineGeometry(line: line, rect: lineRects[index], direction: lineDirections[index], units: units)
        geometryCache[index] = LineGeometryBox(geometry)
        return geometry
    }
}

/// An edit inside one line, as the index makes it and undo takes it back (`Docs/Editing.md`,
/// "Typing on a long page"). Offsets are UTF-16.
struct LineSplice {
    /// The line's index.
    var line: Int
    /// The span replaced, in the text before the edit.
    var range: UTF16Span
    /// The text it held, and the text that replaces it.
    var removed: [UInt16]
    var inserted: [UInt16]
    /// The line before the edit, and after it (in the text after it).
    var before: Line
    var after: Line

    /// The splice that takes this one back.
    var inverse: LineSplice {
        LineSplice(
            line: line, range: UTF16Span(range.start, range.start + inserted.count), removed: inserted, inserted: removed,
            before: after, after: before)
    }
}

extension PageIndex {
    /// Makes `splice` in place: the text spliced, the line replaced, and every offset after it
    /// moved, at the cost of the line and of lists of integers, not of the page's words and
    /// glyphs (those of later lines move when read, or when the document is next built).
    func apply(_ splice: LineSplice) {
        let (h, a) = (splice.line, splice.range.start)
        let delta = splice.inserted.count - splice.range.length
        // Ends at the end of the text grow with text typed there; other ends at the edit stay,
        // the end of the line before an edit that replaces the last line whole among them
        // (`Docs/Hardening.md`, "The corrections harness's fourth finding").
        let atTextEnd = a == utf16.count
        let endsAfter = atTextEnd ? a - 1 : a
        utf16.replace(splice.range.range, with: splice.inserted)
        lines.move(from: h + 1, by: delta) { $0 = splice.after }
        materialised = nil
        moveParagraphs(after: a, by: delta)
        lineStartTable.shift(after: a, by: delta)
        lineEnds.shift(after: a, by: delta)
        lineEnds[h] = splice.after.range.end
        unitEnds.shift(after: endsAfter, by: delta)
        lineUnits.shift(after: a, by: delta, atTextEnd: atTextEnd)
        paragraphUnits.shift(after: a, by: delta, atTextEnd: atTextEnd)
        paragraphStarts.shift(after: a, by: delta)
        geometryCache[h] = nil
        updateDirection(ofParagraphHolding: lineStarts[h])
        let (width, height) = (pageBounds.width, pageBounds.height)
        if Self.grownBox(splice.before, width: width, height: height) != Self.grownBox(splice.after, width: width, height: height) {
            // The line's box grew: rects split against their neighbours, and the hit-testing order, again.
            // Boxes only: where the lines' ranges stand does not matter here.
            lineRects = Self.separatedRects(lines.stored, width: width, height: height)
            geometryCache = Array(repeating: nil, count: geometryCache.count)
            sortByMidY()
        }
    }

    /// Paragraphs moved through an edit at `offset` inside one line: the one holding it ends
    /// `delta` units later, the later ones move whole (pending, as the lines do).
    private func moveParagraphs(after offset: Int, by delta: Int) {
        // The first paragraph ending at or after the edit holds it (a paragraph before it ends
        // before the line does).
        var (low, high) = (0, paragraphs.count)
        while low < high {
            let middle = (low + high) >> 1
            if paragraph(middle).range.end < offset { low = middle + 1 } else { high = middle }
        }
        guard low < paragraphs.count else { return }
        paragraphs.move(from: low + 1, by: delta) { $0.range.end += delta }
    }

    /// Paragraph `index`, where it is in the text now.
    func paragraph(_ index: Int) -> Paragraph { paragraphs[index] }

    /// The base direction of the paragraph unit holding `offset`, worked out again; its lines'
    /// geometry is built again when it changed.
    private func updateDirection(ofParagraphHolding offset: Int) {
        let paragraph = TextUnits.lastIndex(in: paragraphStarts, atMost: offset)
        guard paragraph >= 0 else { return }
        let end = paragraph + 1 < paragraphStarts.count ? paragraphStarts[paragraph + 1] : utf16.count
        let direction = Self.firstStrongDirection(utf16[paragraphStarts[paragraph]..<end])
        guard direction != paragraphDirections[paragraph] else { return }
        paragraphDirections[paragraph] = direction
        for line in lineDirections.indices where lineStarts[line] >= paragraphStarts[paragraph] && lineStarts[line] < end {
            lineDirections[line] = direction
            geometryCache[line] = nil
        }
    }
}
