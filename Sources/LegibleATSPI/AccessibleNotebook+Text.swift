import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTextInput

/// A rectangle in the bridge's frame (`Docs/ATSPI.md`, "Coordinates").
public struct FrameRect: Equatable, Sendable {
    /// Left edge, pixels.
    public var x: Double
    /// Top edge, pixels (y down).
    public var y: Double
    /// Width, pixels.
    public var width: Double
    /// Height, pixels.
    public var height: Double

    /// Creates a rect; all values in frame pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    static let zero = FrameRect(x: 0, y: 0, width: 0, height: 0)

    func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px <= x + width && py >= y && py <= y + height }
}

/// The text units the bridge asks for, as AT-SPI names them.
public enum AccessibleUnit: Int32, Sendable {
    /// A grapheme cluster (AT-SPI "char"; Legible never splits one).
    case character = 0
    /// A word.
    case word = 1
    /// A sentence.
    case sentence = 2
    /// A scan line.
    case line = 3
    /// A paragraph.
    case paragraph = 4

    var granularity: TextGranularity {
        switch self {
        case .character: return .character
        case .word: return .word
        case .sentence: return .sentence
        case .line: return .line
        case .paragraph: return .paragraph
        }
    }
}

extension AccessibleNotebook {
    /// The stretch of a page's text that a node shows: UTF-16 `[start, end)` of page `page`.
    struct TextSpan {
        var page: Int
        var start: Int
        var end: Int
    }

    func span(_ number: Int) -> TextSpan? {
        switch node(number) {
        case .page(let index): return TextSpan(page: index, start: 0, end: notebook.pages[index].length)
        case .region(let index):
            let region = regions[index]
            let start = region.range.start.offset
            return TextSpan(page: region.pageIndex, start: start, end: start + region.text.utf16.count)
        default: return nil
        }
    }

    func map(_ page: Int) -> CodePointMap {
        if let map = maps[page] { return map }
        let map = CodePointMap(notebook.pages[page].string)
        maps[page] = map
        return map
    }

    /// Page UTF-16 offset of the node's code point `offset`, clamped to the node.
    func utf16(_ offset: Int, in span: TextSpan) -> Int {
        let map = map(span.page)
        return min(max(map.utf16(map.codePoint(span.start) + offset), span.start), span.end)
    }

    /// The node's code point at page UTF-16 offset `utf16`, clamped to the node.
    func codePoint(_ utf16: Int, in span: TextSpan) -> Int {
        let map = map(span.page)
        let clamped = min(max(utf16, span.start), span.end)
        return map.codePoint(clamped) - map.codePoint(span.start)
    }

    // MARK: Text

    /// The length of node `number`'s text in code points (AT-SPI's unit).
    public func characterCount(_ number: Int) -> Int {
        if node(number) == .announcer { return announcement.unicodeScalars.count }
        guard let span = span(number) else { return 0 }
        return codePoint(span.end, in: span)
    }

    /// Code points `[start, end)` of the node's text; `end` -1 means to the end.
    public func text(_ number: Int, _ start: Int, _ end: Int) -> String {
        if node(number) == .announcer {
            let scalars = Array(announcement.unicodeScalars)
            let upper = end < 0 ? scalars.count : min(end, scalars.count)
            let lower = min(max(start, 0), upper)
            return String(String.UnicodeScalarView(scalars[lower..<upper]))
        }
        guard let span = span(number) else { return "" }
        let lower = utf16(start, in: span)
        let upper = end < 0 ? span.end : max(lower, utf16(end, in: span))
        return notebook.pages[span.page].text(in: TextRange(lower, upper)) ?? ""
    }

    /// The unit around code point `offset` (`Docs/ATSPI.md`, "Units"): from the boundary at or
    /// before it to the next boundary, where boundaries are unit starts (`edge` 0) or ends (1);
    /// `shift` -1 and +1 give the unit before and after. Code points of the node.
    public func unit(_ number: Int, at offset: Int, _ unit: AccessibleUnit, edge: Int, shift: Int) -> (Int, Int) {
        guard let span = span(number) else {
            let count = characterCount(number)
            return shift == 0 ? (0, count) : (shift < 0 ? (0, 0) : (count, count))
        }
        let page = notebook.pages[span.page]
        let units = page.tokenizer.units(for: unit.granularity)
        // Boundaries are the unit starts (or ends) with the text's two ends added; they are
        // read in place, so a call costs a binary search, not a copy of the page's units.
        let inner = edge == 0 ? units.starts : units.ends
        let leading = inner.first == 0 ? 0 : 1
        let count = leading + inner.count + (inner.last == page.length ? 0 : 1)
        func boundary(_ index: Int) -> Int {
            if index < leading { return 0 }
            return index - leading < inner.count ? inner[index - leading] : page.length
        }
        let position = utf16(offset, in: span)
        let found = inner.isEmpty ? 0 : leading + TextUnits.lastIndex(in: inner, atMost: position)
        let index = (position < boundary(found) ? found - 1 : found) + shift
        guard index >= 0 else { return (0, 0) }
        guard index + 1 < count else { return (characterCount(number), characterCount(number)) }
        return (codePoint(boundary(index), in: span), codePoint(boundary(index + 1), in: span))
    }

