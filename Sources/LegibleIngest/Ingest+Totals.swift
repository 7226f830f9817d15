import LegibleLayout

extension Ingest {
    /// What a batch read, counted over its pages' outcomes: the figures `ingest` reports when it
    /// ends (`Docs/CLI.md`, "Output and messages").
    public struct Totals: Equatable, Sendable {
        /// Pages with a page document: read now, or up to date.
        public var pages = 0
        /// Pages whose outputs were up to date, so nothing was read again.
        public var upToDate = 0
        /// PDF pages left alone because they already carry text.
        public var carryingText = 0
        /// Lines in those page documents.
        public var lines = 0
        /// Words in those page documents.
        public var words = 0
        /// The mean confidence of the words that have one, 0…1; 0 when none has.
        public var meanWordConfidence = 0.0

        /// The totals of `outcomes`.
        public init(_ outcomes: [PageOutcome]) {
            let layouts = outcomes.compactMap(\.layout)
            let words = layouts.flatMap { $0.lines.flatMap { $0.words ?? [] } }
            let confidences = words.compactMap(\.confidence)
            pages = layouts.count
            upToDate = outcomes.count(where: \.skipped)
            carryingText = outcomes.count(where: \.carriesText)
            lines = layouts.reduce(0) { $0 + $1.lines.count }
            self.words = words.count
            meanWordConfidence = confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
        }
    }
}
