/// Which pixels of a scanned page are ink: a plain value, so that placing words on their
/// handwriting (`Docs/Editing.md`, "Fitting words to their ink") needs no image library.
/// Pixels are the page image's displayed pixels (origin top-left, y down), one byte each.
public struct InkMask: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major, 1 for ink and 0 for paper; `width × height` bytes.
    private let pixels: [UInt8]
    /// Boxes whose ink is not counted (``excluding(_:)``).
    public private(set) var excluded: [PixelBox] = []

    /// A mask of `width × height` pixels, row-major, non-zero for ink; nil when the sizes disagree.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// The same mask with the ink inside `boxes` left out: ink that belongs to other lines.
    public func excluding(_ boxes: [PixelBox]) -> InkMask {
        var view = self
        view.excluded = boxes
        return view
    }

    /// Whether pixel (`x`, `y`)'s centre lies inside one of `boxes`.
    static func isInside(x: Int, y: Int, _ boxes: [PixelBox]) -> Bool {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        return boxes.contains { px >= $0.x && px < $0.maxX && py >= $0.y && py < $0.maxY }
    }

    /// The whole pixels `box` covers, clamped to the page: columns and rows as half-open ranges.
    public func pixelRanges(of box: PixelBox) -> (columns: Range<Int>, rows: Range<Int>) {
        let left = min(max(Int(box.x.rounded(.down)), 0), width), right = min(max(Int(box.maxX.rounded(.up)), left), width)
        let top = min(max(Int(box.y.rounded(.down)), 0), height), bottom = min(max(Int(box.maxY.rounded(.up)), top), height)
        return (left..<right, top..<bottom)
    }

    /// Ink pixels in each column of `box`, left to right (one count per whole column covered).
    public func columnCounts(in box: PixelBox) -> [Int] { counts(in: box, byColumn: true) }

    /// Ink pixels in each row of `box`, top to bottom.
    public func rowCounts(in box: PixelBox) -> [Int] { counts(in: box, byColumn: false) }

    /// Ink pixels of `box` counted by column or by row. Only the excluded boxes that meet `box`
    /// are looked at, so a page of many words costs a word's few.
    func counts(in box: PixelBox, byColumn: Bool) -> [Int] {
        let (columns, rows) = pixelRanges(of: box)
        let near = excluded.filter { $0.intersection(box) != nil }
        var counts = [Int](repeating: 0, count: byColumn ? columns.count : rows.count)
        for row in rows {
            let base = row * width
            for column in columns where pixels[base + column] != 0 && (near.isEmpty || !Self.isInside(x: column, y: row, near)) {
                counts[byColumn ? column - columns.lowerBound : row - rows.lowerBound] += 1
            }
        }
        return counts
    }

    /// The smallest box holding the ink inside `box`; nil when there is none.
    public func inkBounds(in box: PixelBox) -> PixelBox? {
        let (columns, rows) = pixelRanges(of: box)
        let columnCounts = columnCounts(in: box), rowCounts = rowCounts(in: box)
        guard let left = columnCounts.firstIndex(where: { $0 > 0 }), let right = columnCounts.lastIndex(where: { $0 > 0 }),
            let top = rowCounts.firstIndex(where: { $0 > 0 }), let bottom = rowCounts.lastIndex(where: { $0 > 0 })
        else { return nil }
        return PixelBox(
            left: Double(columns.lowerBound + left), top: Double(rows.lowerBound + top), right: Double(columns.lowerBound + right + 1),
            bottom: Double(rows.lowerBound + bottom + 1))
    }
}