    /// The BCP 47 language of the node's text: its page's recognition language.
    func language(_ number: Int) -> String {
        let page = span(number)?.page ?? currentPage
        return LanguageTag.forLanguages(notebook.pages.indices.contains(page) ? notebook.pages[page].layout.engine?.languages : nil)
    }

    // MARK: Geometry

    /// A rect in page `page`'s image pixels, in the frame: on the screen where a window shows
    /// the current page, else the pages stacked (`Docs/ATSPI.md`, "Coordinates").
    func frame(_ rect: CGRect, page: Int) -> FrameRect {
        let (x, y, scale, top) = mapping(page)
        return FrameRect(
            x: x + Double(rect.minX) * scale, y: y + (Double(rect.minY) + top) * scale, width: Double(rect.width) * scale,
            height: Double(rect.height) * scale)
    }

    /// A frame point in page `page`'s image pixels (the inverse of ``frame(_:page:)``).
    func imagePoint(_ px: Double, _ py: Double, page: Int) -> CGPoint {
        let (x, y, scale, top) = mapping(page)
        return CGPoint(x: (px - x) / scale, y: (py - y) / scale - top)
    }

    /// From page `page`'s image pixels to the frame: the frame's origin, the scale, and the
    /// page's top in image pixels (relative to the page shown when there is a window).
    func mapping(_ page: Int) -> (x: Double, y: Double, scale: Double, top: Double) {
        let top = pageTops[page] - (placement == nil ? 0 : pageTops[currentPage])
        return (placement?.x ?? 0, placement?.y ?? 0, max(placement?.scale ?? 1, 1e-9), top)
    }

    func union(_ rects: [CGRect]) -> CGRect? {
        guard var result = rects.first else { return nil }
        for rect in rects.dropFirst() { result = result.union(rect) }
        return result
    }

    /// The node's bounds in the frame.
    func extents(_ number: Int) -> FrameRect {
        switch node(number) {
        case .application, .document:
            if windowed { return frame(notebook.pages[currentPage].bounds, page: currentPage) }
            let width = notebook.pages.map { Double($0.bounds.width) }.max() ?? 0
            return FrameRect(
                x: 0, y: 0, width: width, height: max(0, (pageTops.last ?? 0) + Double(notebook.pages.last?.bounds.height ?? 0)))
        case .page(let index): return frame(notebook.pages[index].bounds, page: index)
        case .region: return rangeExtents(number, 0, characterCount(number))
        default: return .zero
        }
    }

    /// The bounds of code points `[start, end)` of the node, in the frame: the union of the
    /// page's selection rects, or the caret rect for an empty range.
    public func rangeExtents(_ number: Int, _ start: Int, _ end: Int) -> FrameRect {
        guard let span = span(number) else { return .zero }
        let page = notebook.pages[span.page]
        let lower = utf16(start, in: span)
        let upper = max(lower, utf16(end, in: span))
        let rects = page.selectionRects(for: TextRange(lower, upper)).map(\.rect)
        return frame(union(rects) ?? page.caretRect(for: TextPosition(offset: lower)), page: span.page)
    }

    /// The node's code point nearest to a frame point.
    func offset(_ number: Int, atX x: Double, y: Double) -> Int {
        guard let span = span(number) else { return -1 }
        let position = notebook.pages[span.page].closestPosition(to: imagePoint(x, y, page: span.page))
        return codePoint(position?.offset ?? span.start, in: span)
    }

    /// The child whose bounds hold a frame point, or -1.
    func child(_ number: Int, atX x: Double, y: Double) -> Int {
        children(number).first { extents($0).contains(x, y) } ?? -1
    }

    /// Per line the area (frame pixels) crosses, the node's characters inside it.
    func boundedRanges(_ number: Int, _ area: FrameRect) -> [(Int, Int)] {
        guard let span = span(number) else { return [] }
        let page = notebook.pages[span.page]
        let corner = imagePoint(area.x, area.y, page: span.page)
        let scale = mapping(span.page).scale
        let local = CGRect(x: corner.x, y: corner.y, width: area.width / scale, height: area.height / scale)
        var ranges: [(Int, Int)] = []
        for line in 0..<page.lineCount {
            guard let rect = page.lineRect(line), rect.intersects(local), let range = page.lineRange(line) else { continue }
            let left = page.closestPosition(to: CGPoint(x: max(local.minX, rect.minX), y: rect.midY))?.offset ?? range.start.offset
            let right = page.closestPosition(to: CGPoint(x: min(local.maxX, rect.maxX), y: rect.midY))?.offset ?? range.end.offset
            let lower = max(min(left, right), range.start.offset, span.start)
            let upper = min(max(left, right), range.end.offset, span.end)
            if upper > lower { ranges.append((codePoint(lower, in: span), codePoint(upper, in: span))) }
        }
        return ranges
    }
}
