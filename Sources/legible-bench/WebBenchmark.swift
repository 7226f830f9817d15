import Foundation

/// `legible-bench web`: the HTML notebook's figures (`Docs/Web.md`). It ingests `Scans/`, times
/// `legible html` on 100 pages, weighs the HTML without images against the page documents, has
/// headless Chromium load a 50-page notebook (load event and first paint, DevTools timing),
/// and measures the geometry of the browser's rects against `legible rects` on every line and
/// 200 random ranges inside lines.
func webBenchmark() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-web-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let (pages, scans) = try ingestScans(into: work)

    let hundred = (0..<100).map { pages[$0 % pages.count] }
    let html = measure([legibleExecutable, "html"] + hundred + ["-o", work + "/hundred", "--scans", scans])
    BenchResults.table = "html"
    let subject = BenchResults.subject("legible html, 100 pages of Scans/", status: html.status)
    BenchResults.record("wall", on: subject, html.seconds, "s", decimals: 3)
    BenchResults.record("peak", on: subject, html.peakMB, "MB", decimals: 0)

    _ = measure([legibleExecutable, "html"] + pages + ["-o", work + "/scans", "--scans", scans])
    let htmlBytes = fileSize(work + "/scans/index.html")
    let jsonBytes = pages.reduce(0) { $0 + fileSize($1) }
    let weight = "the \(pages.count) pages of Scans/, without images"
    BenchResults.record("HTML", on: weight, Double(htmlBytes) / 1000, "KB", decimals: 0)
    BenchResults.record("page documents", on: weight, Double(jsonBytes) / 1000, "KB", decimals: 0)
    BenchResults.record("HTML against the documents", on: weight, Double(htmlBytes) / Double(jsonBytes), "×", decimals: 2)

    let fifty = (0..<50).map { pages[$0 % pages.count] }
    _ = measure([legibleExecutable, "html"] + fifty + ["-o", work + "/fifty", "--scans", scans])
    try browserLoad(work + "/fifty/index.html")
    try geometry(work + "/scans/index.html", pages: pages)
}

/// Ingests every page of `Scans/` into `work/pages/`; returns the page documents and the scans'
/// folder; the ingest failing stops the benchmark.
func ingestScans(into work: String) throws -> (pages: [String], scans: String) {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let scans = root.appendingPathComponent("Scans").path
    let images = ((try? FileManager.default.contentsOfDirectory(atPath: scans)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    let ingest = measure([legibleExecutable, "ingest"] + images.map { scans + "/" + $0 } + ["-o", work + "/pages", "-q"])
    guard ingest.status == 0 else { throw BenchFailure(message: "ingest of Scans/ failed with \(ingest.status)") }
    return (images.map { work + "/pages/" + ($0 as NSString).deletingPathExtension + ".json" }, scans)
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath))?[.size] as? NSNumber)?.intValue ?? 0
}

/// Runs a tool with `input` on stdin; its stdout, or `nil` when it failed (with
/// `anyStatus`, only when it could not start: a checker exits non-zero when it finds faults).
func runTool(_ arguments: [String], input: Data = Data(), anyStatus: Bool = false) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    guard (try? process.run()) != nil else { return nil }
    stdin.fileHandleForWriting.write(input)
    try? stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 || anyStatus ? String(decoding: output, as: UTF8.self) : nil
}

/// Load event and first paint of a notebook in headless Chromium, three runs.
func browserLoad(_ file: String) throws {
    let timing =
        "(() => { const n = performance.getEntriesByType('navigation')[0]; const p = performance.getEntriesByName('first-paint')[0]; "
        + "const c = performance.getEntriesByName('first-contentful-paint')[0]; return [n.loadEventEnd, p ? p.startTime : null, c ? c.startTime : null]; })()"
    let plan: [String: Any] = [
        "url": URL(fileURLWithPath: file).absoluteString, "viewport": ["width": 1200, "height": 900],
        "steps": [["evaluate": "new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))"], ["evaluate": timing]],
    ]
    let input = try JSONSerialization.data(withJSONObject: plan)
    BenchResults.table = "browser"
    for run in 1...3 {
        guard let output = runTool([root.path + "/Tools/browser"], input: input),
            let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            let values = (object["results"] as? [Any])?.last as? [Any]
        else { throw BenchFailure(message: "browser: Tools/browser failed (is chromium installed?)") }
        let numbers = values.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
        let subject = "50-page notebook in headless Chromium, run \(run)"
        for (measure, value) in zip(["load event", "first paint", "first contentful paint"], numbers) {
            BenchResults.record(measure, on: subject, value, "ms", decimals: 0)
        }
    }
}

/// `Tools/web-geometry` over every line and 200 random ranges inside lines.
func geometry(_ file: String, pages: [String]) throws {
    guard let output = runTool([root.path + "/Tools/web-geometry", file] + pages + ["--legible", legibleExecutable, "--ranges", "200"])
    else {
        throw BenchFailure(message: "geometry: Tools/web-geometry failed")
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
        throw BenchFailure(message: "geometry: Tools/web-geometry printed no figures")
    }
    BenchResults.table = "geometry"
    for (key, subject) in [("lines", "every line, worst edge"), ("intra", "200 random ranges inside lines, mean of both ends")] {
        let summary = object[key] as? [String: Double] ?? [:]
        BenchResults.record("rects compared", on: subject, summary["count"] ?? 0, decimals: 0)
        for measure in ["mean", "p95", "max"] { BenchResults.record(measure, on: subject, summary[measure] ?? .nan, "px", decimals: 3) }
    }
    BenchResults.record("rect counts that differ", on: "every range", Double((object["mismatches"] as? [Any])?.count ?? 0), decimals: 0)
}
