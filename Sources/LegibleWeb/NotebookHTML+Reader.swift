import Foundation
import LegiblePages
import LegibleReading

// The reader view (`Docs/Web.md`, "Reader view"), an Accessibility Reader for the notebook: the
// pages' text reflowed in type a reader sets, instead of the scans. Its blocks carry the same
// `data-start` offsets as the text layer, so selection, copy, "Save selection" and the spoken
// word's highlight work there as on the ink.
extension NotebookHTML {
    /// The reader view, a `main` of its own shown instead of the scans' (only one is ever not
    /// hidden): per page a labelled section with the page marked, then its headings and
    /// paragraphs; hidden until the reader turns it on.
    func readerView() -> String {
        var html = "<main id=\"reader\" aria-label=\"Reader view\" hidden>\n"
        for index in notebook.pages.indices {
            let scanned = notebook.pages[index]
            let utf16 = Array(scanned.string.utf16)
            let label = "Page \(index + 1) of \(notebook.pages.count)"
            html += "<section class=\"reader-page\" data-index=\"\(index)\" aria-label=\"\(label)\">\n"
            let uncertain = scanned.uncertainRanges.map { $0.start.offset..<$0.end.offset }
            html += "<p class=\"page-mark\" aria-hidden=\"true\">\(label)\(Self.uncertainCount(uncertain.count))</p>\n"
            for region in notebook.regions[index] {
                let start = region.range.start.offset
                let end = Self.blockEnd(of: region, in: utf16)
                guard end > start else { continue }
                let text = Self.readerText(utf16, start..<end, uncertain: uncertain)
                html += region.isHeading ? "<h2 data-start=\"\(start)\">\(text)</h2>\n" : "<p data-start=\"\(start)\">\(text)</p>\n"
            }
            html += "</section>\n"
        }
        return html + "</main>\n"
    }

    /// The text of `range` as the reader view holds it: the uncertain words among `uncertain`
    /// (UTF-16, in order) marked as in the text layer, the rest plain.
    static func readerText(_ utf16: [UInt16], _ range: Range<Int>, uncertain: [Range<Int>]) -> String {
        func content(_ part: Range<Int>) -> String { HTMLText.content(String(decoding: utf16[part], as: UTF16.self)) }
        var html = ""
        var cursor = range.lowerBound
        for word in uncertain where word.lowerBound >= cursor && word.upperBound <= range.upperBound {
            html += content(cursor..<word.lowerBound)
            html += "<span\(markAttributes(.uncertain))>\(content(word))</span>"
            cursor = word.upperBound
        }
        return html + content(cursor..<range.upperBound)
    }

    /// The reader view's switch and settings: text size (100 % to 400 %), spacing (WCAG 1.4.12's
    /// and more), font and colours, including a custom pair that must contrast 7:1.
    static let readerTools = """
        <div class="tools" role="group" aria-label="Reader view">
        <button type="button" id="reader-toggle" aria-pressed="false" aria-keyshortcuts="Alt+Shift+W">Reader view</button>
        </div>
        <div class="tools" id="reader-settings" role="group" aria-label="Reader settings" hidden>
        <label>Text size <select id="reader-size"><option value="1">100 %</option><option value="1.25">125 %</option>\
        <option value="1.5">150 %</option><option value="2">200 %</option><option value="2.5">250 %</option>\
        <option value="3">300 %</option><option value="4">400 %</option></select></label>
        <label>Spacing <select id="reader-spacing"><option value="normal">Normal</option>\
        <option value="wide">Wide (WCAG 1.4.12)</option><option value="wider">Wider</option></select></label>
        <label>Font <select id="reader-font"><option value="sans">Legible sans</option><option value="serif">Serif</option>\
        <option value="mono">Monospace</option></select></label>
        <label>Colours <select id="reader-colours"><option value="light">Light</option><option value="dark">Dark</option>\
        <option value="contrast">High contrast</option><option value="custom">Custom</option></select></label>
        <span id="reader-custom" hidden><label>Text <input type="color" id="reader-text" value="#1a1a1a"></label>
        <label>Background <input type="color" id="reader-background" value="#fffbe6"></label>
        <output id="reader-contrast" for="reader-text reader-background"></output></span>
        </div>

        """

    /// The reader view's CSS: reflowed, no fixed widths (WCAG 1.4.10 at 320 CSS pixels), sizes
    /// and spacing from custom properties the script sets. `hidden` wins over the tool rows'
    /// `display:flex`: a settings row shown while the reader view is off put Orca in focus mode
    /// on its first list as the page loaded (`Docs/Web.md`, "Reader view").
    static let readerStyle = asset(PackageResources.reader_css)
}
