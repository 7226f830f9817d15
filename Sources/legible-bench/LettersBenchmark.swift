import Foundation

/// `legible-bench letters`: the speed targets of the issue "Read any hand" for a letter page
/// (`Docs/Benchmarks.md`), on the real corpus's five Stanford letters, one page a run, beside
/// `OMP_THREAD_LIMIT=1 tesseract PAGE OUT -l eng hocr`: pinned to one core (`taskset -c 0`;
/// Legible counts the processors it may use, `LegibleBatch.Processors`), and on every core.
/// Medians of five runs, taking turns. Each row: both sides' time and peak, and their ratios,
/// which the issue asks at most 4.5 (time) and 2 (memory).
func lettersBenchmark() throws {
    let folder = URL(fileURLWithPath: realCorpus).appendingPathComponent("jane-stanford-memorials")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
    guard !pages.isEmpty else { throw BenchFailure(message: "no letters in \(folder.path) (LEGIBLE_REAL_CORPUS names the corpus)") }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    for (table, pin) in [("one core", ["taskset", "-c", "0"]), ("every core", [])] {
        BenchResults.table = table
        for page in pages {
            let path = folder.appendingPathComponent(page).path
            let (ours, theirs) = measurePair(
                pin + [legibleExecutable, "ingest", path, "-o", work.path, "--force", "-q"],
                pin + ["tesseract", path, work.appendingPathComponent("t").path, "-l", "eng", "hocr"])
            guard ours.status == 0, theirs.status == 0 else {
                throw BenchFailure(message: "\(page): legible exited \(ours.status), tesseract \(theirs.status)")
            }
            let name = String(page.dropLast(4))
            BenchResults.record("legible", on: name, ours.seconds, "s", decimals: 2)
            BenchResults.record("tesseract", on: name, theirs.seconds, "s", decimals: 2)
            BenchResults.record("time ratio", on: name, ours.seconds / theirs.seconds, "×", decimals: 1)
            BenchResults.record("legible peak", on: name, ours.peakMB, "MB", decimals: 0)
            BenchResults.record("tesseract peak", on: name, theirs.peakMB, "MB", decimals: 0)
            BenchResults.record("memory ratio", on: name, ours.peakMB / theirs.peakMB, "×", decimals: 1)
        }
    }
}
