import Foundation
import LegibleLayout
import LegiblePages
import LegibleTestSupport
import Testing

@testable import LegibleReading

/// The linear-time passes that replaced quadratic ones give exactly the old answers
/// (`Docs/Reading.md`, "Headings and paragraphs at scale"). The speed itself is measured by
/// `legible-bench reading`, never by a timed test.
@Suite("Linear reading passes")
struct LinearReadingTests {
    @Test("the body median without a candidate's words equals sorting the body again", arguments: 0..<40)
    func medianWithoutCandidate(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let all = (0..<Int(generator.next() % 40 + 1)).map { _ in Double(generator.next() % 8) }.sorted()
        let count = Int(generator.next() % UInt64(min(6, all.count) + 1))
        // Remove `count` values that really are in `all` (a sub-multiset).
        var pool = all
        var removed: [Double] = []
        for _ in 0..<count {
            removed.append(pool.remove(at: Int(generator.next() % UInt64(pool.count))))
        }
        removed.sort()
        let expected = pool.isEmpty ? nil : pool.sorted()[pool.count / 2]
        #expect(Headings.median(of: all, removing: removed) == expected, "all \(all) removing \(removed)")
    }

    @Test("a paragraph's lines found by binary search are the lines inside it", arguments: 0..<20)
    func linesOfParagraph(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let paragraphs = (0..<Int(generator.next() % 6 + 1)).map { _ in
            (0..<Int(generator.next() % 4 + 1)).map { _ in (0..<Int(generator.next() % 4 + 1)).map { _ in "word" }.joined(separator: " ") }
        }
        let layout = LayoutBuilder().layout(paragraphs)
        for paragraph in layout.paragraphs {
            let expected = layout.lines.filter { $0.range.start >= paragraph.range.start && $0.range.end <= paragraph.range.end }
            #expect(layout.lines(of: paragraph) == expected)
        }
    }
}
