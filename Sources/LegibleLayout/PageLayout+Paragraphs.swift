extension PageLayout {
    /// The lines whose ranges lie inside `paragraph`'s range, in reading order.
    ///
    /// Lines are in reading order and do not overlap (``validate()`` checks it), so the lines of
    /// a paragraph are one contiguous run, found by binary search: O(log n + k), which keeps
    /// per-paragraph work linear over pages with tens of thousands of paragraphs.
    public func lines(of paragraph: Paragraph) -> [Line] {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].range.start < paragraph.range.start { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < lines.count, lines[end].range.end <= paragraph.range.end { end += 1 }
        return Array(lines[low..<end])
    }

    /// The union of the boxes of `lines` (image pixels), `nil` for no lines.
    public static func bounds(of lines: [Line]) -> PixelBox? {
        PixelBox.enclosing(lines.map(\.box))
    }
}

extension PageLayout {
    /// The reading text of `span` (UTF-16 offsets, clamped to the text). A cut through a
    /// surrogate pair decodes to U+FFFD, so the result keeps the span's UTF-16 length.
    public func text(of span: UTF16Span) -> String {
        let utf16 = text.utf16
        let count = utf16.count
        let lower = min(max(0, span.start), count)
        let upper = min(max(lower, span.end), count)
        let start = utf16.index(utf16.startIndex, offsetBy: lower)
        let end = utf16.index(start, offsetBy: upper - lower)
        return String(decoding: utf16[start..<end], as: UTF16.self)
    }
}
