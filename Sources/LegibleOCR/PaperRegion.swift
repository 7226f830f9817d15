import LegibleLayout
import LegibleLines

/// Where the paper lies in a photograph of a page (`Docs/Recognition.md`, "The paper"): a page
/// photographed open in its binding, on a dark table, beside a ruler or a colour chart, or
/// with a thumb on it. Nothing outside the paper is ink.
///
/// Found on the page in grey, reduced so that its longer side is at most ``workingSide``:
/// 1. the levels are split at Otsu's threshold: the paper is lighter than a table, a binding
///    or a thumb, as ink is darker than the paper;
/// 2. the light pixels are closed (grown, then shrunk) by a square of a hundredth of the longer
///    side, so that strokes and rulings crossing the paper do not cut it in pieces;
/// 3. the light pieces (4-connected) of at least a twentieth of the image, and of at least a
///    fifth of the largest, are the paper (both pages of an open book; not a colour chart's
///    patches or a ruler);
/// 4. their holes, the writing, are filled, and the whole is shrunk by one reduced pixel so
///    that the paper's own edge, half table, is left out.
///
/// A region of 97 % of the image or more is no region: the paper fills the frame, as on a
/// scan, and nothing is masked. Nor is a region whose outside is not dark (``darkest``). Pixels are row-major, origin top-left, y down.
struct PaperRegion: Equatable {
    /// The reduced image's longer side, in pixels.
    static let workingSide = 400
    /// The share of the image at or above which the paper fills the frame.
    static let fillsFrame = 0.97
    /// How dark what lies outside the paper must be, at most, as a share of the paper's level
    /// (medians): a table, a binding or a thumb is far darker than paper, while the shadow over
    /// the edge of a page that fills the frame is not. Measured: the diary's spreads on their
    /// dark cloth 0.03–0.04, a sheet on a dark table 0.20–0.22, and a Stanford letter's shaded
    /// right edge 0.41 in the red channel (0.63 in grey), which is paper with a signature on it
    /// (`Docs/Recognition.md`, "The paper").
    static let darkest = 0.3

    /// The mask's size, in reduced pixels.
    var width: Int
    var height: Int
    /// 1 where the paper is, row-major, `width × height`.
    var mask: [UInt8]
    /// The paper's share of the image, 0…1.
    var share: Double
    /// The bounds of the paper, in the reduced image's pixels.
    var bounds: PixelBox
    /// The paper's grey level: the median of the mask's pixels lighter than the split.
    var level: UInt8

    /// The paper's bounds in the pixels of an image of `width × height`, the one the reduced
    /// image was made from, clipped to it.
    func bounds(inImageOf fullWidth: Int, _ fullHeight: Int) -> PixelBox {
        let (scaleX, scaleY) = (Double(fullWidth) / Double(width), Double(fullHeight) / Double(height))
        return PixelBox(
            left: (bounds.x * scaleX).rounded(.down), top: (bounds.y * scaleY).rounded(.down),
            right: (bounds.maxX * scaleX).rounded(.up), bottom: (bounds.maxY * scaleY).rounded(.up)
        ).clipped(toWidth: Double(fullWidth), height: Double(fullHeight))
    }

    /// The paper on a reduced grey page (`pixels`, `width × height`, 0 black … 255 white), or
    /// nil when the paper fills the frame or no light piece is large enough.
    static func find(width: Int, height: Int, pixels: [UInt8]) -> PaperRegion? {
        guard width >= 8, height >= 8, pixels.count == width * height else { return nil }
        let threshold = otsu(pixels)
        var light = pixels.map { $0 > threshold ? UInt8(1) : 0 }
        let radius = max(1, max(width, height) / 200)
        light = BinaryGrid.eroded(BinaryGrid.dilated(light, width, height, radius), width, height, radius)
        let pieces = BinaryGrid.pieces(light, width, height)
        guard let largest = pieces.map(\.area).max() else { return nil }
        let kept = pieces.filter { $0.area * 20 >= width * height && $0.area * 5 >= largest }
        guard !kept.isEmpty else { return nil }
        var mask = [UInt8](repeating: 0, count: width * height)
        for piece in kept { for index in piece.pixels { mask[index] = 1 } }
        mask = BinaryGrid.eroded(BinaryGrid.holesFilled(mask, width, height), width, height, 1)
        let area = mask.reduce(0) { $0 + Int($1) }
        let share = Double(area) / Double(width * height)
        guard share < fillsFrame, area > 0 else { return nil }
        let paper = pixels.indices.filter { mask[$0] == 1 && pixels[$0] > threshold }.map { pixels[$0] }.sorted()
        let outside = pixels.indices.filter { mask[$0] == 0 }.map { pixels[$0] }.sorted()
        guard let paperLevel = paper.isEmpty ? nil : paper[paper.count / 2],
            Double(outside[outside.count / 2]) <= darkest * Double(paperLevel)
        else { return nil }
        return PaperRegion(
            width: width, height: height, mask: mask, share: share, bounds: BinaryGrid.bounds(mask, width, height),
            level: paperLevel)
    }

    /// Otsu's threshold of 8-bit levels: the level that best splits them into two classes
    /// (levels above it are the lighter class).
    static func otsu(_ pixels: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let total = Double(pixels.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var (below, belowSum, best, bestLevel) = (0.0, 0.0, -1.0, 0)
        for level in 0..<256 {
            below += Double(histogram[level])
            belowSum += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let difference = belowSum / below - (sum - belowSum) / above
            let between = below * above * difference * difference
            if between > best { (best, bestLevel) = (between, level) }
        }
        return UInt8(bestLevel)
    }
}
