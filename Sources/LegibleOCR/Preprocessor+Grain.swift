import LegibleImage
import LegibleLines

/// Pages where Otsu splits the paper's own grain (`Docs/Recognition.md`, "Grain").
///
/// Otsu always splits a page in two. On blank paper with a grain, or on grainy paper with a
/// few words, the two halves are the lighter and the darker grain, and a third or more of the
/// page comes out as ink. The ink, if any, is what lies below the grain: Otsu again, on the
/// darker half alone, or the grain's floor where that is darker.
extension Preprocessor {
    /// Whether `binary` is more than ``LineFinder/maximumInkShare`` ink: grain, noise or a
    /// photograph, not writing.
    static func isTexture(_ binary: PixImage) -> Bool {
        Double(Leptonica.inkCount(binary)) > LineFinder.maximumInkShare * Double(binary.width * binary.height)
    }

    /// The ink of a `normalised` page whose Otsu split at `otsu` gave texture, and the level it
    /// lies below: Otsu's threshold of the levels below `otsu`, or the grain's floor
    /// (``grainFloor(_:)``) where that is darker. Otsu alone splits between grain and ink only
    /// where there is ink enough; on a page with a line or two of writing it fell in the
    /// grain's dark tail and kept specks of grain instead of the writing.
    static func belowGrain(_ normalised: PixImage, otsu: Int) -> (ink: PixImage, threshold: Int)? {
        let histogram = Leptonica.histogram(normalised)
        let threshold = min(Self.otsu(Array(histogram.prefix(otsu))), grainFloor(histogram))
        return Leptonica.darker(normalised, than: threshold).map { ($0, threshold) }
    }

    /// Pieces of ink below the grain smaller than this (px) are grain.
    static let grainPiece = 24

    /// Less ink than this (px) in pieces of ``grainPiece`` or more is no writing.
    static let leastWriting = 64

    /// Whether the `ink` found below a page's grain is nothing but grain: less than
    /// ``leastWriting`` px of it lies in pieces of ``grainPiece`` px or more. Such a page is
    /// blank, and Tesseract would read its specks as text. It is judged on the full-size ink:
    /// the check's cleaning at half size takes the thin strokes of a pencil too.
    static func isGrainOnly(_ ink: PixImage) -> Bool {
        guard let pieces = Leptonica.withoutSpecks(ink, smallerThan: grainPiece) else { return false }
        return Leptonica.inkCount(pieces) < leastWriting
    }

    /// How many of its spreads below its mean the grain reaches: a Gaussian grain leaves about
    /// one pixel in three million darker than this.
    static let grainReach = 5.0

    /// The level ``grainReach`` spreads below the mean of a grain that most pixels of
    /// `histogram` (pixel counts by grey level) belong to, never below 0. The spread is measured
    /// on the darker tail, between the levels that 16 % and 2.3 % of pixels lie below (one and
    /// two spreads below the mean of a Gaussian), because normalisation clips the lighter half
    /// at white.
    static func grainFloor(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        func level(below share: Double) -> Int {
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if Double(seen) >= share * Double(total) { return level }
            }
            return histogram.count - 1
        }
        let (one, two) = (level(below: 0.16), level(below: 0.023))
        let spread = max(1, one - two)
        return max(0, one - Int(((grainReach - 1) * Double(spread)).rounded()))
    }

    /// Otsu's threshold of `histogram` (pixel counts by grey level): the level that splits it
    /// into two classes of the greatest variance between them; pixels below it are the darker
    /// class. 0 for an empty histogram.
    static func otsu(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var (below, belowSum, best, threshold) = (0, 0.0, -1.0, 0)
        for (level, count) in histogram.enumerated() {
            below += count
            belowSum += Double(level * count)
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let gap = belowSum / Double(below) - (sum - belowSum) / Double(above)
            let between = Double(below) * Double(above) * gap * gap
            if between > best { (best, threshold) = (between, level + 1) }
        }
        return threshold
    }
}
