extension PageLayout {
    /// The lines whose ranges lie inside `paragraph`'s range, in reading order.
    public func lines(of paragraph: Paragraph) -> [Line] {
        lines.filter { $0.range.start >= paragraph.range.start && $0.range.end <= paragraph.range.end }
    }

    /// The union of the boxes of `lines` (image pixels), `nil` for no lines.
    public static func bounds(of lines: [Line]) -> PixelBox? {
        guard let first = lines.first else { return nil }
        return lines.dropFirst().reduce(first.box) { $0.union($1.box) }
    }
}
