// legible-bench: release-built figures (never timed tests).
//   legible-bench ocr [IMAGES...]   accuracy, wall time and peak memory per page (medians of five
//                                   runs each, taking turns): `legible ingest` vs
//                                   `OMP_THREAD_LIMIT=1 tesseract … hocr`; batch --jobs 2 vs 1
//   legible-bench textinput         per-query cost on pages of 1,000 / 100,000 / 1,000,000 UTF-16 units
//   legible-bench reading           read-all over 10 / 100 / 1,000 pages and over one page of 2k / 8k / 32k
//                                   paragraphs; clippings appends per second
//   legible-bench gestures          a 10,000-gesture script on 3 and on 300 pages: cost per gesture
//   legible-bench atspi             the AT-SPI bridge: in-process cost, start-up, memory, latency over D-Bus
//   legible-bench cluster           a sharded ingest of Scans/ as Slurm arrays of 1, 2 and 4 tasks against
//                                   one run; scheduling and engine cost per task; 10⁶-page projection
//   legible-bench pdf-in            a 15-page scanned PDF made accessible by legible pdf and by ocrmypdf
//                                   --jobs 1, side by side; a 1,000-page PDF ingested
//   legible-bench editing [typing]  aligning a transcription, then typing and deleting 200 characters on pages of 100, 500 and 2,000 lines
//   legible-bench documents       `legible text` on two large page documents: peak memory against size
//   legible-bench letters           the five Stanford letters, one page a run, on one core and on all,
//                                   beside `OMP_THREAD_LIMIT=1 tesseract … hocr`: time, peak, ratios
//   legible-bench web               legible html on 100 pages, HTML weight, Chromium load of 50 pages,
//                                   browser rects against legible rects on Scans/
import Foundation
import LegibleEvaluation
import LegibleImage
import LegibleLayout
import LegibleOCR
import LegiblePages
import LegibleReading
import LegibleTextInput

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a command with stdout and stderr sent to /dev/null; returns its
/// pid, or `nil` when it could not start.
func spawn(_ arguments: [String], environment: [String: String] = [:]) -> pid_t? {
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0)=\($1)") }
    env.append(nil)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    return posix_spawnp(&pid, argv[0]!, &actions, nil, argv, env) == 0 ? pid : nil
}

