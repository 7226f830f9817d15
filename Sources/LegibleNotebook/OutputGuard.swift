import LegibleSystem

/// The rule that no command writes over one of its inputs (`Docs/CLI.md`, "Writing outputs").
public enum OutputGuard {
    /// Refused (`usage`) naming the first of `outputs` that is one of `inputs`, the same file
    /// by any path.
    public static func refuse(outputs: [String], overwriting inputs: [String]) throws(NotebookError) {
        if let overlap = FileIdentity.firstOverlap(outputs: outputs, inputs: inputs) {
            throw NotebookError(
                .usage, "\(overlap.output) would be written over the input \(overlap.input); write the outputs somewhere else")
        }
    }
}
