import Foundation

/// `legible-bench pdf`: the tagged PDF's figures (`Docs/PDF.md`, "Measured"). It ingests
/// `Scans/`, times `legible pdf` on 100 pages and on the 15 pages once each, and weighs each PDF
/// against the scans it shows.
func pdfBenchmark() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-pdf-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: work) }
    let (pages, scans) = try ingestScans(into: work)
    for (label, list) in [("15 pages", pages), ("100 pages", (0..<100).map { pages[$0 % pages.count] })] {
        let output = work + "/\(list.count).pdf"
        let run = measure([legibleExecutable, "pdf"] + list + ["-o", output, "--scans", scans])
        let scanBytes = list.reduce(0) {
            $0 + fileSize(scans + "/" + (($1 as NSString).lastPathComponent as NSString).deletingPathExtension + ".png")
        }
        let pdfBytes = fileSize(output)
        let subject = BenchResults.subject("legible pdf, \(label)", status: run.status)
        BenchResults.record("wall", on: subject, run.seconds, "s", decimals: 3)
        BenchResults.record("peak", on: subject, run.peakMB, "MB", decimals: 0)
        BenchResults.record("PDF", on: subject, Double(pdfBytes) / 1000, "KB", decimals: 0)
        BenchResults.record("scans shown", on: subject, Double(scanBytes) / 1000, "KB", decimals: 0)
        BenchResults.record("PDF against its scans", on: subject, Double(pdfBytes) / Double(max(1, scanBytes)), "×", decimals: 3)
    }
}
