import Foundation
import LegibleLayout

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the lines and words of an hOCR file (plain `tesseract … hocr` output) for scoring:
/// `ocr_line`-like spans (`ocr_line`, `ocr_header`, `ocr_caption`, `ocr_textfloat`) and
/// `ocrx_word` spans with their `bbox` properties, image pixels.
public enum HOCRReader {
    /// Parses hOCR; `nil` when it is not well-formed XML.
    public static func read(_ data: Data) -> ScoredPage? {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return ScoredPage(lines: reader.lines, wordBoxes: reader.words)
    }

    static func bbox(_ title: String?) -> PixelBox? {
        guard let title else { return nil }
        for property in title.split(separator: ";") {
            let parts = property.split(separator: " ").map(String.init)
            if parts.first == "bbox", parts.count == 5 {
                let values = parts.dropFirst().compactMap(Double.init)
                guard values.count == 4 else { return nil }
                return PixelBox(left: values[0], top: values[1], right: values[2], bottom: values[3])
            }
        }
        return nil
    }

    final class Reader: NSObject, XMLParserDelegate {
        var lines: [ScoredPage.TextLine] = []
        var words: [PixelBox] = []
        private var lineBox: PixelBox?
        private var lineWords: [String] = []
        private var inWord = false
        private var wordText = ""
        private var depthInWord = 0
        static let lineClasses: Set<String> = ["ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat"]

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let classes = Set((attributes["class"] ?? "").split(separator: " ").map(String.init))
            if inWord { depthInWord += 1 }
            if !classes.isDisjoint(with: Self.lineClasses) {
                lineBox = HOCRReader.bbox(attributes["title"])
                lineWords = []
            } else if classes.contains("ocrx_word") {
                inWord = true
                depthInWord = 0
                wordText = ""
                if let box = HOCRReader.bbox(attributes["title"]) { words.append(box) }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inWord { wordText += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if inWord {
                if depthInWord > 0 {
                    depthInWord -= 1
                    return
                }
                inWord = false
                let text = wordText.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { lineWords.append(text) }
                return
            }
            if elementName == "span", let box = lineBox {
                if !lineWords.isEmpty { lines.append(ScoredPage.TextLine(text: lineWords.joined(separator: " "), box: box)) }
                lineBox = nil
            }
        }
    }
}
