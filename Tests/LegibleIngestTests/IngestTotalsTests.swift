import LegibleIngest
import LegibleLayout
import LegibleTestSupport
import Testing

/// The figures `ingest` reports when it ends, counted from the outcomes.
@Suite("Ingest.Totals")
struct IngestTotalsTests {
    /// An outcome for `name` holding `paragraphs`, its words given `confidence`.
    static func outcome(_ name: String, _ paragraphs: [[String]], confidence: Double?) -> PageOutcome {
        var layout = LayoutBuilder().layout(paragraphs)
        for line in layout.lines.indices {
            layout.lines[line].words = layout.lines[line].words?.map { word in
                var word = word
                word.confidence = confidence
                return word
            }
        }
        var outcome = PageOutcome(page: .image(name))
        outcome.layout = layout
        return outcome
    }

    @Test("pages, lines and words are counted over the page documents; the mean is over the words that have a confidence")
    func counts() {
        let read = Self.outcome("a.png", [["one two three", "four five"]], confidence: 0.9)
        var upToDate = Self.outcome("b.png", [["six"]], confidence: nil)
        upToDate.skipped = true
        var failed = PageOutcome(page: .image("c.png"))
        failed.failure = CancellationError()
        var withText = PageOutcome(page: .pdf("d.pdf", page: 1))
        withText.carriesText = true
        let totals = Ingest.Totals([read, upToDate, failed, withText])
        #expect(totals.pages == 2 && totals.upToDate == 1 && totals.carryingText == 1)
        #expect(totals.lines == 3 && totals.words == 6)
        #expect(abs(totals.meanWordConfidence - 0.9) < 1e-9)
        #expect(Ingest.Totals([upToDate]).meanWordConfidence == 0)
        #expect(Ingest.Totals([]) == Ingest.Totals([failed]))
    }
}
