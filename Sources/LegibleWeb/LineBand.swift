import Foundation
import LegibleLayout
import LegiblePages
import LegibleTextInput

/// One scan line of the HTML text layer: a band of text laid along the line's baseline so that
/// every word of the reading text sits on its ink (`Docs/Web.md`, "Text on the ink").
///
/// The band is a rectangle of ``length`` × ``thickness`` page pixels, centred on the line's
/// layout rect and turned by ``angle``, chosen so that its axis-aligned bounds are exactly that
/// rect. Its text is cut into ``TextRun``s whose widths come from the same caret geometry as
/// `legible rects`, so a browser's selection rects and ours agree.
struct LineBand: Sendable {
    /// The UTF-16 range of the band's text in the page's reading text: the line's own
    /// characters plus the separator after it, when that separator is inside the paragraph.
    var range: Range<Int>
    /// Centre of the line's layout rect, page pixels (origin top-left, y down).
    var centreX: Double
    /// Centre of the line's layout rect, page pixels (origin top-left, y down).
    var centreY: Double
    /// Length of the band along its baseline, page pixels.
    var length: Double
    /// Thickness of the band across its baseline, page pixels.
    var thickness: Double
    /// The band's rotation, radians, clockwise on screen (page y runs down); 0 when the line is
    /// level or too steep to straighten.
    var angle: Double
    /// Whether reading runs right to left along the band (the caret moves leftward).
    var rightToLeft: Bool
    /// The runs in reading order.
    var runs: [TextRun]

    /// The thinnest band, as a share of its rect's height, that is still worth straightening; a
    /// thinner one means a steep, long line whose rotated text would be too small to select.
    static let minimumThicknessShare = 0.25

    /// The band of line `line` of `page`, whose text is `[lineStart, textEnd)` of `utf16`, the
    /// page's reading text (passed in so a page's lines share one copy).
    init?(line: Int, of page: ScannedPage, textEnd: Int, utf16: [UInt16]) {
        guard let lineRange = page.lineRange(line), let rect = page.lineRect(line), textEnd > lineRange.start.offset else { return nil }
        let start = lineRange.start.offset
        // A line that runs past its block (a document whose line crosses a paragraph's end)
        // is cut at the block; the rest is the next block's.
        let lineEnd = lineRange.end.offset
        let end = min(lineEnd, textEnd)
        let (length, thickness, angle) = Self.straightened(
            width: Double(rect.width), height: Double(rect.height), angle: page.lineAngle(line) ?? 0)
        let caretX = { (offset: Int) in
            Double(page.caretRect(for: TextPosition(offset: offset, affinity: offset == lineEnd ? .upstream : .downstream)).midX)
        }
        let rightToLeft = end > start && caretX(end) < caretX(start)
        // Band position of a page x: along the reading direction from the band's leading end.
        let sign: Double = rightToLeft ? -1 : 1
        let layoutLine = page.layout.lines.indices.contains(line) ? page.layout.lines[line] : nil
        let boundaries = Self.boundaries(of: layoutLine, start: start, end: end)
        let positions = boundaries.map { sign * (caretX($0) - Double(rect.midX)) / cos(angle) + length / 2 }
        self.range = start..<textEnd
        self.centreX = Double(rect.midX)
        self.centreY = Double(rect.midY)
        (self.length, self.thickness, self.angle) = (length, thickness, angle)
        self.rightToLeft = rightToLeft
        var segments = Self.segments(utf16, boundaries: boundaries, positions: positions, textEnd: textEnd)
        let marks = Self.marks(of: layoutLine)
        for index in segments.indices where index < boundaries.count {
            segments[index].mark = marks[boundaries[index]] ?? .plain
        }
        runs = TextRun.runs(from: segments)
    }

    /// The marked words of `line` by their first UTF-16 offset: corrected, or uncertain.
    static func marks(of line: Line?) -> [Int: WordMark] {
        var marks: [Int: WordMark] = [:]
        for word in line?.wordsOrWhole ?? [] {
            if word.corrected == true {
                marks[word.range.start] = .corrected
            } else if word.isUncertain {
                marks[word.range.start] = .uncertain
            }
        }
        return marks
    }

    /// The pieces between consecutive boundaries, each at its band positions, then the
    /// separator after the line (up to `textEnd`), which takes no room, as in `legible rects`.
    static func segments(_ utf16: [UInt16], boundaries: [Int], positions: [Double], textEnd: Int) -> [TextRun.Segment] {
        var segments: [TextRun.Segment] = []
        for index in boundaries.indices.dropLast() {
            let text = String(decoding: utf16[boundaries[index]..<boundaries[index + 1]], as: UTF16.self)
            segments.append(TextRun.Segment(text: text, from: positions[index], to: max(positions[index], positions[index + 1])))
        }
        if let end = boundaries.last, textEnd > end {
            let position = positions.last ?? 0
            segments.append(TextRun.Segment(text: String(decoding: utf16[end..<textEnd], as: UTF16.self), from: position, to: position))
        }
        return segments
    }

    /// The band whose rotation by `angle` has axis-aligned bounds `width` × `height`: solves
    /// `width = L cos + T sin` and `height = L sin + T cos` for length L and thickness T. A line
    /// too steep for a band of useful thickness stays level and fills its rect.
    static func straightened(width: Double, height: Double, angle: Double) -> (Double, Double, Double) {
        let cosine = cos(abs(angle))
        let sine = sin(abs(angle))
        let determinant = cosine * cosine - sine * sine
        guard abs(angle) > 0.001, determinant > 0.5 else { return (width, height, 0) }
        let length = (width * cosine - height * sine) / determinant
        let thickness = (height * cosine - width * sine) / determinant
        guard thickness >= height * minimumThicknessShare, length > 0 else { return (width, height, 0) }
        return (length, thickness, angle)
    }

    /// The line's start and end and its words' starts and ends inside them, ascending.
    static func boundaries(of line: Line?, start: Int, end: Int) -> [Int] {
        var offsets: Set<Int> = [start, end]
        for word in line?.words ?? [] {
            for offset in [word.range.start, word.range.end] where offset > start && offset < end { offsets.insert(offset) }
        }
        return offsets.sorted()
    }
}
