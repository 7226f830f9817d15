import Foundation
import LegibleATSPI
import LegiblePages
import LegibleReading

/// `legible-bench atspi`: the AT-SPI bridge's figures (`Docs/ATSPI.md`, "Measured"). In
/// process, the cost of the tree's answers without D-Bus; then, under a private session bus,
/// `Tools/atspi-bench` for start-up, memory per page and latency through the bus next to a bare
/// D-Bus round trip.
func atspiBenchmark() throws {
    let fixtures = (1...3).map { root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }
    let pages = try fixtures.map { try ScannedPage(contentsOf: URL(fileURLWithPath: $0)) }
    let store = ClippingsStore(url: FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-\(getpid()).jsonl"))
    let tree = AccessibleNotebook(notebook: Notebook(pages: pages), title: "bench", store: store)
    let page = tree.number(.page(0))
    let count = tree.characterCount(page)
    func perCall(_ name: String, _ body: (Int) -> Void) {
        let start = Date()
        for index in 0..<100_000 { body(index % count) }
        BenchResults.record("a call, in process", on: name, Date().timeIntervalSince(start) * 10, "µs", decimals: 2)
    }
    perCall("line at offset (text and bounds)") { offset in
        let (lower, upper) = tree.unit(page, at: offset, .line, edge: 0, shift: 0)
        _ = tree.text(page, lower, upper)
    }
    perCall("range extents of 20 characters") { offset in _ = tree.rangeExtents(page, offset, offset + 20) }
    let command = "/usr/bin/dbus-run-session -- \"$@\" >\"$OUT\" 2>/dev/null; kill -KILL 0"
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-atspi-\(getpid()).json").path
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-runtime-\(getpid())").path
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    _ = measure(
        ["/usr/bin/setsid", "-w", "/bin/sh", "-c", command, "sh", root.path + "/Tools/atspi-bench", legibleExecutable] + fixtures,
        environment: ["OUT": out, "XDG_RUNTIME_DIR": runtime])
    let lines = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("{") }
    guard let figures = lines.last, let object = try? JSONSerialization.jsonObject(with: Data(figures.utf8)) as? [String: Any] else {
        throw BenchFailure(message: "through the bus: no figures (are dbus and python3-pyatspi installed?)")
    }
    BenchResults.table = "latency"
    for (call, timing) in (object["latency"] as? [String: [String: Double]] ?? [:]).sorted(by: { $0.key < $1.key }) {
        BenchResults.record("median of 10,000", on: call, timing["median_us"] ?? .nan, "µs")
        BenchResults.record("99th percentile", on: call, timing["p99_us"] ?? .nan, "µs")
    }
    BenchResults.table = "server"
    for pages in [3, 300] {
        let subject = "\(pages) pages"
        BenchResults.record(
            "start-up to ready, median of 3", on: subject, object["startup_s_\(pages)"] as? Double ?? .nan, "s", decimals: 3)
        BenchResults.record("resident after every region read", on: subject, (object["rss_kib_\(pages)"] as? Double ?? .nan) / 1024, "MB")
    }
}
