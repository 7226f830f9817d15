import LegibleImport
import LegibleLayout

extension TypedLine {
    /// Why a layout file's lines cannot be laid on a page: its page has another shape.
    public struct ShapeMismatch: Error, Equatable, Sendable {
        /// The file's page size, pixels.
        public var width: Int
        /// The file's page height, pixels.
        public var height: Int
    }

    /// An ALTO, hOCR or PAGE XML file's lines in `layout`'s image pixels (`Docs/Editing.md`,
    /// "Aligning by geometry"): a file for the same scan at another size is scaled; one whose
    /// page has another shape (the two scales more than 2 % apart) throws ``ShapeMismatch``.
    /// Boxes of zero area are none; a line's words carry boxes only when every word has one.
    public static func lines(of file: TranscribedPage, on layout: PageLayout) throws(ShapeMismatch) -> [TypedLine] {
        var (scaleX, scaleY) = (1.0, 1.0)
        if let width = file.width, let height = file.height, width > 0, height > 0 {
            (scaleX, scaleY) = (Double(layout.image.width) / Double(width), Double(layout.image.height) / Double(height))
            guard abs(scaleX - scaleY) <= 0.02 * max(scaleX, scaleY) else { throw ShapeMismatch(width: width, height: height) }
        }
        func scaled(_ box: PixelBox) -> PixelBox? {
            box.width * box.height > 0
                ? PixelBox(x: box.x * scaleX, y: box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY) : nil
        }
        return zip(file.lines, file.wordTexts).map { line, words in
            let boxes = line.wordBoxes.compactMap(scaled)
            let typedWords = boxes.count == words.count ? zip(words, boxes).map { Word(text: $0, box: $1) } : []
            return TypedLine(text: line.text, box: scaled(line.box), words: typedWords)
        }
    }
}
