import LegibleLayout

extension Recogniser {
    /// The detector's `lines`, once read, given the layout analysis's geometry where it found
    /// the same line (`Docs/Recognition.md`, "Detected lines"). The detector's boxes are padded
    /// beyond the ink (DB's unclip), and Tesseract, reading each padded rectangle as a raw line,
    /// counts the loops of the lines above and below in its words and gives no baseline. A
    /// selection drawn over such a box covers its neighbours, and paragraphs, found by the gaps
    /// between lines, run together. So a detected line takes its top and bottom from the layout's
    /// lines whose centres lie inside it and that are less than half as high again (two rows the
    /// layout ran together are about twice its height), and the baseline of the one such line; its left and right span those lines and its own words. A line the layout did
    /// not find keeps its own geometry. Image pixels throughout.
    static func withLayoutGeometry(_ lines: [RecognisedLine], layout: [RecognisedLine]) -> [RecognisedLine] {
        lines.map { line in
            let inside = layout.filter { $0.box.height < line.box.height * 1.5 && line.box.containsCentre(of: $0.box) }
            guard let first = inside.first else { return line }
            let found = inside.dropFirst().reduce(first.box) { $0.union($1.box) }
            let words = line.words.dropFirst().reduce(line.words.first?.box ?? found) { $0.union($1.box) }
            var fitted = line
            // Whole pixels, as Tesseract's boxes are: the reader's words fall between them.
            fitted.box = PixelBox(
                left: min(found.x, words.x.rounded(.down)), top: found.y, right: max(found.maxX, words.maxX.rounded(.up)),
                bottom: found.maxY)
            if inside.count == 1, let baseline = first.baseline { fitted.baseline = baseline }
            return fitted
        }
    }
}

extension PixelBox {
    /// Whether the centre of `other` lies inside this box, edges included (image pixels).
    func containsCentre(of other: PixelBox) -> Bool {
        other.midX >= x && other.midX <= maxX && other.midY >= y && other.midY <= maxY
    }
}
