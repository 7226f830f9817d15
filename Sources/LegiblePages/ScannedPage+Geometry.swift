import Foundation
import LegibleLayout
import LegibleTextInput

extension ScannedPage {
    /// Width of a caret, page pixels (STTextView draws 2 pt centred on the edge).
    static let caretWidth: Double = 2

    public func caretRect(for position: TextPosition) -> CGRect {
        // Offsets past the end are clamped, never trapped (flutter#128031).
        let offset = min(max(position.offset, 0), length)
        guard let lineIndex = index.caretLineIndex(for: TextPosition(offset: offset, affinity: position.affinity)) else {
            // Empty page: a caret at the text origin with a default line height, never `.zero`.
            return clippedToPage(CGRect(x: 0, y: 0, width: Self.caretWidth, height: PageIndex.defaultLineHeight))
        }
        let geometry = index.geometry(ofLine: lineIndex)
        let x = geometry.caretX(at: min(offset, geometry.end))
        let rect = index.lineRects[lineIndex]
        return clippedToPage(
            CGRect(x: x - Self.caretWidth / 2, y: Double(rect.minY), width: Self.caretWidth, height: max(1, Double(rect.height))))
    }

    public func firstRect(for range: TextRange) -> CGRect {
        guard let range = clamped(range) else { return .zero }
        if range.isEmpty {
            let caret = caretRect(for: range.start)
            return CGRect(x: caret.midX, y: caret.minY, width: 0, height: caret.height)
        }
        return selectionRects(for: range).first?.rect ?? .zero
    }

    public func selectionRects(for range: TextRange) -> [TextSelectionRect] {
        // Geometry snaps outward to whole clusters: half an emoji has no glyph of its own.
        guard let clampedRange = clamped(range), !clampedRange.isEmpty else { return [] }
        let range = normalised(clampedRange)
        guard
            let first = index.lineIndex(containing: range.start.offset),
            let last = index.lineIndex(containing: range.end.offset - 1)
        else { return [] }
        var rects: [TextSelectionRect] = []
        for lineIndex in first...last {
            let lower = max(range.start.offset, index.lineStarts[lineIndex])
            let upper = min(range.end.offset, index.unitEnds[lineIndex])
            // A range that ends right after a separator adds nothing on the next line ("Geometry").
            guard upper > lower || (lineIndex == first && lineIndex == last) else { continue }
            let geometry = index.geometry(ofLine: lineIndex)
            let (minX, maxX) = geometry.xExtent(from: min(lower, geometry.end), to: upper)
            let lineRect = index.lineRects[lineIndex]
            let rect = clippedToPage(CGRect(x: minX, y: Double(lineRect.minY), width: maxX - minX, height: Double(lineRect.height)))
            let angle = index.lineAngles[lineIndex]
            rects.append(
                TextSelectionRect(
                    rect: rect,
                    writingDirection: index.lineDirections[lineIndex] == .rightToLeft ? .rightToLeft : .leftToRight,
                    containsStart: false, containsEnd: false,
                    transform: abs(angle) > 0.001 ? Affine2D.rotation(radians: angle, about: CGPoint(x: rect.midX, y: rect.midY)) : nil))
        }
        if !rects.isEmpty {
            rects[0].containsStart = true
            rects[rects.count - 1].containsEnd = true
        }
        return rects
    }