/// Runs a command, returning wall seconds, peak resident set (MB) and exit status (wait4 rusage).
func measure(_ arguments: [String], environment: [String: String] = [:]) -> (seconds: Double, peakMB: Double, status: Int32) {
    let start = Date()
    guard let pid = spawn(arguments, environment: environment) else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (Date().timeIntervalSince(start), Double(usage.ru_maxrss) / 1024, (status >> 8) & 0xFF)
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The real corpus (`Docs/Architecture.md`, "Real corpus"): `$LEGIBLE_REAL_CORPUS`, else the
/// workplace's copy beside the repository.
let realCorpus =
    ProcessInfo.processInfo.environment["LEGIBLE_REAL_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
    ?? root.deletingLastPathComponent().appendingPathComponent("shared/corpus/real").path
let legibleExecutable = root.appendingPathComponent(".build/release/legible").path

/// Runs `ours` and `theirs` in turn, five times each, and gives each one's median wall time
/// and median peak memory: single runs on this machine kind vary by up to 50 %, and taking
/// turns spreads any slow spell over both. `ours` runs as a user runs it (legible keeps OpenMP
/// on one thread itself); `theirs` gets `theirsEnvironment`.
func measurePair(_ ours: [String], _ theirs: [String], theirsEnvironment: [String: String] = ["OMP_THREAD_LIMIT": "1"]) -> (
    (seconds: Double, peakMB: Double, status: Int32), (seconds: Double, peakMB: Double, status: Int32)
) {
    var a: [(seconds: Double, peakMB: Double, status: Int32)] = []
    var b: [(seconds: Double, peakMB: Double, status: Int32)] = []
    for _ in 0..<5 {
        a.append(measure(ours))
        b.append(measure(theirs, environment: theirsEnvironment))
    }
    func median(_ runs: [(seconds: Double, peakMB: Double, status: Int32)]) -> (seconds: Double, peakMB: Double, status: Int32) {
        let seconds = runs.map(\.seconds).sorted(), peaks = runs.map(\.peakMB).sorted()
        return (seconds[runs.count / 2], peaks[runs.count / 2], runs.map(\.status).max() ?? 0)
    }
    return (median(a), median(b))
}

/// One page's figures: the scores against its ground truth and each side's time and memory.
struct PageFigures {
    var ours: PageScore
    var theirs: PageScore
    /// Ruled, grid or legal pad (stems without "-plain").
    var notebookStyle: Bool
    var legible: (seconds: Double, peakMB: Double, status: Int32)
    var tesseract: (seconds: Double, peakMB: Double, status: Int32)
}

func ocrBenchmark(_ images: [String]) throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    BenchResults.table = "pages"
    let pages = try images.compactMap { try comparePage($0, work: work) }
    printScores(pages)
    let theirTime = printSpeed(pages)
    try printBatch(images, work: work, theirTime: theirTime)
}

/// Ingests `image` with legible and reads it with the tesseract CLI, scores both against its
/// ground truth and prints the page's row; `nil` for an image without ground truth.
func comparePage(_ image: String, work: URL) throws -> PageFigures? {
    let stem = ImageFile.stem(of: image)
    let folder = URL(fileURLWithPath: image).deletingLastPathComponent()
    guard let truthFile = GroundTruth.file(forStem: stem, in: folder) else { return nil }
    let truth = try GroundTruth.load(truthFile)
    let (a, b) = measurePair(
        [legibleExecutable, "ingest", image, "-o", work.path, "--force", "-q"],
        ["tesseract", image, work.appendingPathComponent("t-\(stem)").path, "-l", "eng", "hocr"])
    let layout = try PageLayout.decodeDocument(Data(contentsOf: work.appendingPathComponent("\(stem).json")))
    let ours = Scorer.score(ScoredPage(layout), against: truth)
    let hocr = try Data(contentsOf: work.appendingPathComponent("t-\(stem).hocr"))
    let theirs = Scorer.score(HOCRReader.read(hocr) ?? ScoredPage(lines: [], wordBoxes: []), against: truth)
    BenchResults.record("legible", on: stem, a.seconds, "s", decimals: 2)
    BenchResults.record("legible peak", on: stem, a.peakMB, "MB", decimals: 0)
    BenchResults.record("tesseract", on: stem, b.seconds, "s", decimals: 2)
    BenchResults.record("tesseract peak", on: stem, b.peakMB, "MB", decimals: 0)
    BenchResults.record("CER legible", on: stem, ours.characterErrorRate, decimals: 3)
    BenchResults.record("CER tesseract", on: stem, theirs.characterErrorRate, decimals: 3)
    return PageFigures(ours: ours, theirs: theirs, notebookStyle: !stem.contains("-plain"), legible: a, tesseract: b)
}

/// The corpus scores of both sides, and the CER on notebook paper alone.
func printScores(_ pages: [PageFigures]) {
    BenchResults.table = "scores"
    func row(_ name: String, _ s: CorpusScore) {
        let measures = [
            ("CER", s.characterErrorRate), ("CER, case folded", s.caseFoldedCharacterErrorRate), ("WER", s.wordErrorRate),
            ("line recall", s.lineRecall), ("line precision", s.linePrecision), ("mean line IoU", s.meanLineIoU),
        ]
        for (measure, value) in measures { BenchResults.record(measure, on: name, value, decimals: 3) }
        if let recall = s.wordBoxRecall { BenchResults.record("word box recall", on: name, recall, decimals: 3) }
    }
    row("legible", CorpusScore(pages.map(\.ours)))
    row("tesseract", CorpusScore(pages.map(\.theirs)))
    let ruled = pages.filter(\.notebookStyle)
    guard !ruled.isEmpty else { return }
    row("legible, \(ruled.count) pages not named *-plain*", CorpusScore(ruled.map(\.ours)))
    row("tesseract, \(ruled.count) pages not named *-plain*", CorpusScore(ruled.map(\.theirs)))
}

/// Mean wall time and peak memory per page, both sides; returns the tesseract CLI's mean.
func printSpeed(_ pages: [PageFigures]) -> Double {
    BenchResults.table = "speed"
    let n = Double(max(1, pages.count))
    let ourTime = pages.map(\.legible.seconds).reduce(0, +) / n, theirTime = pages.map(\.tesseract.seconds).reduce(0, +) / n
    let ourPeak = pages.map(\.legible.peakMB).max() ?? 0, theirPeak = pages.map(\.tesseract.peakMB).max() ?? 0
    BenchResults.record("legible", on: "mean wall a page", ourTime, "s", decimals: 2)
    BenchResults.record("tesseract", on: "mean wall a page", theirTime, "s", decimals: 2)
    BenchResults.record("ratio", on: "mean wall a page", ourTime / max(theirTime, 1e-9), "×", decimals: 2)
    BenchResults.record("legible", on: "highest peak RSS", ourPeak, "MB", decimals: 0)
    BenchResults.record("tesseract", on: "highest peak RSS", theirPeak, "MB", decimals: 0)
    BenchResults.record("ratio", on: "highest peak RSS", ourPeak / max(theirPeak, 1e-9), "×", decimals: 2)
    return theirTime
}

/// The whole batch with `--jobs 1` and `--jobs 2`, and the per-page time inside one batch
/// against the CLI run once per page (`theirTime`), as it must be.
func printBatch(_ images: [String], work: URL, theirTime: Double) throws {
    let (one, two) = measurePair(
        [legibleExecutable, "ingest"] + images + ["-o", work.appendingPathComponent("j1").path, "--jobs", "1", "-q", "--force"],
        [legibleExecutable, "ingest"] + images + ["-o", work.appendingPathComponent("j2").path, "--jobs", "2", "-q", "--force"],
        theirsEnvironment: [:])
    let batch = "batch of \(images.count) pages"
    BenchResults.record("legible", on: batch + ", --jobs 1", one.seconds, "s", decimals: 2)
    BenchResults.record("legible", on: batch + ", --jobs 2", two.seconds, "s", decimals: 2)
    BenchResults.record("ratio", on: batch + ", --jobs 1 against 2", one.seconds / max(two.seconds, 1e-9), "×", decimals: 2)
    let perPage = one.seconds / Double(max(1, images.count))
    BenchResults.record("legible", on: "a page in that batch, --jobs 1", perPage, "s", decimals: 2)
    BenchResults.record("tesseract", on: "a page in that batch, --jobs 1", theirTime, "s", decimals: 2)
    BenchResults.record("ratio", on: "a page in that batch, --jobs 1", perPage / max(theirTime, 1e-9), "×", decimals: 2)
}

/// Resident set size in bytes (/proc/self/statm) after `malloc_trim(0)` hands memory that was
/// freed (the decoder's transient parse tree) back to the system, so only live memory counts.
func residentBytes() -> Int {
    ProcessSymbol.handBackFreedMemory()
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func textInputBenchmark() {
    // Load ICU's break-iterator data once so the first page is not charged for it.
    for kind in [UnicodeSegmentation.Kind.graphemes, .words, .sentences] {
        _ = UnicodeSegmentation.segments(kind, of: Array("Warm up. Twice.".utf16))
    }
    for target in [1_000, 100_000, 1_000_000] {
        let (layout, height) = syntheticLayout(units: target)
        let jsonData = (try? layout.encodeDocument()) ?? Data()
        // A first, discarded load pays the one-time costs (decoder and runtime caches).
        warm(ScannedPage(layout: try! PageLayout.decodeDocument(jsonData)))
        // Resident memory of a page loaded from its document (layout + index + every lazy
        // table warmed), against the document's size.
        let before = residentBytes()
        let loaded = try! PageLayout.decodeDocument(jsonData)
        let buildStart = Date()
        let page = ScannedPage(layout: loaded)
        let build = Date().timeIntervalSince(buildStart)
        warm(page)
        var random = BenchRandom()
        let subject = "\(grouped(page.length)) UTF-16 units, \(grouped(page.lineCount)) lines"
        randomQueryCosts(page, height: height, random: &random, subject: subject)
        let resident = residentBytes() - before
        localQueryCosts(page, random: &random, subject: subject)
        BenchResults.table = "page"
        BenchResults.record("document", on: subject, Double(jsonData.count) / 1024, "KiB", decimals: 0)
        BenchResults.record("index built", on: subject, build * 1000, "ms", decimals: 2)
        BenchResults.record("heap after load and warm-up", on: subject, Double(resident) / 1024, "KiB", decimals: 0)
        BenchResults.record("heap against the document", on: subject, Double(resident) / Double(jsonData.count), "×", decimals: 2)
    }
}

/// A layout of 40-character lines, 10 lines per paragraph, of about `units` UTF-16 units, and
/// its height in pixels.
func syntheticLayout(units target: Int) -> (PageLayout, Double) {
    var paragraphs: [RecognisedParagraph] = []
    var units = 0
    var y = 0.0
    var index = 0
    while units < target {
        var lines: [RecognisedLine] = []
        for _ in 0..<10 where units < target {
            let line = syntheticLine(y: y, counter: &index)
            units += line.words.reduce(0) { $0 + $1.text.utf16.count + 1 }
            lines.append(line)
            y += 25
        }
        paragraphs.append(RecognisedParagraph(lines: lines))
    }
    return (PageLayout.assemble(paragraphs, image: PageImage(width: 1000, height: Int(y) + 100)), y)
}

/// Builds the lazy parts (units at every granularity, every line's geometry) so figures are
/// per-query costs.
func warm(_ page: ScannedPage) {
    _ = page.tokenizer.units(for: .character)
    var offset = 0
    while offset < page.length {
        _ = page.selectionRects(for: TextRange(offset, min(page.length, offset + 1)))
        offset += 30
    }
    for granularity in TextGranularity.allCases { _ = page.tokenizer.units(for: granularity) }
}

/// A small linear congruential generator, so every run queries the same positions.
struct BenchRandom {
    var state: UInt64 = 42
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(max(1, bound)))
    }
}

