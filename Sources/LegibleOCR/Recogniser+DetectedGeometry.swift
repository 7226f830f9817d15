import LegibleLayout

extension Recogniser {
    /// The detector's `lines`, once read, given the layout analysis's geometry where it found
    /// the same line (`Docs/Recognition.md`, "Detected lines"). The detector's boxes are padded
    /// beyond the ink (DB's unclip), and Tesseract, reading each padded rectangle as a raw line,
    /// counts the loops of the lines above and below in its words and gives no baseline. A
    /// selection drawn over such a box covers its neighbours, and paragraphs, found by the gaps
    /// between lines, run together. So a detected line takes its top and bottom from the layout's
    /// lines whose centres lie inside it and that are less than half as high again (two rows the
    /// layout ran together are about twice its height), and the baseline of the one such line;
    /// its left and right span those lines and its own words, in whole pixels as Tesseract's
    /// boxes are. A line the layout did not find keeps its own geometry. Image pixels throughout.
    static func withLayoutGeometry(_ lines: [RecognisedLine], layout: [RecognisedLine]) -> [RecognisedLine] {
        lines.map { line in
            let inside = layout.filter { $0.box.height < line.box.height * 1.5 && line.box.containsCentre(of: $0.box) }
            guard let found = PixelBox.enclosing(inside.map(\.box)) else { return line }
            let words = (PixelBox.enclosing(line.words.map(\.box)) ?? found).wholePixels
            var fitted = line
            fitted.box = PixelBox(left: min(found.x, words.x), top: found.y, right: max(found.maxX, words.maxX), bottom: found.maxY)
            if inside.count == 1, let baseline = inside[0].baseline { fitted.baseline = baseline }
            return fitted
        }
    }
}
