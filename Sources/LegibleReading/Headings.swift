import Foundation
import LegibleLayout

/// Finds headings: a short line standing alone as its own paragraph above body text, written
/// larger (`Docs/TextInputContract.md`, "Reading layer": the header trait).
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
            members.flatMap { line in line.wordsOrWhole.map(\.box.height) }
        }
        let all = heights.flatMap { $0 }.sorted()
        var result = Set<Int>()
        for index in layout.paragraphs.indices.dropLast() {
            guard lines[index].count == 1, (lines[index][0].words?.count ?? 1) <= maximumWords else { continue }
            let own = heights[index].sorted()
            guard !own.isEmpty, let bodyMedian = median(of: all, removing: own), bodyMedian > 0 else { continue }
            if own[own.count / 2] >= bodyMedian * sizeRatio { result.insert(index) }
        }
        return result
    }

    /// The median (upper middle) of `sorted` once the values of `removed` (a sorted sub-multiset
    /// of it) are taken out, in O(k² log n) for k removed values: the body's median without
    /// sorting the body again for every candidate heading.
    static func median(of sorted: [Double], removing removed: [Double]) -> Double? {
        let remaining = sorted.count - removed.count
        guard remaining > 0 else { return nil }
        let target = remaining / 2
        // The answer is one of sorted[target ... target + k]: at most k values before it went.
        for index in target...min(sorted.count - 1, target + removed.count) {
            let value = sorted[index]
            let first = boundary(sorted) { $0 < value }
            let last = boundary(sorted) { $0 <= value }
            let before = removed.filter { $0 < value }.count
            let equal = removed.filter { $0 == value }.count
            let lower = first - before
            let upper = last - before - equal
            if lower <= target, target < upper { return value }
        }
        return nil
    }

    /// The number of leading elements of `sorted` satisfying `predicate` (which must hold for
    /// a prefix), by binary search.
    static func boundary(_ sorted: [Double], _ predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(sorted[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
