import Foundation

/// `legible-bench documents` (`Docs/PageDocument.md`, "Limits"): `legible text` on two large
/// page documents made here, one JSON line each: size in bytes, wall seconds, peak resident MB
/// and the peak as a multiple of the size. The first has 20,000 lines with a glyph box for every
/// letter; the second 24,000 lines whose coordinates are single digits, the most values a byte.
func documentBenchmark() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-documents-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    for (name, lines, singleDigits) in [("glyph-boxes", 20_000, false), ("single-digits", 24_000, true)] {
        let path = work.appendingPathComponent("\(name).json").path
        try writeLargeDocument(to: path, lines: lines, singleDigits: singleDigits)
        let bytes = fileSize(path)
        let run = measure([legibleExecutable, "text", path])
        let subject = BenchResults.subject("\(name), \(grouped(lines)) lines", status: run.status)
        BenchResults.record("document", on: subject, Double(bytes) / 1_048_576, "MiB")
        BenchResults.record("legible text, wall", on: subject, run.seconds, "s", decimals: 2)
        BenchResults.record("peak", on: subject, run.peakMB, "MB", decimals: 0)
        BenchResults.record("peak against the document", on: subject, run.peakMB * 1_048_576 / Double(bytes), "×")
    }
}

/// Writes to `path` a page document of `lines` one-line paragraphs of eight six-letter words,
/// a glyph box for every letter, without spaces; with `singleDigits` the image is 10 × 10
/// pixels. It is written a line at a time: a child started by posix_spawn counts this process's
/// peak memory as its own (they share it until exec), so the bench must never hold a document.
func writeLargeDocument(to path: String, lines: Int, singleDigits: Bool) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteUnknown)
    }
    defer { try? file.close() }
    let (width, height) = singleDigits ? (10, 10) : (4000, 60000)
    let lineUnits = 8 * 6 + 7
    try file.write(
        contentsOf: Data("{\"format\":\"legible-page\",\"version\":2,\"image\":{\"width\":\(width),\"height\":\(height)},\"lines\":[".utf8))
    for line in 0..<lines {
        let start = line * (lineUnits + 1)
        let y = singleDigits ? 0 : (line * 3) % (height - 3)
        let words = (0..<8).map { word in
            let first = start + word * 7
            let glyphs = (0..<6).map { letter in
                let box = singleDigits ? "[\(letter),0,1,1]" : "[\(word * 60 + letter * 10),\(y),10,3]"
                return "{\"box\":\(box),\"range\":[\(first + letter),\(first + letter + 1)]}"
            }
            let box = singleDigits ? "[0,0,9,9]" : "[\(word * 60),\(y),60,3]"
            return "{\"box\":\(box),\"glyphs\":[\(glyphs.joined(separator: ","))],\"range\":[\(first),\(first + 6)]}"
        }
        let box = singleDigits ? "[0,0,9,9]" : "[0,\(y),480,3]"
        let object = "{\"box\":\(box),\"range\":[\(start),\(start + lineUnits)],\"words\":[\(words.joined(separator: ","))]}"
        try file.write(contentsOf: Data(((line > 0 ? "," : "") + object).utf8))
    }
    let paragraphs = (0..<lines).map { "{\"range\":[\($0 * (lineUnits + 1)),\($0 * (lineUnits + 1) + lineUnits)]}" }
    let text = Array(repeating: Array(repeating: "abcdef", count: 8).joined(separator: " "), count: lines).joined(separator: "\\n")
    try file.write(contentsOf: Data("],\"paragraphs\":[\(paragraphs.joined(separator: ","))],\"text\":\"\(text)\"}".utf8))
}