    /// The rect intersected with the page, so no rect ever leaves the image.
    func clippedToPage(_ rect: CGRect) -> CGRect {
        let bounds = index.pageBounds
        let minX = min(max(rect.minX, bounds.minX), bounds.maxX)
        let minY = min(max(rect.minY, bounds.minY), bounds.maxY)
        let maxX = min(max(rect.maxX, minX), bounds.maxX)
        let maxY = min(max(rect.maxY, minY), bounds.maxY)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Hit testing ("Geometry")

    public func closestPosition(to point: CGPoint) -> TextPosition? {
        guard length > 0, index.lineCount > 0 else { return beginningOfDocument }
        let y = Double(point.y)
        if y < index.topY { return beginningOfDocument }
        if y > index.bottomY { return endOfDocument }
        guard let lineIndex = nearestLine(to: point, slop: .infinity) else { return beginningOfDocument }
        return closestPosition(onLine: lineIndex, x: Double(point.x))
    }

    public func closestPosition(to point: CGPoint, within range: TextRange) -> TextPosition? {
        guard let range = clamped(range) else { return nil }
        guard !range.isEmpty, index.lineCount > 0,
            let first = index.lineIndex(containing: range.start.offset),
            let last = index.lineIndex(containing: range.end.offset - 1)
        else { return range.start }
        // The closest candidate inside the range, not the global answer clamped by offset
        // (Runestone clamps; that picks the wrong line for a point beside the range).
        var best: (position: TextPosition, distance: Double)?
        for lineIndex in first...last {
            let lower = max(range.start.offset, index.lineStarts[lineIndex])
            let upper = min(range.end.offset, index.unitEnds[lineIndex])
            var candidate = closestPosition(onLine: lineIndex, x: Double(point.x))
            if candidate.offset < lower { candidate = TextPosition(offset: lower) }
            if candidate.offset > upper { candidate = TextPosition(offset: upper, affinity: .upstream) }
            let caret = caretRect(for: candidate)
            let dx = max(0, Double(caret.minX - point.x), Double(point.x - caret.maxX))
            let dy = max(0, Double(caret.minY - point.y), Double(point.y - caret.maxY))
            let distance = dx * dx + dy * dy
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.position ?? range.start
    }

    public func characterRange(at point: CGPoint) -> TextRange? {
        let slop = 2.0
        guard length > 0, let lineIndex = nearestLine(to: point, slop: slop) else { return nil }
        let geometry = index.geometry(ofLine: lineIndex)
        guard let cluster = geometry.clusterIndex(atX: Double(point.x), slop: slop) else { return nil }
        return TextRange(geometry.clusterStarts[cluster], geometry.clusterEnds[cluster])
    }

    /// The line whose rect holds the point, else the vertically nearest (then horizontally
    /// nearest); only lines within `slop` pixels count. Scans outward from the point's place in
    /// the y-sorted order and stops once no line can be nearer: O(log n) for a single column.
    func nearestLine(to point: CGPoint, slop: Double) -> Int? {
        let x = Double(point.x)
        let y = Double(point.y)
        let midYs = index.midYs
        guard !midYs.isEmpty else { return nil }
        let pivot = max(0, index.midYTable.lastIndex(atMost: Int(max(0, min(y, 1e9)).rounded(.down))))
        var best: (line: Int, dy: Double, dx: Double)?
        func consider(_ sorted: Int) -> Bool {
            let line = index.linesByMidY[sorted]
            let rect = index.lineRects[line]
            let bound = abs(midYs[sorted] - y) - index.maxHalfHeight
            if let best, bound > best.dy { return false }
            let dy = max(0, Double(rect.minY) - y, y - Double(rect.maxY))
            let dx = max(0, Double(rect.minX) - x, x - Double(rect.maxX))
            if dy <= slop, dx <= slop, best == nil || (dy, dx) < (best!.dy, best!.dx) { best = (line, dy, dx) }
            return true
        }
        var down = pivot
        while down < midYs.count, consider(down) { down += 1 }
        var up = pivot - 1
        while up >= 0, consider(up) { up -= 1 }
        return best?.line
    }

    /// The cluster boundary on line `lineIndex` nearest to page x. Left of the line: its start.
    /// Right of it: the fragment end minus a trailing newline, `.upstream` (`Docs/TextInputContract.md`, "Geometry").
    func closestPosition(onLine lineIndex: Int, x: Double) -> TextPosition {
        let geometry = index.geometry(ofLine: lineIndex)
        switch geometry.landing(atX: x) {
        case .beforeStart:
            return TextPosition(offset: index.lineStarts[lineIndex])
        case .boundary(let offset):
            return TextPosition(offset: offset, affinity: offset == geometry.end ? .upstream : .downstream)
        case .pastEnd:
            var end = index.unitEnds[lineIndex]
            while end > index.lineEnds[lineIndex], StringTokenizer.isParagraphBreak(index.utf16[end - 1]) { end -= 1 }
            return TextPosition(offset: end, affinity: .upstream)
        }
    }
}
