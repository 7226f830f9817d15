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
        print("cluster: needs root and Slurm (Tools/install-dependencies installs munge, slurmctld, slurmd, slurm-client)")
        return
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-cluster-\(getpid())").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let cluster = work + "/cluster"
    let script = root.appendingPathComponent("Tools/slurm/local-cluster").path
    guard command([script, "start", cluster, "\(cores)"]).status == 0 else {
        print("cluster: the throwaway cluster did not start; see \(cluster)/log")
        return
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
        print(
            String(
                format: "\n%d pages: one legible ingest --jobs %d: %.2f s, %.2f pages/s (median of 3)", images.count, cores, single,
                reference))
        print("array (tasks × CPUs)  submit→last page s  pages/s  vs one run | busy s  pages/s  vs one run | first start s  engine+list s")
        for (tasks, cpus) in [(1, cores), (2, max(1, cores / 2)), (4, 1)] {
            let runs = try (0..<3).map { run in
                try arrayRun(tasks: tasks, cpus: cpus, list: list, output: "\(work)/array-\(copies)-\(tasks)-\(run)", cluster: cluster)
            }
            let median = runs.sorted { $0.makespan < $1.makespan }[1]
            let wall = Double(images.count) / median.makespan
            let busy = Double(images.count) / median.busy
            print(
                String(
                    format:
                        "%d × %d                 %6.2f              %5.2f    %5.1f %%   | %5.2f   %5.2f    %5.1f %%   | %5.2f          %5.2f",
                    tasks,
                    cpus, median.makespan, wall, 100 * wall / reference, median.busy, busy, 100 * busy / reference, median.scheduling,
                    median.firstPageOverhead))
            if tasks == 1, copies == 8 { try projection(median, cores: cores, images: images, output: "\(work)/single-\(copies)-0") }
        }
    }
    let engine = (0..<5).map { _ -> Double in
        let start = Date()
        // The engine loads on a thread of its own: wait for it, or only the thread's start is timed.
        (try? Recogniser(options: OCROptions()))?.finishLoading()
        return Date().timeIntervalSince(start)
    }.sorted()[2]
    print(String(format: "engine load (Recogniser with eng, in process): %.3f s (median of 5)", engine))
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
    print(
        String(
            format:
                "projection: 10⁶ pages × %.3f worker-s/page ÷ (100 nodes × 32 workers) + %.2f s per task = %.2f h (%.0f pages/s), if one worker per core scales as on %d cores and pages cost what Scans/ pages cost",
            run.secondsPerPage, perTask, hours, rate, cores))
    print(
        String(
            format:
                "            the shared file system must then serve %.0f MB/s of images (%.0f KB/page) and take %.0f MB/s of documents (%.0f KB/page)",
            rate * read / 1e6, read / 1e3, rate * written / 1e6, written / 1e3))
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
