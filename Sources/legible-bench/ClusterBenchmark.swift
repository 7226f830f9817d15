import Foundation
import LegibleBatch
import LegibleOCR

#if canImport(Glibc)
    import Glibc
#endif

/// `legible-bench cluster`: a sharded ingest of `Scans/` as Slurm arrays of 1, 2 and 4 tasks
/// on a throwaway cluster with this machine's cores, against one `legible ingest --jobs N`
/// run; the cost per task; a projection to 10⁶ pages (`Docs/Cluster.md`, "Measured").
func clusterBenchmark() throws {
    guard getuid() == 0, FileManager.default.fileExists(atPath: "/usr/sbin/slurmctld") else {
        throw BenchFailure(
            message: "cluster: needs root and Slurm (Tools/install-dependencies installs munge, slurmctld, slurmd, slurm-client)")
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-cluster-\(getpid())").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let cluster = work + "/cluster"
    let script = root.appendingPathComponent("Tools/slurm/local-cluster").path
    guard command([script, "start", cluster, "\(cores)"]).status == 0 else {
        throw BenchFailure(message: "cluster: the throwaway cluster did not start; see \(cluster)/log")
    }
    defer { _ = command([script, "stop", cluster]) }
    for copies in [1, 8] {
        let images = try batchImages(copies: copies, in: work)
        let list = "\(work)/inputs-\(copies).txt"
        try Data(images.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        let single = (0..<3).map { run in
            measure([legibleExecutable, "ingest"] + images + ["-o", "\(work)/single-\(copies)-\(run)", "--jobs", "\(cores)", "-q"]).seconds
        }.sorted()[1]
        let reference = Double(images.count) / single
        BenchResults.table = "arrays"
        let batch = "\(images.count) pages"
        BenchResults.record("submit to last page", on: batch + ", one legible ingest --jobs \(cores)", single, "s", decimals: 2)
        BenchResults.record("pages a second", on: batch + ", one legible ingest --jobs \(cores)", reference, decimals: 2)
        for (tasks, cpus) in [(1, cores), (2, max(1, cores / 2)), (4, 1)] {
            BenchResults.table = "arrays"
            let runs = try (0..<3).map { run in
                try arrayRun(tasks: tasks, cpus: cpus, list: list, output: "\(work)/array-\(copies)-\(tasks)-\(run)", cluster: cluster)
            }
            let median = runs.sorted { $0.makespan < $1.makespan }[1]
            let wall = Double(images.count) / median.makespan
            let busy = Double(images.count) / median.busy
            let subject = batch + ", array of \(tasks) tasks × \(cpus) CPUs"
            BenchResults.record("submit to last page", on: subject, median.makespan, "s", decimals: 2)
            BenchResults.record("pages a second", on: subject, wall, decimals: 2)
            BenchResults.record("against one run", on: subject, 100 * wall / reference, "%")
            BenchResults.record("busy", on: subject, median.busy, "s", decimals: 2)
            BenchResults.record("busy pages a second", on: subject, busy, decimals: 2)
            BenchResults.record("busy, against one run", on: subject, 100 * busy / reference, "%")
            BenchResults.record("first start", on: subject, median.scheduling, "s", decimals: 2)
            BenchResults.record("engine and list", on: subject, median.firstPageOverhead, "s", decimals: 2)
            if tasks == 1, copies == 8 { try projection(median, cores: cores, images: images, output: "\(work)/single-\(copies)-0") }
        }
    }
    let engine = (0..<5).map { _ -> Double in
        let start = Date()
        // The engine loads on a thread of its own: wait for it, or only the thread's start is timed.
        (try? Recogniser(options: OCROptions()))?.finishLoading()
        return Date().timeIntervalSince(start)
    }.sorted()[2]
    BenchResults.table = "engine"
    BenchResults.record("load, median of 5", on: "Recogniser with eng, in process", engine, "s", decimals: 3)
}

/// `Scans/*.png`, or `copies` links to each under distinct names, so a batch is `copies` times
/// as long.
func batchImages(copies: Int, in work: String) throws -> [String] {
    let scans = root.appendingPathComponent("Scans").path
    let originals = ((try? FileManager.default.contentsOfDirectory(atPath: scans)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    guard copies > 1 else { return originals.map { scans + "/" + $0 } }
    let folder = "\(work)/copies"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return try (0..<copies).flatMap { copy in
        try originals.map { name in
            let link = "\(folder)/\(copy)-\(name)"
            if !FileManager.default.fileExists(atPath: link) {
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scans + "/" + name)
            }
            return link
        }
    }
}

/// One array's figures, from the clock at submission and the manifests.
struct ArrayRun {
    /// Submission to the last page's record, seconds.
    var makespan: Double
    /// Seconds while any task ran: the union of each task's span from its start to its last
    /// record (`legible status`'s throughput), so Slurm's queue wait is left out.
    var busy: Double
    /// Submission to the first task's start, seconds: Slurm's scheduling and the process start.
    var scheduling: Double
    /// Mean over tasks of (first page's end − its own seconds − task start): engine load and
    /// reading the list.
    var firstPageOverhead: Double
    /// Mean worker seconds per page.
    var secondsPerPage: Double
}

func arrayRun(tasks: Int, cpus: Int, list: String, output: String, cluster: String) throws -> ArrayRun {
    let submitted = Date().timeIntervalSince1970
    let result = command(
        [
            "/usr/bin/sbatch", "--wait", "--quiet", "--array=0-\(tasks - 1)", "--cpus-per-task=\(cpus)", "-o", "\(cluster)/%x-%A_%a.log",
            root.appendingPathComponent("Tools/slurm/ingest.sbatch").path, list, output, "--root", "/", "-q",
        ], environment: ["SLURM_CONF": cluster + "/slurm.conf", "LEGIBLE": legibleExecutable])
    guard result.status == 0 else { throw BenchFailure(message: "sbatch: \(result.output)") }
    let folder = output + "/manifest"
    let manifests = try FileManager.default.contentsOfDirectory(atPath: folder).map { name in
        (name: name, bytes: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
    var tasks: [TaskRecord] = []
    var all: [PageRecord] = []
    var overheads: [Double] = []
    for manifest in manifests {
        // One task per manifest here: each array task ran once.
        let records = try BatchStatus.records(in: manifest.bytes, name: manifest.name).records
        let task = records.compactMap { if case .task(let task) = $0 { return task } else { return nil } }.first
        let pages = records.compactMap { if case .page(let page) = $0 { return page } else { return nil } }
        if let task {
            tasks.append(task)
            if let first = pages.min(by: { $0.finished < $1.finished }) { overheads.append(first.finished - first.seconds - task.started) }
        }
        all += pages
    }
    let busy = Double(all.count) / (try BatchStatus.merge(manifests).pagesPerSecond ?? .infinity)
    return ArrayRun(
        makespan: (all.map(\.finished).max() ?? submitted) - submitted, busy: busy,
        scheduling: (tasks.map(\.started).min() ?? submitted) - submitted,
        firstPageOverhead: overheads.reduce(0, +) / Double(max(1, overheads.count)),
        secondsPerPage: all.reduce(0) { $0 + $1.seconds } / Double(max(1, all.count)))
}

/// 10⁶ pages on 100 nodes of 32 cores, from the measured cost per page and the bytes each page
/// reads and writes on the shared file system.
func projection(_ run: ArrayRun, cores: Int, images: [String], output: String) throws {
    let pages = 1e6
    let workers = 100.0 * 32
    let perTask = run.scheduling + run.firstPageOverhead
    let hours = (pages * run.secondsPerPage / workers + perTask) / 3600
    let rate = workers / run.secondsPerPage
    let read = images.reduce(0.0) { $0 + Double(fileSize($1)) } / Double(images.count)
    let written =
        (try FileManager.default.contentsOfDirectory(atPath: output)).filter { $0.hasSuffix(".json") }.reduce(0.0) {
            $0 + Double(fileSize(output + "/" + $1))
        } / Double(images.count)
    // If one worker per core scales as on this machine's cores and pages cost what Scans/ pages cost.
    BenchResults.table = "projection"
    let subject = "10⁶ pages on 100 nodes × 32 workers"
    BenchResults.record("worker seconds a page", on: subject, run.secondsPerPage, "s", decimals: 3)
    BenchResults.record("per task", on: subject, perTask, "s", decimals: 2)
    BenchResults.record("wall", on: subject, hours, "h", decimals: 2)
    BenchResults.record("pages a second", on: subject, rate, decimals: 0)
    BenchResults.record("images served", on: subject, rate * read / 1e6, "MB/s", decimals: 0)
    BenchResults.record("documents taken", on: subject, rate * written / 1e6, "MB/s", decimals: 0)
}

struct BenchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Runs a command to its end with its output (both streams) captured.
func command(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    guard (try? process.run()) != nil else { return (-1, "cannot start \(arguments[0])") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
