import Foundation
import LegibleTextInput

extension ScannedPage {
    /// The UTF-16 range of OCR line `index`'s own characters (no trailing separator); `nil` for
    /// an index outside `0..<lineCount`. Line numbers agree with the tokenizer's `.line` units.
    public func lineRange(_ index: Int) -> TextRange? {
        guard index >= 0, index < index_.lineCount else { return nil }
        return TextRange(index_.lineStarts[index], index_.lineEnds[index])
    }

    /// The layout rect of OCR line `index` in page pixels (origin top-left, y down); rects of
    /// consecutive lines never overlap. `nil` for an invalid index.
    public func lineRect(_ index: Int) -> CGRect? {
        guard index >= 0, index < index_.lineCount else { return nil }
        return index_.lineRects[index]
    }

    /// The OCR line whose layout rect contains `point` (page pixels), or `nil` over margins and
    /// the gaps between lines.
    public func lineIndex(at point: CGPoint) -> Int? {
        guard let index = nearestLine(to: point, slop: 0) else { return nil }
        return index_.lineRects[index].contains(point) || nearestLineDistanceIsZero(index, point) ? index : nil
    }

    /// The OCR line holding the character at `offset` (its unit includes the separator).
    public func lineIndex(containing offset: Int) -> Int? { index_.lineIndex(containing: offset) }

    private var index_: PageIndex { index }

    private func nearestLineDistanceIsZero(_ index: Int, _ point: CGPoint) -> Bool {
        let rect = index_.lineRects[index]
        return point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
    }
}
