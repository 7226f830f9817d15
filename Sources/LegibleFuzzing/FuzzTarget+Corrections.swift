import Foundation
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleTestSupport

// The `corrections` harness (`Docs/Hardening.md`, "Fuzzing"): a corrections file, as the HTML
// notebook writes it and any local page can shape it, applied by `edit --corrections`.
extension FuzzTarget {
    /// `data` as a corrections file, each page's corrections made in order on a page of emoji,
    /// combining marks and a right-to-left line (whatever text it names, so that the ranges and
    /// texts are what is tried): decoding and checking never trap; every correction accepted
    /// leaves a page that validates, whose text-input contract holds, and whose document is
    /// written within the readers' limit or refused as too large.
    static func corrections(_ data: Data) {
        guard let file = try? Corrections.decoded(data, path: "fuzz") else { return }
        let page = ScannedPage(layout: correctionsPage)
        var made = 0
        for corrections in file.pages {
            for (number, correction) in corrections.corrections.enumerated() {
                guard (try? Corrections.make(correction, on: page, in: "fuzz", number: number + 1)) != nil else { break }
                made += 1
            }
        }
        guard made > 0 else { return }
        do {
            try page.layout.validate()
        } catch {
            preconditionFailure("corrections left a page that does not validate: \(error)")
        }
        precondition(page.length <= correctionsPage.text.utf16.count + Corrections.maximumText, "more added than the file's bound")
        var problems = checkTextInput(page, bounds: page.bounds, sampleLimit: 12)
        // As in the `document` harness: overlapping lines far apart in reading order share points.
        if hasDistantOverlap(page.layout.lines) { problems.removeAll { $0.hasPrefix("centre of a rect") } }
        precondition(problems.isEmpty, "checkTextInput after corrections: \(problems.first ?? "")")
        if let encoded = try? page.layout.encodeDocument() {
            precondition((try? PageLayout.decodeDocument(encoded)) != nil, "a corrected document written that does not read back")
        }
    }

    /// The page corrections are made on: emoji (a ZWJ family), letters with combining marks, and
    /// a right-to-left paragraph.
    static let correctionsPage = LayoutBuilder().layout(
        [["Notes 👩‍👩‍👧 café and more", "naïve re\u{301}sume\u{301} here"], ["שלום עולם טוב"]], rightToLeft: [1])
}