/// Runs `body` `count` times and records its cost per call on `subject`, in the current table.
func timeQuery(_ name: String, on subject: String, _ count: Int, _ body: () -> Void) {
    let start = Date()
    for _ in 0..<count { body() }
    BenchResults.record(name, on: subject, Date().timeIntervalSince(start) / Double(count) * 1e6, "µs", decimals: 2)
}

/// Query costs at random positions of the page.
func randomQueryCosts(_ page: ScannedPage, height: Double, random: inout BenchRandom, subject: String) {
    let length = page.length
    BenchResults.table = "random positions"
    timeQuery("text(in:)", on: subject, 20_000) {
        let a = random.next(length - 50)
        _ = page.text(in: TextRange(a, a + 40))
    }
    timeQuery("selectionRects(1 line)", on: subject, 100_000) {
        let a = random.next(length - 20)
        _ = page.selectionRects(for: TextRange(a, a + 10))
    }
    timeQuery("closestPosition", on: subject, 100_000) {
        _ = page.closestPosition(to: CGPoint(x: Double(random.next(500)), y: Double(random.next(Int(height)))))
    }
    timeQuery("caretRect", on: subject, 100_000) { _ = page.caretRect(for: TextPosition(offset: random.next(length))) }
    for granularity in TextGranularity.allCases {
        timeQuery("move \(granularity)", on: subject, 200_000) {
            _ = page.tokenizer.position(from: TextPosition(offset: random.next(length)), toBoundary: granularity, inDirection: .forward)
        }
    }
}

