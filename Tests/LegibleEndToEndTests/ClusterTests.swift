import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway single-node Slurm started by `Tools/slurm/local-cluster` for one test
/// (`Docs/Cluster.md`, "A throwaway cluster").
struct LocalCluster {
    let folder: String
    var environment: [String: String] { ["SLURM_CONF": folder + "/slurm.conf", "LEGIBLE": Repository.legibleExecutable.path] }

    static let script = Repository.root.appendingPathComponent("Tools/slurm/local-cluster").path

    /// Whether a cluster can start here: root, and Debian's munge and Slurm packages.
    static func isAvailable() -> Bool {
        let tools = ["/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch"]
        let missing = tools.filter { !FileManager.default.fileExists(atPath: $0) }
        guard getuid() == 0 else { return RealParts.available(false, reason: "a Slurm cluster needs root (munged runs as munge)") }
        return RealParts.available(
            missing.isEmpty, reason: "missing \(missing.joined(separator: ", ")) (Tools/install-dependencies installs them)")
    }

    static func start(cpus: Int) throws -> LocalCluster {
        let cluster = LocalCluster(folder: try temporaryFolder())
        let run = try runProcess(URL(fileURLWithPath: script), ["start", cluster.folder, "\(cpus)"], environment: [:])
        guard run.status == 0 else {
            cluster.stop()
            throw ClusterFailure(message: "local-cluster start: \(run.stderr)")
        }
        return cluster
    }

    func stop() { _ = try? runProcess(URL(fileURLWithPath: Self.script), ["stop", folder], environment: [:]) }

    /// Runs a Slurm client from the repository root.
    func client(_ tool: String, _ arguments: [String], extra: [String: String] = [:]) throws -> Run {
        try runProcess(
            URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments, environment: environment.merging(extra) { $1 }, folder: Repository.root)
    }

    /// `sbatch` of the ingest array script over `list` into `output`.
    func submit(_ array: String, list: String, output: String, wait: Bool, extra: [String: String] = [:]) throws -> Run {
        try client(
            "sbatch",
            ["--parsable", "--array=\(array)", "--cpus-per-task=1", "--chdir", Repository.root.path, "-o", folder + "/%x-%A_%a.log"]
                + (wait ? ["--wait"] : []) + ["Tools/slurm/ingest.sbatch", list, output], extra: extra)
    }

    /// Waits until job `id` has left the queue.
    func waitForEnd(of id: String) throws {
        for _ in 0..<600 {
            if try client("squeue", ["-h", "-j", id]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
            usleep(100_000)
        }
        throw ClusterFailure(message: "job \(id) still queued after 60 s")
    }
}

struct ClusterFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

@Suite("Ingest on a real Slurm cluster", .serialized)
struct ClusterTests {
    static let images = Repository.scanStems.map { "Scans/\($0).png" }

    /// One machine's `legible ingest` of `Scans/`, the reference every array must match: the
    /// golden tests' one ingest of the scans, so the suite recognises no page for it.
    static let referenceFolder: Result<String, Error> = GoldenImageTests.ingested.mapError { $0 }

    static func reference() throws -> String { try referenceFolder.get() }

    static func writeList() throws -> String {
        let list = try temporaryFolder() + "/inputs.txt"
        try Data(images.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: list))
        return list
    }

    /// Every page record of every manifest in `output`.
    static func pageRecords(_ output: String) throws -> [[String: Any]] {
        let folder = output + "/manifest"
        return try FileManager.default.contentsOfDirectory(atPath: folder).flatMap { name in
            try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }.filter { $0["record"] as? String == "page" }
    }

    /// The outputs in `output` equal the reference's, byte for byte, and no temporary is left.
    static func expectSameOutputs(_ output: String, as reference: String) throws {
        for stem in Repository.scanStems {
            let expected = try Data(contentsOf: URL(fileURLWithPath: "\(reference)/\(stem).json"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(stem).json")) == expected, "\(stem)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".tmp") } == [])
    }

    /// A started cluster (the caller stops it), the reference folder and a fresh output path;
    /// `nil` where no cluster can run.
    static func setUp() throws -> (LocalCluster, String, String)? {
        guard LocalCluster.isAvailable() else { return nil }
        let cluster = try LocalCluster.start(cpus: 4)
        do {
            return (cluster, try reference(), try temporaryFolder() + "/out")
        } catch {
            cluster.stop()
            throw error
        }
    }

