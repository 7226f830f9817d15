import Foundation
import LegibleImport
import LegibleLayout

/// Reads the lines and words of an hOCR file (plain `tesseract … hocr` output) for scoring,
/// through the importer's hOCR parser: `ocr_line`-like spans with text, and every `ocrx_word`
/// box, image pixels.
public enum HOCRReader {
    /// Parses hOCR; `nil` when it is not well-formed or not hOCR.
    public static func read(_ data: Data) -> ScoredPage? {
        guard let lines = try? LayoutImporter.transcribedLines(data, file: "hocr") else { return nil }
        return ScoredPage(
            lines: lines.filter { !$0.text.isEmpty }.map { ScoredPage.TextLine(text: $0.text, box: $0.box) },
            wordBoxes: lines.flatMap(\.wordBoxes))
    }
}