/// The same queries where a reader actually makes them: near a cursor that walks through the
/// page (a random walk of ±200 units), so the cost is the algorithm's, not DRAM's.
func localQueryCosts(_ page: ScannedPage, random: inout BenchRandom, subject: String) {
    var cursor = page.length / 2
    func nearby() -> Int {
        cursor = min(max(0, cursor + random.next(401) - 200), max(0, page.length - 20))
        return cursor
    }
    BenchResults.table = "near a walking cursor"
    timeQuery("selectionRects(1 line)", on: subject, 100_000) {
        let a = nearby()
        _ = page.selectionRects(for: TextRange(a, a + 10))
    }
    timeQuery("caretRect", on: subject, 100_000) { _ = page.caretRect(for: TextPosition(offset: nearby())) }
    timeQuery("closestPosition", on: subject, 100_000) {
        let rect = page.caretRect(for: TextPosition(offset: nearby()))
        _ = page.closestPosition(to: CGPoint(x: rect.midX + 3, y: rect.midY))
    }
}

/// A synthetic line of about 40 characters at height `y`, its words drawn in turn from a small
/// vocabulary (`counter` says where to continue), 10 pixels per character.
func syntheticLine(y: Double, counter: inout Int, height: Double = 20) -> RecognisedLine {
    let words = ["notebook", "river", "view", "skyline", "the", "walked", "along"]
    var lineWords: [RecognisedWord] = []
    var x = 20.0
    while x < 420 {
        let word = words[counter % words.count]
        counter += 1
        lineWords.append(RecognisedWord(text: word, box: PixelBox(x: x, y: y, width: Double(word.count) * 10, height: height)))
        x += Double(word.count + 1) * 10
    }
    return RecognisedLine(words: lineWords, box: lineWords.dropFirst().reduce(lineWords[0].box) { $0.union($1.box) })
}

