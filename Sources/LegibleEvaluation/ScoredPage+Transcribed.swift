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
        let regions = truth.lines.map(\.box)
        func transcribed(_ box: PixelBox) -> Bool {
            let area = box.width * box.height
            guard area > 0 else { return false }
            let inside = regions.reduce(0) { total, region in total + (box.intersection(region).map { $0.width * $0.height } ?? 0) }
            return min(inside, area) >= Self.transcribedShare * area
        }
        return ScoredPage(lines: lines.filter { transcribed($0.box) }, wordBoxes: wordBoxes.filter(transcribed))
    }
}
