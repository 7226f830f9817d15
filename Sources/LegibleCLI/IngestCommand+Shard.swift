import Foundation
import LegibleBatch
import LegibleReading

#if canImport(Glibc)
    import Glibc
#endif

extension IngestCommand {
    /// The images named on the command line followed by those in `--inputs FILE` (`-` for
    /// stdin); at least one must be named in all, though a list may be empty.
    static func inputs(_ command: ParsedCommand) throws -> [String] {
        guard let list = command.text("--inputs") else {
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
        guard let text = command.text("--shard") else {
            if command.integer("--shard-count") != nil { throw CLIError.usage("--shard-count goes with --shard auto") }
            return nil
        }
        do {
            if text == "auto" {
                return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: command.integer("--shard-count"))
            }
            if command.integer("--shard-count") != nil { throw CLIError.usage("--shard-count goes with --shard auto, not --shard K/N") }
            return try Shard.parse(text)
        } catch let error as ShardError {
            throw CLIError.usage(error.message)
        }
    }

    /// The indexes of `images` in `shard` and every image's key. Every image must lie inside
    /// `root`, or its key would depend on where the batch was started.
    static func select(_ images: [String], shard: Shard, root: String) throws -> (indexes: [Int], keys: [String]) {
        let here = FileManager.default.currentDirectoryPath
        let keys = try images.map { image in
            guard let key = ShardKey.key(of: image, root: root, currentFolder: here) else {
                throw CLIError.usage("\(image) is not inside the batch root \(root); give --root DIR holding every image")
            }
            return key
        }
        return (keys.indices.filter { shard.contains(key: keys[$0]) }, keys)
    }
}

extension IngestCommand {
    /// The record a sharded task writes when it starts.
    static func taskRecord(_ batch: Batch) -> TaskRecord {
        TaskRecord(
            shard: batch.shard ?? .whole, inputs: batch.total, shardInputs: batch.images.count, host: AtomicFile.hostName,
            started: Date().timeIntervalSince1970, batch: batch.identity)
    }

    /// Appends the record of `outcome` to `manifest`; returns the error instead of throwing, as
    /// it runs on a worker thread.
    static func log(_ outcome: Outcome, key: String, of batch: Batch, to manifest: ManifestLog) -> Error? {
        let status: PageRecord.Status = outcome.failure != nil ? .failed : outcome.skipped ? .upToDate : .done
        let record = PageRecord(
            input: key, shard: batch.shard ?? .whole, sha256: outcome.sha256, status: status, outputs: outcome.outputs,
            seconds: (outcome.seconds * 1000).rounded() / 1000, finished: Date().timeIntervalSince1970,
            error: outcome.failure?.message)
        do {
            try manifest.append(.page(record))
            return nil
        } catch {
            return error
        }
    }
}
