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

/// A layout file's lines and the size of the page it describes, image pixels, when it says.
public struct TranscribedPage: Sendable {
    /// The page's width and height in pixels, when the file gives them.
    public var width: Int?
    /// The page's height in pixels, when the file gives it.
    public var height: Int?
    /// The lines in document order.
    public var lines: [TranscribedLine]
    /// For each line, its words' texts, in order.
    public var wordTexts: [[String]]
}

extension LayoutImporter {
    /// The lines of an ALTO, hOCR or PAGE XML file in document order, without building a page: the same
    /// parser and the same refusals as ``importLayout(_:file:image:)``, for readers that only
    /// need text and boxes (ground truth, scoring plain Tesseract's hOCR).
    /// - Throws: ``ImportError`` naming the file and position.
    public static func transcribedLines(_ data: Data, file: String) throws -> [TranscribedLine] {
        try transcribedPage(data, file: file).lines
    }

    /// The lines of an ALTO, hOCR or PAGE XML file with their words' texts and the page's size,
    /// for aligning a transcription by where it is written (`Docs/Editing.md`, "Aligning by
    /// geometry"). A line without a box of its own has its words' bounds.
    /// - Throws: ``ImportError`` naming the file and position.
    public static func transcribedPage(_ data: Data, file: String) throws -> TranscribedPage {
        let imported = try page(data, file: file)
        let lines = imported.paragraphs.joined()
        return TranscribedPage(
            width: imported.width, height: imported.height,
            lines: lines.map { line in
                let boxes = line.words.compactMap(\.box)
                return TranscribedLine(
                    text: line.words.map(\.text).joined(separator: " "),
                    box: line.box ?? PixelBox.enclosing(boxes) ?? PixelBox(x: 0, y: 0, width: 0, height: 0),
                    wordBoxes: boxes)
            },
            wordTexts: lines.map { $0.words.map(\.text) })
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
