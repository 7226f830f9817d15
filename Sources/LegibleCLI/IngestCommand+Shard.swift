import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#endif

extension IngestCommand {
    /// The images named on the command line followed by those in `--inputs FILE` (`-` for
    /// stdin); at least one must be named in all, though a list may be empty.
    static func inputs(_ command: ParsedCommand) throws -> [String] {
        guard let list = command[inputs] else {
            guard !command.positionals.isEmpty else { throw CLIError.usage("no images: give IMAGE... or --inputs FILE") }
            return command.positionals
        }
        let bytes = try InputFile.readFileOrStandardInput(list, what: "a list of images")
        do {
            return command.positionals + (try InputList.parse(bytes))
        } catch {
            throw CLIError.badData("\(list == "-" ? "standard input" : list): \(error.message)")
        }
    }

    /// `--shard K/N` or `--shard auto` (with `--shard-count N`), else `nil`.
    static func shard(_ command: ParsedCommand) throws -> Shard? {
        guard let text = command[shard] else {
            if command[shardCount] != nil { throw CLIError.usage("--shard-count goes with --shard auto") }
            return nil
        }
        do {
            if text == "auto" {
                return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: command[shardCount])
            }
            if command[shardCount] != nil { throw CLIError.usage("--shard-count goes with --shard auto, not --shard K/N") }
            return try Shard.parse(text)
        } catch let error as ShardError {
            throw CLIError.usage(error.message)
        }
    }
}
