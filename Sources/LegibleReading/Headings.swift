import Foundation
import LegibleLayout

/// Finds headings: a short line standing alone as its own paragraph above body text, written
/// larger (issue "Continuous reading", item 6).
///
/// "Larger" is measured on word boxes, not line boxes: a line box spans ascenders and
/// descenders, so a body line with "g" and "l" is as tall as a heading without them, while the
/// median word height tracks the pen size. On the Chicago pages (Tesseract's word boxes) the
/// headings' median word height is 1.63–1.76× the body's (57–60 px against 34–35 px), and a
/// one-line body paragraph such as "The zoo had lots of animals." is about 1.0×, so the
/// threshold is 1.25×.
enum Headings {
    static let sizeRatio = 1.25
    static let maximumWords = 6

    /// Indices of the layout's paragraphs that are headings.
    static func paragraphIndices(in layout: PageLayout) -> Set<Int> {
        // Lines and word heights per paragraph, computed once for the whole page.
        let lines = layout.paragraphs.map { layout.lines(of: $0) }
        let heights = lines.map { members in
            members.flatMap { line in (line.words ?? [Word(range: line.range, box: line.box)]).map(\.box.height) }
        }
        func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            return values.sorted()[values.count / 2]
        }
        var result = Set<Int>()
        for index in layout.paragraphs.indices.dropLast() {
            guard lines[index].count == 1, (lines[index][0].words?.count ?? 1) <= maximumWords else { continue }
            let body = heights.indices.filter { $0 != index }.flatMap { heights[$0] }
            guard let own = median(heights[index]), let bodyMedian = median(body), bodyMedian > 0 else { continue }
            if own >= bodyMedian * sizeRatio { result.insert(index) }
        }
        return result
    }
}