    @Test("a 4-task array over Scans/ recognises every page once, byte-identical to one machine's ingest, and status says complete")
    func array() throws {
        guard let (cluster, reference, output) = try Self.setUp() else { return }
        defer { cluster.stop() }
        let submitted = try cluster.submit("0-3", list: try Self.writeList(), output: output, wait: true)
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let pages = try Self.pageRecords(output)
        #expect(pages.map { $0["input"] as! String }.sorted() == Self.images.sorted())
        #expect(pages.allSatisfy { $0["status"] as? String == "done" })
        #expect(Set(pages.map { $0["shard"] as! String }) == ["0/4", "1/4", "2/4", "3/4"])
        try Self.expectSameOutputs(output, as: reference)
        let status = try runProcess(Repository.legibleExecutable, ["status", output], environment: [:])
        #expect(status.status == 0 && status.stdout.hasSuffix("complete\n"), "\(status.stdout)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: cluster.folder).filter { $0.hasPrefix("legible-ingest-") }
        #expect(logs.count == 4)
    }

    @Test("a task cancelled mid-run with scancel and resubmitted completes the batch with nothing lost or recognised twice")
    func cancelAndResubmit() throws {
        guard let (cluster, reference, output) = try Self.setUp() else { return }
        defer { cluster.stop() }
        let list = try Self.writeList()
        let job = try cluster.submit("0-1", list: list, output: output, wait: false).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!job.isEmpty)
        // Cancel task 1 once it has finished its first page, with pages still to do.
        let manifest = output + "/manifest/1-of-2.jsonl"
        var lines = 0
        for _ in 0..<3000 where lines < 2 {
            lines = ((try? String(contentsOfFile: manifest, encoding: .utf8)) ?? "").split(separator: "\n").count
            usleep(10_000)
        }
        #expect(try cluster.client("scancel", ["\(job)_1"]).status == 0)
        try cluster.waitForEnd(of: job)
        let interrupted = try runProcess(Repository.legibleExecutable, ["status", output], environment: [:])
        #expect(interrupted.status == 75, "\(interrupted.stdout)")
        #expect(interrupted.stdout.contains("shard 1/2: "), "\(interrupted.stdout)")

        let again = try cluster.submit("1", list: list, output: output, wait: true, extra: ["LEGIBLE_SHARD_COUNT": "2"])
        #expect(again.status == 0, "\(again.stderr)")
        let status = try runProcess(Repository.legibleExecutable, ["status", output, "--json"], environment: [:])
        #expect(status.status == 0, "\(status.stdout)")
        let pages = try Self.pageRecords(output)
        for image in Self.images {
            let records = pages.filter { $0["input"] as? String == image }
            #expect(records.filter { $0["status"] as? String == "done" }.count <= 1, "\(image) recognised twice")
            #expect(records.contains { $0["status"] as? String != "failed" }, "\(image) lost")
        }
        try Self.expectSameOutputs(output, as: reference)
    }

    @Test("the Kubernetes Indexed Job manifest, run pod by pod on this machine, completes the batch")
    func kubernetesManifest() throws {
        let data = try temporaryFolder()
        for stem in Repository.scanStems.prefix(4) {
            try FileManager.default.copyItem(atPath: "\(Repository.scans.path)/\(stem).png", toPath: "\(data)/\(stem).png")
        }
        try Data(Repository.scanStems.prefix(4).map { "\($0).png\n" }.joined().utf8).write(to: URL(fileURLWithPath: data + "/inputs.txt"))
        let tool = Repository.root.appendingPathComponent("Tools/k8s/run-locally")
        let job = Repository.root.appendingPathComponent("Tools/k8s/ingest-job.yaml").path
        let run = try runProcess(tool, [job, data, "--legible", Repository.legibleExecutable.path], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let manifests = try FileManager.default.contentsOfDirectory(atPath: data + "/out/manifest").sorted()
        #expect(manifests == ["0-of-4.jsonl", "1-of-4.jsonl", "2-of-4.jsonl", "3-of-4.jsonl"])
        #expect(try runProcess(Repository.legibleExecutable, ["status", data + "/out"], environment: [:]).status == 0)
    }
}
