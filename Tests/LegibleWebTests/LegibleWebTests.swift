import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTestSupport
import Testing

@testable import LegibleWeb

/// The pieces of the HTML notebook that need no browser (`Docs/Web.md`).
@Suite("LegibleWeb")
struct LegibleWebTests {
    @Test("a rotated band's bounds are exactly its line rect; a steep line stays level")
    func straightened() {
        for degrees in [0.5, 1.5, -2.0] {
            let angle = degrees * .pi / 180
            let (length, thickness, turned) = LineBand.straightened(width: 840, height: 55, angle: angle)
            #expect(turned == angle)
            #expect(abs(length * cos(angle) + thickness * abs(sin(angle)) - 840) < 1e-6)
            #expect(abs(length * abs(sin(angle)) + thickness * cos(angle) - 55) < 1e-6)
        }
        let steep = LineBand.straightened(width: 900, height: 40, angle: 10 * .pi / 180)
        #expect(steep == (900, 40, 0))
    }

    @Test("a word absorbs the spaces after it; other segments stay runs of their own")
    func runs() {
        let runs = TextRun.runs(from: [
            .init(text: "We", from: 0, to: 40), .init(text: "  ", from: 40, to: 60), .init(text: "go", from: 70, to: 90),
            .init(text: ",", from: 90, to: 95),
        ])
        #expect(runs.map(\.text) == ["We  ", "go", ","])
        #expect(runs[0].advance == 20 && runs[0].spaceAdvance == 10 && runs[0].lead == 0)
        #expect(runs[1].lead == 10 && runs[1].advance == 10)
        #expect(runs[2].lead == 0 && runs[2].advance == 5)
    }

    @Test("escaping keeps every UTF-16 offset of the text")
    func escaping() {
        let text = "a<b & \u{0}c\u{7F}👩‍👩‍👧 e\u{301}"
        let escaped = HTMLText.content(text)
        let decoded = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
        #expect(decoded.utf16.count == text.utf16.count)
        #expect(!escaped.contains("\u{0}") && !escaped.contains("<"))
        #expect(HTMLText.attribute("say \"hi\"") == "say &quot;hi&quot;")
        #expect([12, -3.5, 0.25, 0.004, -0.004, 1.006, 100.1].map(HTMLText.number) == ["12", "-3.5", "0.25", "0", "0", "1.01", "100.1"])
    }

    @Test("Tesseract languages become BCP 47 tags")
    func languages() {
        #expect(LanguageTag.forLanguages("eng") == "en")
        #expect(LanguageTag.forLanguages("deu+eng") == "de")
        #expect(LanguageTag.forLanguages("chi_sim") == "zh-Hans")
        #expect(LanguageTag.forLanguages("xyz") == "xyz")
        #expect(LanguageTag.forLanguages("Latin") == "und")
        #expect(LanguageTag.forLanguages(nil) == "und")
    }

    @Test("a page's blocks hold its whole reading text, headings as h2, in reading order")
    func blocks() throws {
        let layout = LayoutBuilder().layout([["Title"], ["first line of text", "and its second line"], ["last paragraph"]])
        let page = ScannedPage(layout: layout)
        let html = NotebookHTML(notebook: Notebook(pages: [page]), title: "T <1>", imageSources: ["a b.png"]).render()
        #expect(html.contains("<title>T &lt;1&gt;</title>"))
        #expect(html.contains("aria-label=\"Page 1 of 1\""))
        #expect(html.contains("<img alt=\"\" src=\"a b.png\""))
        // The scans' text layer and the reader view each hold the page's text, block by block.
        for view in ["notebook", "reader"] {
            var rebuilt = ""
            for (start, text) in NotebookHTML.blockTexts(inRendered: html, view: view) {
                rebuilt += String(repeating: "\n", count: start - rebuilt.utf16.count) + text
            }
            #expect(rebuilt == layout.text, "\(view)")
        }
    }
}

/// Uncertain words in the HTML notebook (`Docs/Web.md`, "Uncertain words"): marked in both
/// views, counted per page, the text unchanged; a corrected word marked as a person's instead.
@Suite("Uncertain words in the HTML notebook")
struct WebUncertaintyTests {
    /// The words in the text layer's (or reader view's) `<span>`s carrying `attribute`.
    static func marked(_ html: String, view: String, attribute: String) -> [String] {
        guard let main = html.range(of: "<main id=\"\(view)\"") else { return [] }
        let body = html[main.lowerBound...]
        let end = body.range(of: "</main>")?.lowerBound ?? body.endIndex
        var words: [String] = []
        var rest = body[..<end]
        while let found = rest.range(of: attribute) {
            let after = rest[found.upperBound...]
            guard let open = after.firstIndex(of: ">"), let close = after.range(of: "</span>") else { break }
            words.append(String(after[after.index(after: open)..<close.lowerBound]).trimmingCharacters(in: .whitespaces))
            rest = after[close.upperBound...]
        }
        return words
    }

    @Test("uncertain words carry aria-invalid=spelling in both views; the folio counts them; the text is whole")
    func marking() throws {
        let doubtful: Set<String> = ["qvick", "brwn", "ovr"]
        let layouts = [
            LayoutBuilder().layout([["the qvick fox"], ["a brwn dog jumps", "ovr it"]]), LayoutBuilder().layout([["all clear"]]),
        ].map { $0.withConfidences { doubtful.contains($0) ? 0.2 : 0.9 } }
        let pages = layouts.map(ScannedPage.init(layout:))
        // A correction on page 1: the word is a person's now, marked so, and no longer uncertain.
        pages[0].isEditable = true
        pages[0].replace(pages[0].uncertainRanges[0], withText: "quick")
        let html = NotebookHTML(notebook: Notebook(pages: pages), title: "T", imageSources: [nil, nil]).render()
        for view in ["notebook", "reader"] {
            #expect(Self.marked(html, view: view, attribute: "aria-invalid=\"spelling\"") == ["brwn", "ovr"], "\(view)")
            // Page 1's blocks (their starts rise until page 2 begins again at 0) hold its text.
            var rebuilt = ""
            for (start, text) in NotebookHTML.blockTexts(inRendered: html, view: view) {
                guard start >= rebuilt.utf16.count else { break }
                rebuilt += String(repeating: "\n", count: start - rebuilt.utf16.count) + text
            }
            #expect(rebuilt == pages[0].string, "\(view): the text of page 1")
        }
        #expect(Self.marked(html, view: "notebook", attribute: "data-corrected=\"\"") == ["quick"])
        #expect(html.contains(">Page 1 of 2 · 2 uncertain words</div>") && html.contains(">Page 2 of 2</div>"))
        #expect(html.contains("id=\"next-uncertain\" aria-keyshortcuts=\"Alt+Shift+D\""))
        #expect(html.contains("2 words are underlined as uncertain"))
        // A notebook with none offers no tool.
        let plain = NotebookHTML(
            notebook: Notebook(pages: [ScannedPage(layout: LayoutBuilder().layout([["sure"]]))]), title: "T", imageSources: [nil])
        #expect(!plain.render().contains("id=\"next-uncertain\"") && !plain.render().contains("aria-invalid=\"spelling\">"))
    }
}
