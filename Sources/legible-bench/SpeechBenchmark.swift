import Foundation

/// `legible-bench speech` (`Docs/Speech.md`, "Measured"): `legible speak` on the three Chicago
/// pages, one process at a time: the audio's length against the processor time it took (how
/// many times faster than real time one core speaks), wall time, peak memory, and the audio's
/// size per minute of speech.
func speechBenchmark() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-speech-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let pages = (1...3).map { root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json").path }
    let start = Date()
    guard let pid = spawn([legibleExecutable, "speak"] + pages + ["-o", work, "--jobs", "1"], environment: [:]) else { return }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let wall = Date().timeIntervalSince(start)
    // The processor time of `legible speak` and every page's process it waited for.
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    var milliseconds = 0
    var bytes = 0
    for index in 1...3 {
        let map = work + "/chicago-\(index).timing.json"
        guard let data = FileManager.default.contents(atPath: map),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let duration = object["duration"] as? Int
        else {
            print("no timing map for chicago-\(index) (status \((status >> 8) & 0xFF))")
            return
        }
        milliseconds += duration
        bytes += fileSize(work + "/chicago-\(index).opus")
    }
    let minutes = Double(milliseconds) / 60_000
    print(
        String(
            format: "speak, 3 pages, %.1f s of speech: %.2f s wall, %.2f s of processor time (%.0f× real time a core), %.0f MB peak",
            Double(milliseconds) / 1000, wall, cpu, Double(milliseconds) / 1000 / max(cpu, 0.001), Double(usage.ru_maxrss) / 1024))
    print(String(format: "audio: %d bytes, %.0f KB a minute of speech", bytes, Double(bytes) / 1000 / max(minutes, 0.001)))
}
