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
            throw BenchFailure(message: "no timing map for chicago-\(index) (status \((status >> 8) & 0xFF))")
        }
        milliseconds += duration
        bytes += fileSize(work + "/chicago-\(index).opus")
    }
    let minutes = Double(milliseconds) / 60_000
    BenchResults.table = "speak"
    let subject = "legible speak, the 3 Chicago pages"
    BenchResults.record("speech", on: subject, Double(milliseconds) / 1000, "s")
    BenchResults.record("wall", on: subject, wall, "s", decimals: 2)
    BenchResults.record("processor time", on: subject, cpu, "s", decimals: 2)
    BenchResults.record("times real time, a core", on: subject, Double(milliseconds) / 1000 / max(cpu, 0.001), "×", decimals: 0)
    BenchResults.record("peak", on: subject, Double(usage.ru_maxrss) / 1024, "MB", decimals: 0)
    BenchResults.record("audio a minute of speech", on: subject, Double(bytes) / 1000 / max(minutes, 0.001), "KB", decimals: 0)
    demoWithAudio(work)
}

/// The demo's steps on the 15 scans of `Scans/`, as `Tools/demo` runs them: ingest, then the
/// HTML notebook without audio and with `--speak`, each timed.
func demoWithAudio(_ work: String) {
    let scans = root.appendingPathComponent("Scans").path
    let images = ((try? FileManager.default.contentsOfDirectory(atPath: scans)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    let pages = work + "/pages"
    let ingest = measure([legibleExecutable, "ingest"] + images.map { scans + "/" + $0 } + ["-o", pages, "-q"])
    let documents = images.map { pages + "/" + ($0 as NSString).deletingPathExtension + ".json" }
    let plain = measure([legibleExecutable, "html"] + documents + ["-o", work + "/plain", "--scans", scans])
    let spoken = measure([legibleExecutable, "html"] + documents + ["-o", work + "/spoken", "--scans", scans, "--speak"])
    let audio = ((try? FileManager.default.contentsOfDirectory(atPath: work + "/spoken/audio")) ?? []).filter { $0.hasSuffix(".opus") }
    let bytes = audio.reduce(0) { $0 + fileSize(work + "/spoken/audio/" + $1) }
    BenchResults.table = "demo"
    let subject = "the demo's \(images.count) scans"
    BenchResults.record("ingest", on: subject, ingest.seconds, "s")
    BenchResults.record("html", on: subject, plain.seconds, "s", decimals: 2)
    BenchResults.record("html --speak", on: subject, spoken.seconds, "s", decimals: 2)
    BenchResults.record("audio files", on: subject, Double(audio.count), decimals: 0)
    BenchResults.record("audio", on: subject, Double(bytes) / 1000, "KB", decimals: 0)
    BenchResults.record(
        "with audio against without", on: subject, (ingest.seconds + spoken.seconds) / max(ingest.seconds + plain.seconds, 0.001), "×",
        decimals: 2)
}
