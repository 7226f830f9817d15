import LegibleImage
import LegibleLayout

extension HandwritingModel {
    /// How much surer, in mean character probability, a line's greedy reading turned over must
    /// be than its reading as it is for the line to be the other side's writing: the letterhead
    /// seen through a Stanford letter reads 0.09 and 0.20 surer turned over; lines of writing
    /// read less sure turned over, and a few lines of noise a little surer
    /// (`Experiments/2026-12-07-seen-through.md`).
    public static let seenThroughMargin: Float = 0.05
    /// The fewest letters a line's reading turned over must hold for the line to be the other
    /// side's writing: a rule or a smudge reads a mark or two either way.
    public static let seenThroughLetters = 3

    /// Whether `line` (its crop in grey), whose model output as it is was `asRead` at `scale`
    /// times its width, is writing on the sheet's other side seen through the paper: read turned
    /// over left to right at the same width, its greedy reading holds ``seenThroughLetters``
    /// letters or more and is surer by ``seenThroughMargin`` or more (`Docs/Recognition.md`,
    /// "Writing seen through the paper").
    public func seenThrough(
        _ line: GreyImage, asRead: (steps: Int, values: [Float]), scale: Double, classes: ReadingClasses?
    ) throws(LoadFailure) -> Bool {
        let none = PixelBox(x: 0, y: 0, width: 0, height: 0)
        let turned = decode(try output(line.mirrored(), scale, classes: classes), crop: none, classes: classes)
        guard turned.text.filter(\.isLetter).count >= Self.seenThroughLetters else { return false }
        return turned.confidence >= decode(asRead, crop: none, classes: classes).confidence + Self.seenThroughMargin
    }

    /// The lines of a page of `count` lines looked at turned over whatever the others show:
    /// ``sampleLines`` of them spread evenly from the first to the last, so that writing seen
    /// through at the head of a sheet (a letterhead) or at its foot is found; every line when
    /// there are no more.
    public static func probedLines(_ count: Int) -> [Int] {
        guard count > sampleLines else { return Array(0..<count) }
        return (0..<sampleLines).map { $0 * (count - 1) / (sampleLines - 1) }
    }
}
