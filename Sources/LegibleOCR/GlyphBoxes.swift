import LegibleLayout

/// Glyph boxes from Tesseract's LSTM engine are unreliable (tesseract-ocr/tesseract issue 3105:
/// symbol boxes that overlap, collapse to zero width or fall outside their word). We keep them
/// only when they pass every check below, and otherwise split the word box among the word's
/// grapheme clusters in proportion (one equal share each), which is what the page geometry
/// would do by itself but makes the estimate explicit in the document.
enum GlyphBoxes {
    static func validated(_ symbols: [RawSymbol], wordText: String, wordBox: PixelBox) -> [RecognisedGlyph] {
        let slack = 3.0
        let texts = symbols.map(\.text).joined()
        var valid = !symbols.isEmpty && texts == wordText
        var previousLeft = -Double.infinity
        for symbol in symbols where valid {
            valid =
                symbol.box.width > 0 && symbol.box.height > 0 && wordBox.contains(symbol.box, slack: slack)
                && symbol.box.x >= previousLeft - slack && !symbol.text.isEmpty
            previousLeft = symbol.box.x
        }
        if valid { return symbols.map { RecognisedGlyph(text: $0.text, box: $0.box) } }
        return characterShare(wordText, in: wordBox)
    }

    /// The word box cut into equal vertical slices, one per grapheme cluster.
    static func characterShare(_ text: String, in box: PixelBox) -> [RecognisedGlyph] {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        let step = box.width / Double(characters.count)
        return characters.enumerated().map { index, character in
            RecognisedGlyph(
                text: String(character),
                box: PixelBox(x: (box.x + step * Double(index)).rounded(), y: box.y, width: max(1, step.rounded()), height: box.height)
                    .clipped(toWidth: box.maxX, height: box.maxY))
        }
    }
}