/// A synthetic page: three paragraphs of eight 40-character lines.
func syntheticPage(_ index: Int) -> PageLayout {
    var paragraphs: [RecognisedParagraph] = []
    var y = 20.0
    var counter = index
    for _ in 0..<3 {
        var lines: [RecognisedLine] = []
        for _ in 0..<8 {
            lines.append(syntheticLine(y: y, counter: &counter))
            y += 30
        }
        paragraphs.append(RecognisedParagraph(lines: lines))
        y += 30
    }
    return PageLayout.assemble(paragraphs, image: PageImage(file: "page-\(index).png", width: 500, height: Int(y) + 20))
}

/// One page of `count` one-line paragraphs, every tenth a larger heading candidate.
/// One page of `count` one-line paragraphs, a heading every tenth, `step` pixels apart (15 px
/// lets 60,000 lines fit the 1,000,000-pixel side a page document may have).
func paragraphPage(_ count: Int, step: Int = 30) -> PageLayout {
    var counter = 0
    let paragraphs = (0..<count).map { index -> RecognisedParagraph in
        var line = syntheticLine(y: Double(20 + index * step), counter: &counter, height: Double(min(20, step - 3)))
        if index % 10 == 0 {
            line.words = [
                RecognisedWord(
                    text: "Heading", box: PixelBox(x: 20, y: Double(20 + index * step), width: 120, height: Double(min(28, step - 1))))
            ]
            line.box = line.words[0].box
        }
        return RecognisedParagraph(lines: [line])
    }
    return PageLayout.assemble(paragraphs, image: PageImage(file: "long.png", width: 500, height: count * step + 60))
}

