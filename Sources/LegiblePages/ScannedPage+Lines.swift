import Foundation
import LegibleTextInput

extension ScannedPage {
    /// The UTF-16 range of OCR line `line`'s own characters (no trailing separator); `nil` for
    /// a number outside `0..<lineCount`. Line numbers agree with the tokenizer's `.line` units.
    public func lineRange(_ line: Int) -> TextRange? {
        guard line >= 0, line < index.lineCount else { return nil }
        return TextRange(index.lineStarts[line], index.lineEnds[line])
    }

    /// The layout rect of OCR line `line` in page pixels (origin top-left, y down); rects of
    /// consecutive lines never overlap. `nil` for an invalid number.
    public func lineRect(_ line: Int) -> CGRect? {
        guard line >= 0, line < index.lineCount else { return nil }
        return index.lineRects[line]
    }

    /// The skew of OCR line `line` from its baseline, in radians: positive when the line descends
    /// to the right in page pixels (y down), 0 without a baseline; `nil` for an invalid number.
    /// ``selectionRects(for:)`` reports the same angle as each rect's rotation.
    public func lineAngle(_ line: Int) -> Double? {
        guard line >= 0, line < index.lineCount else { return nil }
        return index.lineAngles[line]
    }

    /// The OCR line whose layout rect contains `point` (page pixels, edges included), or `nil`
    /// over margins and the gaps between lines: a nearest-line search that allows no slop.
    public func lineIndex(at point: CGPoint) -> Int? { nearestLine(to: point, slop: 0) }

    /// The OCR line holding the character at `offset` (its unit includes the separator).
    public func lineIndex(containing offset: Int) -> Int? { index.lineIndex(containing: offset) }
}
