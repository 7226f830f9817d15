import Foundation
import LegibleSystem

extension Ingest {
    /// The whole of an ingest as a command runs it (`Docs/Architecture.md`, "Ingest"): malloc
    /// tuned for recognition when a page needs reading, the output folder made and the
    /// temporaries a killed run left there removed, the task logged to its shard's manifest
    /// before any engine loads (so the manifests' spans include loading), one reader made up
    /// front (so a missing language or model fails once, before any work), then every page.
    /// With `keepingReaders`, every reader is kept until the process exits
    /// (``keepUntilExit(_:)``), also when the run fails.
    /// - Throws: the output folder's, the manifest's or the first reader's error.
    public func perform(keepingReaders: Bool) throws -> Report {
        // A missing input is reported before a missing model: with no page there to read, no
        // reader is loaded, for `ingest` and `pdf` alike (`Docs/CLI.md`, "Bad input").
        if let first = plan.pages.first, plan.pages.allSatisfy({ !FileManager.default.fileExists(atPath: $0.path) }) {
            throw IngestError(.missingInput, "\(first.path): no such file")
        }
        let needsReader = plan.sources.contains(where: \.needsReader)
        if needsReader {
            tuneMallocForOCR(batch: plan.pages.count > 1, workers: plan.workers, environment: ProcessInfo.processInfo.environment)
        }
        try OutputFolder.prepare(plan.output)
        let manifest = try plan.shard.map { try ManifestLog(output: plan.output, shard: $0) }
        try manifest?.append(.task(ManifestLog.taskRecord(plan)))
        let first = needsReader ? try makeReader() : nil
        do {
            let report = try run(firstReader: first, manifest: manifest)
            if keepingReaders { Self.keepUntilExit(report.readers) }
            return report
        } catch {
            if keepingReaders { Self.keepUntilExit(first.map { [$0] } ?? []) }
            throw error
        }
    }

    /// Keeps `readers` until the process exits (`Docs/Recognition.md`, "Speed and memory"):
    /// tearing an engine down frees its model piece by piece, while at exit the system takes
    /// the whole process back at once. Each is first let finish loading, so that exit never
    /// frees a library's globals under a loading thread. For a command-line program; a
    /// long-lived program frees its readers as usual.
    public static func keepUntilExit(_ readers: [any PageReader]) {
        for reader in readers {
            reader.finishLoading()
            _ = Unmanaged.passRetained(reader as AnyObject)
        }
    }
}
