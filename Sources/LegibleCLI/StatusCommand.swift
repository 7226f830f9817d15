import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleSystem

/// `legible status DIR`: merges the manifests of a sharded batch (`DIR/manifest/*.jsonl`) and
/// says what is done, failed and missing (`Docs/Cluster.md`, "Status"). Exit status: 0 when
/// complete, 65 when an input's latest record is a failure, 75 while inputs are missing, 66
/// when there are no manifests.
struct StatusCommand {
    static let spec = CommandSpec(
        name: "status", arguments: "DIR", positionalCount: 1...1,
        summary: "Merges the manifests of a sharded ingest into done, failed and missing counts and throughput.",
        options: [json.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let folder = (command.positionals[0] as NSString).appendingPathComponent("manifest")
        let status: BatchStatus
        do {
            status = try BatchStatus.merge(try BatchStatus.manifests(in: folder))
        } catch let error as ManifestError {
            throw CLIError.badData(error.message)
        }
        if command[json] { try QueryCommands.printJSON(StatusOutput(status)) } else { try Console.out(status.report) }
        return status.isComplete ? 0 : status.failures.isEmpty ? 75 : 65
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension StatusCommand {
    /// `--json`.
    static let json: Option<Bool> = .flag("--json", help: "print one JSON object instead of text")
}
