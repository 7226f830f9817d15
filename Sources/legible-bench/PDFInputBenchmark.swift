import Foundation

/// `legible-bench pdf-in`: scanned PDFs in (`Docs/PDF.md`, "Measured"). The 15 scans of
/// `Scans/` become one PDF with `img2pdf`; `legible pdf` and `ocrmypdf --jobs 1` each make it
/// accessible, one job each, side by side; both outputs are weighed against the input and
/// checked with `outloud`. Then a 1,000-page PDF of small scans is ingested, to show that a long
/// PDF is read page by page in bounded memory. `OCRMYPDF` names the `ocrmypdf` to run.
func pdfInputBenchmark() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-pdf-in-\(getpid())").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let scans = root.appendingPathComponent("Scans").path
    let images = ((try? FileManager.default.contentsOfDirectory(atPath: scans)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    let input = work + "/scan.pdf"
    guard measure(["img2pdf"] + images.map { scans + "/" + $0 } + ["-o", input]).status == 0 else {
        throw BenchFailure(message: "img2pdf is missing (Debian img2pdf)")
    }
    let ocrmypdf = ProcessInfo.processInfo.environment["OCRMYPDF"] ?? "ocrmypdf"
    let ours = measure([legibleExecutable, "pdf", input, "-o", work + "/legible.pdf", "--jobs", "1"])
    let theirs = measure([ocrmypdf, "--jobs", "1", input, work + "/ocrmypdf.pdf"], environment: ["OMP_THREAD_LIMIT": "1"])
    // A peer that did not run gives no figure to set beside ours.
    guard theirs.status == 0 else { throw BenchFailure(message: "\(ocrmypdf) did not run (status \(theirs.status)); set OCRMYPDF") }
    let inputBytes = fileSize(input)
    for (name, run, output) in [("legible pdf", ours, "legible.pdf"), ("ocrmypdf --jobs 1", theirs, "ocrmypdf.pdf")] {
        let bytes = fileSize(work + "/" + output)
        let subject = BenchResults.subject("\(name), \(images.count) pages", status: run.status)
        BenchResults.record("wall", on: subject, run.seconds, "s")
        BenchResults.record("a page", on: subject, run.seconds / Double(images.count), "s", decimals: 2)
        BenchResults.record("peak", on: subject, run.peakMB, "MB", decimals: 0)
        BenchResults.record("output against input", on: subject, Double(bytes) / Double(max(1, inputBytes)), "×", decimals: 3)
        // outloud's verdict is prose, for the reader of this run, not a measure.
        let verdict = runTool(["/usr/bin/env", "outloud", work + "/" + output], anyStatus: true) ?? "outloud is missing"
        print(
            "  outloud: " + verdict.split(separator: "\n").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
        )
    }
    BenchResults.record("wall", on: "legible against ocrmypdf", ours.seconds / max(theirs.seconds, 0.001), "×", decimals: 2)
    try longPDF(in: work, from: scans + "/" + images[0])
}

/// Ingests a 1,000-page PDF of one small scan repeated, with two jobs: wall time, pages a
/// second and peak memory.
func longPDF(in work: String, from scan: String) throws {
    let small = work + "/small.png"
    let shrink =
        "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('L').resize((300, 420)).save(sys.argv[2], dpi=(50, 50))"
    let pdf = work + "/long.pdf"
    guard measure(["python3", "-c", shrink, scan, small]).status == 0,
        measure(["img2pdf"] + Array(repeating: small, count: 1000) + ["-o", pdf]).status == 0
    else {
        throw BenchFailure(message: "cannot make the 1,000-page PDF (python3 with Pillow and img2pdf are needed)")
    }
    let run = measure([legibleExecutable, "ingest", pdf, "-o", work + "/long", "-q", "--jobs", "2"])
    let subject = BenchResults.subject("legible ingest, a 1,000-page PDF of \(fileSize(pdf) / 1000) KB, 2 jobs", status: run.status)
    BenchResults.record("wall", on: subject, run.seconds, "s")
    BenchResults.record("pages a second", on: subject, 1000 / run.seconds, decimals: 1)
    BenchResults.record("peak", on: subject, run.peakMB, "MB", decimals: 0)
}