/// Read-all over a single page with many paragraphs: building the notebook (headings) and
/// reading must stay linear in the number of paragraphs.
func manyParagraphsBenchmark() {
    BenchResults.table = "read-all over one page"
    var perParagraph: [Int: Double] = [:]
    for count in [2_000, 8_000, 32_000] {
        let page = ScannedPage(layout: paragraphPage(count))
        let start = Date()
        let notebook = Notebook(pages: [page])
        notebook.linkRegions()
        let reader = ScreenReader(notebook: notebook)
        reader.readAll()
        let seconds = Date().timeIntervalSince(start)
        perParagraph[count] = seconds / Double(count)
        BenchResults.record("read-all", on: "one page of \(grouped(count)) paragraphs", seconds, "s", decimals: 3)
        BenchResults.record("per paragraph", on: "one page of \(grouped(count)) paragraphs", seconds / Double(count) * 1e6, "µs")
    }
    BenchResults.record(
        "per paragraph", on: "32,000 paragraphs against 2,000", perParagraph[32_000]! / perParagraph[2_000]!, "×", decimals: 2)
}

/// `legible read` in swipe mode, the CLI end to end (release build): one page of 5,000 to
/// 40,000 lines (a page document may have at most 64 MiB), and 250 to 2,000 pages of the synthetic notebook. Both must be linear: the
/// walk once looked at its whole transcript after every swipe.
func swipeWalkBenchmark() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-swipes-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func report(
        _ table: String, _ label: (String) -> String, _ sizes: [Int], unit: String, documents: (Int) throws -> [String]
    ) throws {
        BenchResults.table = table
        var perUnit: [Int: Double] = [:]
        for size in sizes {
            let run = measure([legibleExecutable, "read"] + (try documents(size)))
            perUnit[size] = run.seconds / Double(size)
            let subject = BenchResults.subject(label(grouped(size)), status: run.status)
            BenchResults.record("legible read, wall", on: subject, run.seconds, "s", decimals: 2)
            BenchResults.record("per \(unit)", on: subject, run.seconds / Double(size) * 1e6, "µs")
        }
        BenchResults.record(
            "per \(unit)", on: "\(grouped(sizes.last!)) \(unit)s against \(grouped(sizes[0]))",
            perUnit[sizes.last!]! / perUnit[sizes[0]]!, "×",
            decimals: 2)
    }
    try report("swipes over one page", { "one page of \($0) lines" }, [5_000, 10_000, 20_000, 40_000], unit: "line") { count in
        let path = folder.appendingPathComponent("lines-\(count).json")
        try paragraphPage(count, step: 15).encodeDocument().write(to: path)
        return [path.path]
    }
    try report("swipes over a notebook", { "a notebook of \($0) pages" }, [250, 500, 1_000, 2_000], unit: "page") { count in
        try (0..<count).map { index in
            let path = folder.appendingPathComponent("page-\(index).json")
            if !FileManager.default.fileExists(atPath: path.path) { try syntheticPage(index).encodeDocument().write(to: path) }
            return path.path
        }
    }
}

