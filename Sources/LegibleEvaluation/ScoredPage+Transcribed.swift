import LegibleLayout

extension ScoredPage {
    /// The share of a read line's area that must lie in the truth's line boxes for the line
    /// to be scored by ``onlyTranscribed(by:)``.
    public static let transcribedShare = 0.5

    /// This page with only the lines, and word boxes, that lie mostly (at least
    /// ``transcribedShare`` of their area) in `truth`'s line boxes: printed text that a
    /// transcription leaves out, such as a form's header above the writing, is then not
    /// counted against the reading (`Docs/Recognition.md`, "Scoring the written part"). A
    /// line read anywhere else, noise included, is not counted either, so the figure says how
    /// well the transcribed lines were read, not how clean the page is.
    public func onlyTranscribed(by truth: ScoredPage) -> ScoredPage {
        ScoredPage(lines: lines.filter { truth.transcribes($0.box) }, wordBoxes: wordBoxes.filter(truth.transcribes))
    }

    /// Whether `box` (image pixels), a read line's or word's, lies mostly (at least
    /// ``transcribedShare`` of its area) in this truth's line boxes; never for an empty box.
    public func transcribes(_ box: PixelBox) -> Bool {
        let area = box.width * box.height
        guard area > 0 else { return false }
        let inside = lines.reduce(0) { total, line in total + (box.intersection(line.box).map { $0.width * $0.height } ?? 0) }
        return min(inside, area) >= Self.transcribedShare * area
    }
}
