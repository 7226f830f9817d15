import Foundation
import LegiblePages
import LegibleTextInput

/// The "uncertain" rotor (`Docs/Reading.md`, "Uncertain words"): a swipe moves to the next or
/// previous uncertain word, as VoiceOver's misspelled-word rotor does, in reading order: on
/// within the focused region, then along the regions' text navigation links, across pages,
/// past regions with none. At the end there is the boundary sound.
extension ScreenReader {
    /// Moves to the next (`forward`) or previous uncertain word from the current unit, and
    /// speaks it.
    func stepUncertain(forward: Bool, in region: TextRegion) {
        let from = current ?? TextRange(region.range.start, region.range.start)
        var offset = forward ? (from.isEmpty ? from.start.offset : from.end.offset) : from.start.offset
        var target: TextRegion? = region
        // Each region at most once: the links form a chain, but nothing forbids a cycle.
        var visited = Set<ObjectIdentifier>()
        while let candidate = target, visited.insert(ObjectIdentifier(candidate)).inserted {
            if let word = uncertainWord(in: candidate, from: offset, forward: forward) {
                if candidate !== region {
                    focus = candidate
                    notebook.turnPage(to: candidate.pageIndex)
                }
                current = word
                return speak(.word, word, in: candidate)
            }
            target = forward ? candidate.nextTextNavigationElement : candidate.previousTextNavigationElement
            offset = forward ? target?.range.start.offset ?? 0 : target?.range.end.offset ?? 0
        }
        transcriptBoundary()
    }

    /// The uncertain word of `region` after (or before) UTF-16 `offset`, wholly inside it.
    private func uncertainWord(in region: TextRegion, from offset: Int, forward: Bool) -> TextRange? {
        let page = region.page
        let word = forward ? page.uncertainWord(after: offset) : page.uncertainWord(before: offset)
        guard let word, word.start.offset >= region.range.start.offset, word.end.offset <= region.range.end.offset else { return nil }
        return word
    }
}