func readingBenchmark() throws {
    BenchResults.table = "read-all"
    var perPage: [Int: Double] = [:]
    for count in [10, 100, 1000] {
        let pages = (0..<count).map { ScannedPage(layout: syntheticPage($0)) }
        let notebook = Notebook(pages: pages)
        notebook.linkRegions()
        notebook.setPageTurning(true)
        let reader = ScreenReader(notebook: notebook)
        let start = Date()
        reader.readAll()
        let seconds = Date().timeIntervalSince(start)
        perPage[count] = seconds / Double(count)
        BenchResults.record("read-all", on: "\(grouped(count)) pages", seconds, "s", decimals: 3)
        BenchResults.record("per page", on: "\(grouped(count)) pages", seconds / Double(count) * 1e6, "µs")
        BenchResults.record("utterances", on: "\(grouped(count)) pages", Double(reader.transcript.count), decimals: 0)
    }
    BenchResults.record("per page", on: "1,000 pages against 10", perPage[1000]! / perPage[10]!, "×", decimals: 2)
    manyParagraphsBenchmark()
    try swipeWalkBenchmark()

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bench-clips-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = ClippingsStore(url: folder.appendingPathComponent("single.jsonl"))
    let appends = 500
    let start = Date()
    for index in 0..<appends {
        try store.append(
            Clipping(
                page: "p.png", pageSHA256: nil, pageIndex: 0, range: UTF16Span(0, 5), text: "Saved \(index)",
                rects: [PixelBox(x: 1, y: 2, width: 3, height: 4)]))
    }
    let single = Double(appends) / Date().timeIntervalSince(start)
    BenchResults.table = "clippings"
    BenchResults.record("appends a second, each fsynced", on: "one process", single, decimals: 0)
    // Four writer processes through the CLI, 200 appends each.
    let page = folder.appendingPathComponent("page.json")
    try syntheticPage(0).encodeDocument().write(to: page)
    let shared = folder.appendingPathComponent("shared.jsonl").path
    let concurrentStart = Date()
    let pagePath: String = page.path
    let pids = (0..<4).compactMap { _ in
        spawn([legibleExecutable, "save", pagePath, "0", "8", "--store", shared, "--repeat", "200"])
    }
    for pid in pids {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
    let concurrent = 800 / Date().timeIntervalSince(concurrentStart)
    let lines = (try? String(contentsOfFile: shared, encoding: .utf8))?.split(separator: "\n").count ?? 0
    BenchResults.record("appends a second, each fsynced", on: "4 writer processes through the CLI", concurrent, decimals: 0)
    BenchResults.record("lines written of 800", on: "4 writer processes through the CLI", Double(lines), decimals: 0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
// An error that reaches here (a model that cannot read a line, a file that cannot be written)
// is one line and exit 1, not a crash report.
do {
    switch arguments.first {
    case "ocr":
        var images = Array(arguments.dropFirst())
        if images.isEmpty {
            let scans = root.appendingPathComponent("Scans")
            images = ((try? FileManager.default.contentsOfDirectory(atPath: scans.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted().map
            {
                scans.appendingPathComponent($0).path
            }
        }
        try ocrBenchmark(images)
    case "textinput":
        textInputBenchmark()
    case "reading":
        try readingBenchmark()
    case "web":
        try webBenchmark()
    case "atspi":
        try atspiBenchmark()
    case "gestures":
        try gestureBenchmark()
    case "cluster":
        try clusterBenchmark()
    case "pdf":
        try pdfBenchmark()
    case "pdf-in":
        try pdfInputBenchmark()
    case "editing":
        editingBenchmark(alignment: CommandLine.arguments.dropFirst(2).first != "typing")
    case "speech":
        try speechBenchmark()
    case "documents":
        try documentBenchmark()
    case "load":
        try loadBenchmark()
    case "letters":
        try lettersBenchmark()
    case "hand":
        // `--head FILE`: read French sets with that head, one learnt without them (`Tools/train-hand --without`).
        let head = arguments.firstIndex(of: "--head").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        let rest = arguments.dropFirst().filter { !$0.hasPrefix("--") && $0 != head }
        try handBenchmark(
            rest.first ?? realCorpus, latin: !arguments.contains("--all-classes"), tune: arguments.contains("--tune"),
            hand: !arguments.contains("--no-hand"), head: head)
    default:
        FileHandle.standardError.write(
            Data(
                "usage: legible-bench ocr [IMAGES...] | textinput | reading | gestures | web | atspi | cluster | pdf | pdf-in | editing [typing] | speech | documents | load | letters | hand [CORPUS] [--all-classes] [--tune] [--no-hand | --head FILE]\n"
                    .utf8))
        exit(64)
    }
    // Results as data, for the benchmarks that record them (`BenchResults`).
    // The file is named by the benchmark, its plain words and its options (`editing-typing`,
    // `hand-tune`), never by a path, so a variant never replaces the plain run's file.
    let words = arguments.filter { !$0.contains("/") && !$0.contains(".") }.map { $0.drop { $0 == "-" } }
    let name = words.prefix(3).joined(separator: "-")
    try BenchResults.write(bench: name, root: root)
} catch {
    FileHandle.standardError.write(Data("legible-bench: \(error)\n".utf8))
    exit(1)
}
