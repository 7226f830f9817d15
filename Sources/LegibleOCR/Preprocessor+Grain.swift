/// Pages where Otsu splits the paper's own grain (`Docs/Recognition.md`, "Grain").
///
/// Otsu always splits a page in two. On blank paper with a grain, or on grainy paper with a
/// few words, the two halves are the lighter and the darker grain, and a third or more of the
/// page comes out as ink. The ink, if any, is what lies below the grain: Otsu again, on the
/// darker half alone.
extension Preprocessor {
    /// Whether `binary` is more than ``LineFinder/maximumInkShare`` ink: grain, noise or a
    /// photograph, not writing.
    static func isTexture(_ binary: PixImage) -> Bool {
        Double(Leptonica.inkCount(binary)) > LineFinder.maximumInkShare * Double(binary.width * binary.height)
    }

    /// The ink of a `normalised` page whose Otsu split at `otsu` gave texture: the pixels
    /// darker than Otsu's threshold of the levels below `otsu`, and that threshold.
    static func belowGrain(_ normalised: PixImage, otsu: Int) -> (ink: PixImage, threshold: Int)? {
        let threshold = Self.otsu(Array(Leptonica.histogram(normalised).prefix(otsu)))
        return Leptonica.darker(normalised, than: threshold).map { ($0, threshold) }
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
