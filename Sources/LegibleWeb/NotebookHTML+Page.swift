import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTextInput

extension NotebookHTML {
    /// One page: a labelled region holding the scan and, over it, the text layer of headings
    /// and paragraphs (`Docs/Web.md`, "Structure").
    func page(_ index: Int) -> String {
        let scanned = notebook.pages[index]
        let image = scanned.layout.image
        var attributes = "class=\"page\" aria-label=\"Page \(index + 1) of \(notebook.pages.count)\" data-index=\"\(index)\""
        attributes += " data-width=\"\(image.width)\" style=\"--pw:\(image.width);--ph:\(image.height)\""
        if let file = image.file { attributes += " data-file=\"\(HTMLText.attribute(file))\"" }
        if let sha = image.sha256 { attributes += " data-sha256=\"\(HTMLText.attribute(sha))\"" }
        if textChecksums.indices.contains(index) { attributes += " data-text-sha256=\"\(HTMLText.attribute(textChecksums[index]))\"" }
        let pageLanguage = LanguageTag.forLanguages(scanned.layout.engine?.languages)
        if pageLanguage != language { attributes += " lang=\"\(HTMLText.attribute(pageLanguage))\"" }
        var html = "<section \(attributes)>\n" + audioElement(index) + "<div class=\"frame\"><div class=\"sheet\">\n"
        if let source = imageSources.indices.contains(index) ? imageSources[index] : nil {
            let loading = index == 0 ? "" : " loading=\"lazy\""
            html += "<img alt=\"\" src=\"\(HTMLText.attribute(source))\" width=\"\(image.width)\" height=\"\(image.height)\"\(loading)>\n"
        }
        html += "<div class=\"layer\">\n"
        let utf16 = Array(scanned.string.utf16)
        let blocks = notebook.regions[index].map { (region: $0, end: Self.blockEnd(of: $0, in: utf16)) }.filter {
            $0.end > $0.region.range.start.offset
        }
        if blocks.isEmpty { html += "<p class=\"note\">\(HTMLText.content(Notebook.emptyPageNote))</p>\n" }
        let lines = Self.lines(of: scanned)
        var nextLine = 0
        for block in blocks {
            // Lines and blocks are both in reading order: one pass hands each block its lines.
            while nextLine < lines.count, lines[nextLine].start < block.region.range.start.offset { nextLine += 1 }
            var mine: [(index: Int, start: Int, textEnd: Int)] = []
            while nextLine < lines.count, lines[nextLine].start < block.end {
                mine.append(lines[nextLine])
                nextLine += 1
            }
            html += self.block(block.region, end: block.end, lines: mine, of: scanned, utf16: utf16)
        }
        // The folio is for sighted readers; a screen reader hears the region's label instead,
        // and the uncertain words' count from Alt+Shift+D (`Docs/Web.md`, "Uncertain words").
        let uncertain = Self.uncertainCount(scanned.uncertainRanges.count)
        html +=
            "</div>\n</div></div>\n<div class=\"folio\" aria-hidden=\"true\">Page \(index + 1) of \(notebook.pages.count)\(uncertain)</div>\n</section>\n"
        return html
    }

    /// What a page's folio adds for its uncertain words: nothing without any.
    static func uncertainCount(_ count: Int) -> String {
        count == 0 ? "" : " · \(count) uncertain word\(count == 1 ? "" : "s")"
    }

