import Foundation
import LegibleLayout

/// Finds headings: a short line standing alone as its own paragraph above body text, written
/// larger (issue "Continuous reading", item 6).
///
/// "Larger" is measured on word boxes, not line boxes: a line box spans ascenders and
/// descenders, so a body line with "g" and "l" is as tall as a heading without them, while the
/// median word height tracks the pen size. On the Chicago pages headings measure 1.45–1.6× the
/// body's median word height (e.g. "Midday" 49 px against 31–33 px), so the threshold is 1.25×.
enum Headings {
    static let sizeRatio = 1.25
    static let maximumWords = 6

    /// Indices of the layout's paragraphs that are headings.
    static func paragraphIndices(in layout: PageLayout) -> Set<Int> {
        func members(_ paragraph: Paragraph) -> [Line] {
            layout.lines(of: paragraph)
        }
        func wordHeights(_ lines: [Line]) -> [Double] {
            lines.flatMap { line in (line.words ?? [Word(range: line.range, box: line.box)]).map(\.box.height) }
        }
        func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
        var result = Set<Int>()
        for (index, paragraph) in layout.paragraphs.enumerated() where index + 1 < layout.paragraphs.count {
            let lines = members(paragraph)
            guard lines.count == 1, let line = lines.first, (line.words?.count ?? 1) <= maximumWords else { continue }
            let others = layout.paragraphs.enumerated().filter { $0.offset != index }.flatMap { members($0.element) }
            guard let own = median(wordHeights([line])), let body = median(wordHeights(others)), body > 0 else { continue }
            if own >= body * sizeRatio { result.insert(index) }
        }
        return result
    }
}
