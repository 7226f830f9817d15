import LegibleHandwriting
import LegibleNotebook

extension Adaptation {
    /// One measure of a writer's head (`Docs/Recognition.md`, "The writer's memory"): a head
    /// trained without some corrected lines reads them. Counts are
    /// edits in characters (Levenshtein) against those lines' texts.
    struct HeadTrial: Equatable, Sendable {
        /// The characters of the lines kept aside.
        var characters: Int
        /// Edits of the layer the head starts from.
        var before: Int
        /// Edits of the head trained without the lines.
        var after: Int
        /// Edits of that head remembering the lines it learnt; nil when none could be
        /// remembered.
        var withMemory: Int?
    }

    /// What a set of ``HeadTrial``s decides, and their measures added together.
    struct HeadVerdict: Equatable, Sendable {
        /// Whether the head is kept, and whether it keeps its memory.
        var kept: Bool
        var remembers: Bool
        /// Character error rates (0…1) of all the trials' lines together: the start layer, the
        /// head, the head with its memory (nil when no trial had one).
        var before: Double
        var after: Double
        var withMemory: Double?
        /// The trials whose lines the kept variant (with its memory or without) read better than
        /// the start layer.
        var better: Int

        /// The verdict of `trials`. The memory is kept when, over all the lines, the head read
        /// them better with it than without. With lines kept aside by page (each trial a page
        /// the head did not learn from), the head is kept when, as kept, it read all those pages
        /// together better than the start layer and more than half of them one by one: a head
        /// that gains on one page and loses on the others learnt a hand the notebook does not
        /// keep to. With one page, whose lines kept aside share the hand learnt, it is always kept.
        init(_ trials: [HeadTrial], byPage: Bool) {
            let characters = max(1, trials.reduce(0) { $0 + $1.characters })
            func rate(_ edits: Int) -> Double { Double(edits) / Double(characters) }
            let remembered = trials.contains { $0.withMemory != nil }
            let memoryEdits = trials.reduce(0) { $0 + ($1.withMemory ?? $1.after) }
            let (beforeEdits, afterEdits) = (trials.reduce(0) { $0 + $1.before }, trials.reduce(0) { $0 + $1.after })
            let remembers = remembered && memoryEdits < afterEdits
            let edits = trials.map { remembers ? ($0.withMemory ?? $0.after) : $0.after }
            let better = zip(edits, trials).count { $0 < $1.before }
            (self.remembers, self.better) = (remembers, better)
            kept = !byPage || (edits.reduce(0, +) < beforeEdits && 2 * better > trials.count)
            (before, after, withMemory) = (rate(beforeEdits), rate(afterEdits), remembered ? rate(memoryEdits) : nil)
        }
    }
}
