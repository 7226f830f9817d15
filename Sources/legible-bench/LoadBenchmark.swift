import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleOCR
import LegibleRecognition

/// `legible-bench load`: where a run's start goes before its first page (`Docs/Benchmarks.md`;
/// the issue "Read any hand" asks models loaded in 0.2 s). Each part is loaded in this process
/// on its own, median of five: Tesseract's engine, the handwriting reader with its own last
/// layer and with the French hand head, the text detector, and the word lists. Then the whole
/// reader as `ingest` makes it, for English and for French; and first, as processes, a blank
/// page read by `legible ingest` beside the `tesseract` CLI.
func loadBenchmark() throws {
    // The processes first: a child started by posix_spawn counts this process's memory as its
    // own until it execs, so nothing may be loaded here yet.
    try blankPage()
    let folder = HandwritingModel.Files.defaultFolder(executable: legibleExecutable, environment: ProcessInfo.processInfo.environment)
    let files = HandwritingModel.Files(folder: folder)
    BenchResults.table = "parts"
    // The first load in a process is what a run pays: it also opens the libraries. What it
    // keeps is the memory resident while the part is held, against before it was loaded.
    func part(_ name: String, _ load: () throws -> Any) rethrows {
        var runs: [Double] = []
        var kept = 0
        for run in 0..<6 {
            let (before, start) = (residentBytes(), Date())
            let part = try load()
            runs.append(Date().timeIntervalSince(start))
            if run == 0 { kept = residentBytes() - before }
            withExtendedLifetime(part) {}
        }
        BenchResults.record("first in the process", on: name, runs[0] * 1000, "ms", decimals: 0)
        BenchResults.record("median of 5 after", on: name, runs.dropFirst().sorted()[2] * 1000, "ms", decimals: 0)
        BenchResults.record("resident while held, first", on: name, Double(kept) / 1_048_576, "MiB", decimals: 0)
    }
    try part("Tesseract's engine, eng") {
        let engine = try Recogniser(options: OCROptions())
        engine.finishLoading()
        return engine
    }
    try part("the handwriting reader, its own layer") { try HandwritingModel(files: files) }
    try part("the handwriting reader, the French hand head") { try HandwritingModel(files: files, layer: .frenchHand) }
    try part("the text detector") { try TextDetector(files: files) }
    for language in ["eng", "fra"] {
        try part("the word list, \(language)") { try WordList.load(paths: WordList.debianPaths(forLanguages: language)) }
    }
    let readers = PageReaders(executable: legibleExecutable)
    for language in ["eng", "fra"] {
        var options = try PageReaders.options(languages: language, timeout: nil, reader: .auto, executable: legibleExecutable)
        options.languages = language
        // The word lists are read once a process and kept; a fresh process pays for its own.
        try part("everything ingest loads, \(language)") {
            let recogniser = try readers.recogniser(options, workers: 1)
            recogniser.finishLoading()
            return recogniser
        }
    }
    let detector = try TextDetector(files: files)
    let page = GreyImage(width: 2079, height: 2687, pixels: [UInt8](repeating: 255, count: 2079 * 2687))
    BenchResults.table = "parts"
    try part("the text detector's lines on a blank 2079 × 2687 page") {
        try detector.lines(on: page, until: Date().addingTimeInterval(60))
    }
}

/// A blank page read by `legible ingest` and by the `tesseract` CLI, as processes: all of a
/// run's start, models loaded, with next to nothing to read.
func blankPage() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-load-\(getpid())").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let blank = work + "/blank.png"
    let white = "import sys; from PIL import Image; Image.new('L', (2079, 2687), 255).save(sys.argv[1], dpi=(300, 300))"
    guard measure(["python3", "-c", white, blank]).status == 0 else { throw BenchFailure(message: "python3 with Pillow is needed") }
    BenchResults.table = "blank page"
    for language in ["eng", "fra"] {
        let (ours, theirs) = measurePair(
            [legibleExecutable, "ingest", blank, "-o", work + "/out", "-l", language, "-q", "--force"],
            ["tesseract", blank, work + "/t", "-l", language, "hocr"])
        let subject = BenchResults.subject("a blank 2079 × 2687 page, \(language)", status: max(ours.status, theirs.status))
        BenchResults.record("legible ingest", on: subject, ours.seconds, "s", decimals: 2)
        BenchResults.record("tesseract", on: subject, theirs.seconds, "s", decimals: 2)
        BenchResults.record("legible peak", on: subject, ours.peakMB, "MB", decimals: 0)
        BenchResults.record("tesseract peak", on: subject, theirs.peakMB, "MB", decimals: 0)
    }
}
