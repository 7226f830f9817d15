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
        print(String(format: "in process, %@: %.2f µs a call (100,000 calls)", name, Date().timeIntervalSince(start) * 10))
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
    print("through the bus (Tools/atspi-bench): " + (lines.last.map(String.init) ?? "no figures (are dbus and python3-pyatspi installed?)"))
}
