import Foundation
import LegibleBatch
import LegiblePDFInput
import LegibleSystem

/// Runs an ``IngestPlan`` (`Docs/Architecture.md`, "Ingest"): the pages are spread over
/// `plan.jobs` worker threads, each with its own ``PageReader``, largest files first; each page
/// is logged to the shard's manifest as it ends; one bad page never stops the rest.
public struct Ingest: Sendable {
    /// The plan carried out.
    public var plan: IngestPlan
    /// Makes a worker's reader the first time the worker meets a page that needs one. A reader
    /// that cannot be made fails that page with the maker's error.
    public var makeReader: @Sendable () throws -> any PageReader
    /// Called on a worker thread as each page ends, with the page's ``PageInput/name``.
    public var pageEnded: @Sendable (String) -> Void = { _ in }

    /// An ingest of `plan` whose workers make readers with `makeReader`.
    public init(plan: IngestPlan, makeReader: @escaping @Sendable () throws -> any PageReader) {
        self.plan = plan
        self.makeReader = makeReader
    }

    /// What an ingest did.
    public struct Report {
        /// Each page's outcome, in the plan's order.
        public var outcomes: [PageOutcome]
        /// Every reader the workers made or were given, so that the caller decides when they
        /// are freed (a CLI keeps them until it exits: `Docs/Recognition.md`, "Speed and memory").
        public var readers: [any PageReader]
    }

    /// Runs every page; `firstReader`, when given, serves the first worker. With a shard, each
    /// page is appended to `manifest` as it ends.
    /// - Throws: the manifest's error when a record could not be written (the pages' own
    ///   failures are in their outcomes).
    public func run(firstReader: (any PageReader)?, manifest: ManifestLog?) throws -> Report {
        let queue = WorkQueue(order: largestFirst())
        let results = OutcomeStore(count: plan.pages.count)
        let group = DispatchGroup()
        for worker in 0..<min(plan.workers, plan.pages.count) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                var reader = worker == 0 ? firstReader : nil
                // The PDF this worker has open: a PDF's pages come in order, so it serves the next.
                var pdf: ScannedPDF?
                while let index = queue.next() {
                    let outcome = runPage(index, reader: &reader, pdf: &pdf)
                    results.set(index, outcome)
                    if let manifest { results.record(error: manifest.log(outcome, key: plan.keys[index], shard: plan.shard)) }
                    pageEnded(plan.pages[index].name)
                }
                results.keep(reader)
            }
            // Tesseract's recursion needs more than a secondary thread's default stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let error = results.firstError { throw error }
        results.keep(firstReader)
        return Report(outcomes: results.all, readers: results.readers)
    }

    /// Largest files first (longest-processing-time order): a slow page picked up last would
    /// leave the other workers idle at the end of the batch. A PDF's pages count as its size
    /// shared out, and keep their order among themselves.
    func largestFirst() -> [Int] {
        var sizes: [String: Int] = [:]
        var pageCounts: [String: Int] = [:]
        for page in plan.pages {
            pageCounts[page.path, default: 0] += 1
            if sizes[page.path] == nil {
                sizes[page.path] = ((try? FileManager.default.attributesOfItem(atPath: page.path)[.size]) as? NSNumber)?.intValue ?? 0
            }
        }
        let share = plan.pages.map { sizes[$0.path, default: 0] / max(pageCounts[$0.path, default: 1], 1) }
        return plan.pages.indices.sorted { share[$0] != share[$1] ? share[$0] > share[$1] : $0 < $1 }
    }

    /// One page on a worker, making the worker's reader the first time one is needed; `pdf` is
    /// the PDF the worker has open, kept for its next page.
    func runPage(_ index: Int, reader: inout (any PageReader)?, pdf: inout ScannedPDF?) -> PageOutcome {
        let source = plan.sources[index]
        if source.needsReader, reader == nil {
            do {
                reader = try makeReader()
            } catch {
                var outcome = PageOutcome(page: plan.pages[index])
                outcome.failure = error
                return outcome
            }
        }
        return PageJob(page: plan.pages[index], source: source, plan: plan).run(reader: reader, pdf: &pdf)
    }
}
