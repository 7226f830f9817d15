import LegibleLayout

/// Groups recognised lines into paragraphs by geometry. Tesseract's own paragraph detection
/// makes every handwritten line its own paragraph on ruled pages (measured on `Scans/`: the
/// CLI prints a blank line after every line), which would turn soft wraps into "\n" and break
/// reading by paragraph. A line starts a new paragraph when:
/// - it is the first line, or it is not below the previous one (a new column or block);
/// - the blank gap above it exceeds the median line height (a skipped rule line);
/// - it or the previous line is written much larger than the page's typical line (a heading).
package enum ParagraphGrouping {
    package static func group(_ lines: [RecognisedLine]) -> [RecognisedParagraph] {
        guard !lines.isEmpty else { return [] }
        let heights = lines.map(\.box.height).sorted()
        let typical = heights[heights.count / 2]
        var paragraphs: [[RecognisedLine]] = []
        for (index, line) in lines.enumerated() {
            if index == 0 {
                paragraphs.append([line])
                continue
            }
            let previous = lines[index - 1]
            let below = line.box.midY > previous.box.maxY - previous.box.height * 0.25
            let gap = line.box.y - previous.box.maxY
            let large = { (candidate: RecognisedLine) in candidate.box.height > typical * 1.3 }
            let startsNew = !below || gap > typical || large(line) != large(previous) || large(line)
            if startsNew {
                paragraphs.append([line])
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        return paragraphs.map(RecognisedParagraph.init(lines:))
    }
}
