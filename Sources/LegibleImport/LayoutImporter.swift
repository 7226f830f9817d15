import Foundation
import LegibleLayout

/// Imports a transcription someone already has — ALTO v2–v4 (kraken/eScriptorium,
/// Transkribus), hOCR or PAGE XML (Transkribus, eScriptorium) — into the same page document the OCR path writes, without running
/// a recogniser. Reading text follows `Docs/PageDocument.md`, "Reading text" (``PageLayout/assemble``).
public enum LayoutImporter {
    /// Imports `data` (the layout file `file`) for the scan described by `image` (its real
    /// pixel size, file name and hash).
    /// - Throws: ``ImportError`` naming the file and the line/column of the problem: malformed
    ///   or hostile XML, a wrong namespace, negative sizes, boxes outside the image, a page
    ///   size that disagrees with the image.
    public static func importLayout(_ data: Data, file: String, image: PageImage) throws -> PageLayout {
        let page = try page(data, file: file)
        if let width = page.width, let height = page.height, width > 0, height > 0, width != image.width || height != image.height {
            throw ImportError(
                file: file, reason: "the layout describes a \(width)×\(height) page but the image is \(image.width)×\(image.height)")
        }
        let bounds = PixelBox(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        var paragraphs: [RecognisedParagraph] = []
        for lines in page.paragraphs {
            var recognised: [RecognisedLine] = []
            for line in lines {
                guard let completed = GeometryCompletion.recognisedLine(line) else {
                    if line.words.contains(where: { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }) {
                        throw ImportError(
                            file: file, line: line.line, column: line.column, reason: "a text line has no box, polygon or word boxes")
                    }
                    continue
                }
                for box in [completed.box] + completed.words.map(\.box) + completed.words.flatMap({ ($0.glyphs ?? []).map(\.box) }) {
                    guard bounds.contains(box, slack: 1) else {
                        throw ImportError(
                            file: file, line: line.line, column: line.column,
                            reason:
                                "box [\(Int(box.x)), \(Int(box.y)), \(Int(box.width)), \(Int(box.height))] lies outside the \(image.width)×\(image.height) image"
                        )
                    }
                }
                guard completed.box.width > 0, completed.box.height > 0 else {
                    throw ImportError(
                        file: file, line: line.line, column: line.column, reason: "a text line has a box of zero width or height")
                }
                recognised.append(completed)
            }
            if !recognised.isEmpty { paragraphs.append(RecognisedParagraph(lines: recognised)) }
        }
        let engine = EngineInfo(name: "import", version: page.format)
        return PageLayout.assemble(paragraphs, image: image, engine: engine)
    }
}