    /// A heading (`<h2>`) or paragraph (`<p>`) whose text nodes add up to the region's text;
    /// `data-start` is its first UTF-16 offset in the page's reading text.
    func block(
        _ region: TextRegion, end: Int, lines: [(index: Int, start: Int, textEnd: Int)], of page: ScannedPage, utf16: [UInt16]
    ) -> String {
        let tag = region.isHeading ? "h2" : "p"
        let start = region.range.start.offset
        // Chromium leaves a <p> whose lines are blocks out of its accessibility tree (role none)
        // unless the role is stated (`Docs/Web.md`, "Text on the ink").
        var html = region.isHeading ? "<h2 data-start=\"\(start)\">" : "<p role=\"paragraph\" data-start=\"\(start)\">"
        var cursor = start
        var flowTop = 0.0
        for line in lines {
            guard let band = LineBand(line: line.index, of: page, textEnd: min(line.textEnd, end), utf16: utf16) else { continue }
            if band.range.lowerBound > cursor { html += Self.loose(utf16[cursor..<band.range.lowerBound]) }
            if cursor > start { html += "<wbr>" }
            html += Self.line(band, flowTop: flowTop)
            flowTop += band.thickness
            cursor = band.range.upperBound
        }
        if end > cursor { html += Self.loose(utf16[cursor..<end]) }
        return html + "</\(tag)>\n"
    }

    /// Every line of the page in reading order: its number, its start, and where its band's
    /// text ends (at the next line's start, never before its own end).
    static func lines(of page: ScannedPage) -> [(index: Int, start: Int, textEnd: Int)] {
        (0..<page.lineCount).compactMap { index in
            guard let range = page.lineRange(index) else { return nil }
            let next = page.lineRange(index + 1)?.start.offset ?? page.length
            return (index, range.start.offset, max(next, range.end.offset))
        }
    }

    /// Where a region's block ends: the region without the paragraph breaks that end it, in
    /// raw UTF-16 units. The HTML slices the text itself rather than through `text(in:)`, which
    /// widens a range to whole grapheme clusters: every block must hold exactly its units.
    static func blockEnd(of region: TextRegion, in utf16: [UInt16]) -> Int {
        var end = min(region.range.end.offset, utf16.count)
        while end > region.range.start.offset,
            StringTokenizer.isParagraphBreak(utf16[end - 1]) || utf16[end - 1] == 0x0C
                || utf16[end - 1] == 0x0B || utf16[end - 1] == 0x85 || utf16[end - 1] == 0x2028
        {
            end -= 1
        }
        return end
    }

    /// Text of a block that no line holds: kept so the block's text stays whole, but given no
    /// room on the page.
    static func loose(_ units: ArraySlice<UInt16>) -> String {
        "<span class=\"loose\">\(HTMLText.content(String(decoding: units, as: UTF16.self)))</span>"
    }

    /// One band: an inline block placed by custom properties in page pixels; its runs inside.
    static func line(_ band: LineBand, flowTop: Double) -> String {
        var style =
            "--x:\(HTMLText.number(band.centreX - band.length / 2));--y:\(HTMLText.number(band.centreY - band.thickness / 2 - flowTop))"
        style += ";--w:\(HTMLText.number(band.length));--h:\(HTMLText.number(band.thickness))"
        if band.angle != 0 { style += ";--a:\((band.angle * 100_000).rounded() / 100_000)rad" }
        var html = "<span class=\"ln\" style=\"\(style)\"\(band.rightToLeft ? " dir=\"rtl\"" : "")>"
        for run in band.runs { html += Self.run(run) }
        return html + "</span>"
    }

    /// One run: its advance, its spaces' advance and its lead as custom properties.
    static func run(_ run: TextRun) -> String {
        var style = "--l:\(HTMLText.number(run.advance))"
        if let space = run.spaceAdvance, HTMLText.number(space) != HTMLText.number(run.advance) {
            style += ";--s:\(HTMLText.number(space))"
        }
        if HTMLText.number(run.lead) != "0" { style += ";--m:\(HTMLText.number(run.lead))" }
        return "<span style=\"\(style)\"\(markAttributes(run.mark))>\(HTMLText.content(run.text))</span>"
    }

    /// The attributes a marked word carries (`Docs/Web.md`, "Corrected words" and "Uncertain
    /// words"): `aria-invalid="spelling"` is what Chromium gives Orca as a misspelling.
    static func markAttributes(_ mark: WordMark) -> String {
        switch mark {
        case .plain: ""
        case .corrected: " data-corrected=\"\""
        case .uncertain: " class=\"unc\" aria-invalid=\"spelling\""
        }
    }
}
