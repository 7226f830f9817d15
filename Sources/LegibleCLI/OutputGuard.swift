import LegibleSystem

/// The rule that an output is never one of the inputs (`Docs/Hardening.md`, "Classes
/// closed"): a command that would write a file it was asked to read is refused with 64 before
/// any work. Files are compared by ``FileIdentity``, not by how they are named.
enum OutputGuard {
    /// Throws a usage error (64) naming the first output that is one of `inputs`.
    static func refuse(outputs: [String], overwriting inputs: [String]) throws {
        if let overlap = FileIdentity.firstOverlap(outputs: outputs, inputs: inputs) {
            throw CLIError.usage("\(overlap.output) would be written over the input \(overlap.input); write the outputs somewhere else")
        }
    }
}
