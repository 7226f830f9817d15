import Foundation
import LegibleLayout
import LegibleTextInput

extension ScannedPage {
    // MARK: Visual moves ("Positions and ranges")

    public func position(from position: TextPosition, in direction: TextLayoutDirection, offset: Int) -> TextPosition? {
        guard (0...length).contains(position.offset) else { return nil }
        if offset == 0 { return position }
        if offset < 0 {
            let opposite: TextLayoutDirection = [.left: .right, .right: .left, .up: .down, .down: .up][direction]!
            return self.position(from: position, in: opposite, offset: -offset)
        }
        switch direction {
        case .left, .right:
            let storage = layoutTokenizer.storageDirection(at: position, for: .layout(direction))
            var current = position.offset
            for _ in 0..<offset {
                let next = storage == .forward ? characters.firstEnd(after: current) : characters.lastStart(before: current)
                guard let next else { return nil }
                current = next
            }
            return TextPosition(offset: current)
        case .up, .down:
            // Runestone's rule, modelled on UITextView: above the first line is 0, below the
            // last is the end — a documented exception to "nil outside" (`Docs/TextInputContract.md`, "Positions and ranges").
            guard let lineIndex = index.caretLineIndex(for: position) else { return position }
            let target = direction == .down ? lineIndex + offset : lineIndex - offset
            if target < 0 { return beginningOfDocument }
            if target >= index.lineCount { return endOfDocument }
            let x = Double(caretRect(for: position).midX)
            return closestPosition(onLine: target, x: x)
        }
    }

    public func position(within range: TextRange, farthestIn direction: TextLayoutDirection) -> TextPosition? {
        guard let range = clamped(range) else { return nil }
        switch direction {
        case .up: return range.start
        case .down: return range.end
        case .left, .right:
            let startX = caretRect(for: TextPosition(offset: range.start.offset, affinity: .downstream)).midX
            let endX = caretRect(for: TextPosition(offset: range.end.offset, affinity: .upstream)).midX
            if startX == endX { return range.start }
            let startIsLeft = startX < endX
            return (direction == .left) == startIsLeft ? range.start : range.end
        }
    }

    public func characterRange(byExtending position: TextPosition, in direction: TextLayoutDirection) -> TextRange? {
        guard (0...length).contains(position.offset) else { return nil }
        let storage = layoutTokenizer.storageDirection(at: position, for: .layout(direction))
        let probe = storage == .forward ? position.offset : position.offset - 1
        guard probe >= 0, probe < length, let cluster = characters.index(containing: probe) else { return nil }
        return TextRange(characters[cluster])
    }

    // MARK: Writing direction ("Directions")

    public func baseWritingDirection(for position: TextPosition, in direction: TextStorageDirection) -> WritingDirection {
        let starts = index.paragraphStarts
        guard !starts.isEmpty else { return .natural }
        var paragraph = max(0, TextUnits.lastIndex(in: starts, atMost: position.offset))
        // At a paragraph boundary, backward asks the paragraph that ends there.
        if direction == .backward, paragraph > 0, starts[paragraph] == position.offset { paragraph -= 1 }
        return index.paragraphDirections[paragraph]
    }

    // MARK: Helpers

    /// The range clamped to `0...length`; `nil` when a bound is negative.
    func clamped(_ range: TextRange) -> TextRange? {
        guard range.start.offset >= 0 else { return nil }
        return TextRange(
            TextPosition(offset: min(range.start.offset, length), affinity: range.start.affinity),
            TextPosition(offset: min(range.end.offset, length), affinity: range.end.affinity))
    }

    /// Clamps to the document and snaps both ends outward to grapheme-cluster boundaries.
    func normalised(_ range: TextRange) -> TextRange {
        let lower = min(max(range.start.offset, 0), length)
        let upper = min(max(range.end.offset, 0), length)
        let start = cluster(containing: lower)?.lowerBound ?? lower
        var end = upper
        if let cluster = cluster(containing: upper), cluster.lowerBound < upper { end = cluster.upperBound }
        return TextRange(start, end)
    }

    /// The grapheme cluster holding UTF-16 offset `offset`, from segmenting only the paragraph
    /// around it: no cluster runs past a line feed (UAX #29, GB5), so an edit does not
    /// segment the whole page (`Docs/Editing.md`, "Measured"); a unit between two simple
    /// boundaries (``UnicodeSegmentation/isSimpleBoundary(_:in:)``) is its own cluster without
    /// segmenting at all. Nil outside the text.
    func cluster(containing offset: Int) -> Range<Int>? {
        let units = index.utf16
        guard offset >= 0, offset < units.count else { return nil }
        if UnicodeSegmentation.isSimpleBoundary(offset, in: units), UnicodeSegmentation.isSimpleBoundary(offset + 1, in: units) {
            return offset..<offset + 1
        }
        let start = units[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = units[offset...].firstIndex(of: 0x0A).map { $0 + 1 } ?? units.count
        let local = offset - start
        let found = UnicodeSegmentation.segments(.graphemes, of: Array(units[start..<end])).first { $0.contains(local) }
        return found.map { ($0.lowerBound + start)..<($0.upperBound + start) }
    }
}
