import Foundation
import LegibleLayout

/// A line of a layout file as the file writes it, for scoring: its text (the words joined by
/// one space), its box (the line's own, else its polygon's bounds, else zero) and its words'
/// boxes, all in image pixels.
public struct TranscribedLine: Sendable, Hashable {
    /// The words of the line joined by one space.
    public var text: String
    /// The line's box in image pixels (zero when the file gives none).
    public var box: PixelBox
    /// The boxes the file gives for the line's words, image pixels.
    public var wordBoxes: [PixelBox]
}

extension LayoutImporter {
    /// The lines of an ALTO, hOCR or PAGE XML file in document order, without building a page: the same
    /// parser and the same refusals as ``importLayout(_:file:image:)``, for readers that only
    /// need text and boxes (ground truth, scoring plain Tesseract's hOCR).
    /// - Throws: ``ImportError`` naming the file and position.
    public static func transcribedLines(_ data: Data, file: String) throws -> [TranscribedLine] {
        try page(data, file: file).paragraphs.flatMap { lines in
            lines.map { line in
                TranscribedLine(
                    text: line.words.map(\.text).joined(separator: " "), box: line.box ?? PixelBox(x: 0, y: 0, width: 0, height: 0),
                    wordBoxes: line.words.compactMap(\.box))
            }
        }
    }

    /// Parses the file and dispatches on its root element.
    static func page(_ data: Data, file: String) throws -> ImportedPage {
        let root = try XMLElement.parse(data, file: file)
        switch root.name {
        case "alto": return try ALTOImporter.read(root, file: file)
        case "html": return try HOCRImporter.read(root, file: file)
        case "PcGts": return try PAGEImporter.read(root, file: file)
        default:
            throw ImportError(
                file: file, line: root.line, column: root.column,
                reason: "root element <\(root.name)> is neither ALTO <alto>, hOCR <html> nor PAGE XML <PcGts>")
        }
    }
}
