extension AdaptedModel {
    /// Whether, beside the handwriting reader, the adapted Tesseract model reads every line
    /// again (``AdaptedLineReader``): only when `adapt` measured it reading the lines it kept
    /// aside with fewer errors than the handwriting reader read its own, as the model leaves
    /// that reader (`Docs/Learning.md`, "Reading again with the Tesseract model"). On the
    /// diary, the Stanford letters and the Copiste sheets it read them 2–5 times worse, won no
    /// scored line, and cost up to 1.28 times the reading time. A record that holds neither a
    /// network nor a head, and so no measure of the handwriting reader, keeps the reading again.
    public static func readsBesideHandwriting(_ record: Record) -> Bool {
        guard let hand = handwritingError(record) else { return true }
        return record.heldOutErrorAfter < hand
    }

    /// The handwriting reader's greedy character error rate (0…1) on the lines `adapt` kept
    /// aside for it, as it reads with this model: with the writer's network when kept, else
    /// with the writer's head (and memory) when kept, else as it started; nil when the record
    /// measured neither.
    static func handwritingError(_ record: Record) -> Double? {
        if let network = record.network, network.kept { return network.heldOutErrorAfter }
        if let head = record.head, head.kept != false, !head.weights.isEmpty {
            return min(head.heldOutErrorAfter, (head.memorySteps ?? 0) > 0 ? head.heldOutErrorWithMemory ?? 1 : 1)
        }
        return record.network?.heldOutErrorBefore ?? record.head?.heldOutErrorBefore
    }
}
