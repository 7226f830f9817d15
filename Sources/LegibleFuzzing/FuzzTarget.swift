import Foundation
import LegibleATSPI
import LegibleAlignment
import LegibleBatch
import LegibleImage
import LegibleImport
import LegibleLayout
import LegibleOCR
import LegiblePDF
import LegiblePDFInput
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTestSupport
import LegibleTextInput
import LegibleWeb

/// The fuzzing harnesses (`Docs/Hardening.md`, "Fuzzing"). Each takes arbitrary bytes, drives
/// one family of input through the real code, and traps (`preconditionFailure`) when an
/// invariant breaks, so libFuzzer records the input. Errors thrown for bad input are the
/// expected outcome, not findings. `legible-fuzz` runs them under libFuzzer; the test suite
/// replays every committed corpus and crash input through them.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Image sniffing, header checks and decoding (PNG, JPEG, TIFF, EXIF orientation).
    case image
    /// Page-document decoding (what it accepts, Foundation's `JSONDecoder` reads alike), then
    /// `ScannedPage` queries checked against `checkTextInput`.
    case document
    /// ALTO and hOCR import; whatever imports must be a valid page document.
    case layout
    /// Clippings-store reading, then an append that must not lose any entry read before.
    case clippings
    /// Page-document decoding, then the HTML notebook, whose blocks must hold the page's
    /// reading text unit for unit.
    case html
    /// Page-document decoding, then the AT-SPI tree: code-point text, units and extents of
    /// every page and region, with no bus.
    case atspi
    /// A gesture script, replayed on the Chicago notebook: every utterance's range lies in
    /// its page's text, and a refused script names its line.
    case script
    /// A sharded batch's manifest and input list: merging never traps, splitting a manifest
    /// into two files at a line changes no count, and list paths and shard keys are clean.
    case manifest
    /// A scan's bytes behind a one-page tagged PDF: reading PNG chunks and JPEG segments never
    /// traps or allocates without bound, and every cross-reference offset of the file written
    /// points at its object.
    case pdf
    /// A PDF file read page by page as `ingest` reads it, through qpdf and poppler: opening
    /// never traps, hangs or allocates without bound, the page count is within the limit, and
    /// every page image given has a header recognition accepts and a finite map to user space.
    case pdfInput = "pdf-input"
    /// A transcription aligned onto chicago-1 as `legible align` aligns it: plain text by its
    /// letters, or ALTO, hOCR or PAGE XML by where its words are written. Aligning never traps;
    /// an alignment accepted applies to the page, and every placed line then reads its text.
    case align
    /// A page's read-all as pieces of text: the script espeak-ng is given holds no control
    /// character and keeps every offset; the timing map's words hold their text on the page;
    /// real synthesis of a short text stays within its bound.
    case speech
    /// A table of class probabilities, as the handwriting model gives for a line: greedy and
    /// beam-search decoding over a word list never trap, and read only allowed classes, in
    /// order on the time steps, with confidences in 0…1.
    case decoding
    /// A page of grey pixels and line boxes of any size and place, read by the handwriting
    /// reader through the real model: one reading a box, from its crop, of the page script's
    /// characters in order on the time steps.
    case line
    /// A page of ink and line boxes of any size and place: the lines found missed or run
    /// together are lines given, and lines added lie in the page.
    case lineGaps = "line-gaps"
    /// A writer's head and memory as a model's record stores them: reading never traps, a head
    /// read writes the same bytes back, and its probabilities, the memory's mixed in, are
    /// finite and sum to 1 at each step.
    case head
    /// A model and its record as `ingest --model` is given them: checking never traps, and a
    /// model accepted is exactly the bytes checked, named by its record.
    case model
    /// A corrections file applied as `edit --corrections` applies it: every correction accepted
    /// leaves a page that validates, keeps its text-input contract, and is written within the
    /// readers' limit.
    case corrections
    /// A writer's network file as `ingest --model` reads it: reading never traps, a network
    /// read encodes back to its bytes, and written over a model it fits, each tensor reads back.
    case network

    /// Runs one input.
    public func run(_ data: Data) {
        switch self {
        case .image: Self.image(data)
        case .document: Self.document(data)
        case .layout: Self.layout(data)
        case .clippings: Self.clippings(data)
        case .html: Self.html(data)
        case .atspi: Self.atspi(data)
        case .script: Self.script(data)
        case .manifest: Self.manifest(data)
        case .pdf: Self.pdf(data)
        case .pdfInput: Self.pdfInput(data)
        case .align: Self.align(data)
        case .speech: Self.speech(data)
        case .decoding: Self.decoding(data)
        case .line: Self.line(data)
        case .lineGaps: Self.lineGaps(data)
        case .head: Self.head(data)
        case .model: Self.model(data)
        case .corrections: Self.corrections(data)
        case .network: Self.network(data)
        }
    }

    /// The image gate, then the decoder: the gate never traps, admits only sizes within the
    /// pixel limit, and a decoded image has the size the gate read from its header, so what
    /// `html` and `view` show is the page `ingest` read.
    static func image(_ data: Data) {
        let gate = try? ImageFile.displayedSize(of: data, path: "fuzz")
        if let gate {
            precondition(
                gate.width > 0 && gate.height > 0 && gate.width * gate.height <= ImageFile.maximumPixels, "the gate admitted a bad size")
        }
        guard let image = try? ImageFile.decode(data: data, path: "fuzz") else { return }
        precondition(image.width > 0 && image.height > 0, "decoded an empty image")
        precondition(image.width * image.height <= ImageFile.maximumPixels, "decoded past the pixel limit")
        precondition(gate.map { $0 == (image.width, image.height) } ?? false, "the decoded size is not the size the gate read")
    }

    static func document(_ data: Data) {
        guard let layout = try? PageLayout.decodeDocument(data) else { return }
        // The strict reader accepts only what Foundation's `JSONDecoder` reads, and reads it alike.
        var foundation = try? JSONDecoder().decode(PageLayout.self, from: data)
        foundation?.version = layout.version
        precondition(foundation == layout, "the strict reader read what JSONDecoder reads otherwise or refuses")
        let page = ScannedPage(layout: layout)
        let bounds = CGRect(x: -1, y: -1, width: Double(layout.image.width) + 2, height: Double(layout.image.height) + 2)
        var problems = checkTextInput(page, bounds: bounds, sampleLimit: 12)
        // Where the boxes of two lines that are not neighbours in reading order overlap, a
        // point in both belongs to both, and a hit test can return only one of them; the
        // hit-test law is then not checked (`Docs/Hardening.md`, "Fuzzing").
        if hasDistantOverlap(layout.lines) { problems.removeAll { $0.hasPrefix("centre of a rect") } }
        precondition(problems.isEmpty, "checkTextInput: \(problems.first ?? "")")
    }

    /// Whether the boxes of two lines at least two apart in reading order overlap or touch (each
    /// line's box grown to hold its words' boxes, as the page's line rects are). Touching counts:
    /// a zero-width line inside another, or a shared edge, puts points in both.
    static func hasDistantOverlap(_ lines: [Line]) -> Bool {
        let boxes = lines.map { line in (line.words ?? []).reduce(line.box) { $0.union($1.box) } }
        for (index, box) in boxes.enumerated() {
            for other in boxes.dropFirst(index + 2)
            where box.x <= other.maxX && other.x <= box.maxX && box.y <= other.maxY && other.y <= box.maxY {
                return true
            }
        }
        return false
    }

    static func html(_ data: Data) {
        guard let layout = try? PageLayout.decodeDocument(data) else { return }
        let notebook = Notebook(pages: [ScannedPage(layout: layout)])
        let html = NotebookHTML(notebook: notebook, title: layout.text, imageSources: [layout.image.file]).render()
        let original = Array(layout.text.utf16)
        let expected = Array(String(String.UnicodeScalarView(layout.text.unicodeScalars.map(NotebookHTML.textNodeScalar))).utf16)
        // Between blocks only paragraph breaks may be left out: the next block's start implies them.
        // The scans' text layer and the reader view each hold the whole text, block by block.
        for view in ["notebook", "reader"] { checkBlocks(NotebookHTML.blockTexts(inRendered: html, view: view), original, expected) }
    }

    /// Blocks in order, each holding the reading text at its start, and between them only
    /// paragraph breaks, which the next block's start implies.
    static func checkBlocks(_ blocks: [(start: Int, text: String)], _ original: [UInt16], _ expected: [UInt16]) {
        let isBreak = { (unit: UInt16) in [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(unit) }
        var cursor = 0
        for (start, text) in blocks {
            precondition(start >= cursor && start <= original.count, "blocks overlap or are out of order")
            precondition(original[cursor..<start].allSatisfy(isBreak), "text between blocks is lost")
            let units = Array(text.utf16)
            precondition(start + units.count <= expected.count, "a block holds more than the reading text")
            precondition(Array(expected[start..<(start + units.count)]) == units, "a block's text differs from the reading text")
            cursor = start + units.count
        }
        precondition(original[cursor...].allSatisfy(isBreak), "text after the last block is lost")
    }

    static func align(_ data: Data) {
        guard let page = chicago.first, let text = String(data: data, encoding: .utf8), !data.contains(0) else { return }
        let alignment: TranscriptAlignment?
        if text.first == "<" {
            guard let file = try? LayoutImporter.transcribedPage(data, file: "fuzz"), let lines = try? TypedLine.lines(of: file, on: page)
            else { return }
            alignment = try? TranscriptAlignment(typedLines: lines, page: page)
        } else {
            alignment = try? TranscriptAlignment(transcript: text, page: page)
        }
        guard let alignment else { return }
        let applied: PageLayout
        do {
            applied = try alignment.applied(to: page)
        } catch {
            preconditionFailure("an accepted alignment does not apply: \(error)")
        }
        let units = Array(applied.text.utf16)
        for match in alignment.lines {
            guard let text = match.text, !text.isEmpty else { continue }
            let line = String(decoding: units[applied.lines[match.line].range.range], as: UTF16.self).replacingOccurrences(
                of: "\u{AD}", with: "")
            precondition(
                line.split(whereSeparator: \.isWhitespace) == text.split(whereSeparator: \.isWhitespace),
                "a placed line does not read its text")
        }
        fitToInk(applied)
    }

    /// The aligned page fitted to chicago-1's ink (its glyph boxes, drawn): only boxes move and
    /// lines split at a space, so the text and every word's range stay, and the page validates.
    static func fitToInk(_ applied: PageLayout) {
        guard let ink = chicagoInk else { return }
        let fitted = InkFit.fitted(applied, ink: ink)
        precondition(fitted.text == applied.text, "fitting to the ink changed the text")
        let ranges = { (layout: PageLayout) in layout.lines.flatMap { $0.words ?? [] }.map(\.range) }
        precondition(ranges(fitted) == ranges(applied), "fitting to the ink changed the words")
        precondition((try? fitted.validate()) != nil, "a page fitted to the ink does not validate")
    }

    /// chicago-1's ink, drawn as its glyph boxes.
    static let chicagoInk: InkMask? = chicago.first.flatMap { page in
        let (width, height) = (page.image.width, page.image.height)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for glyph in page.lines.flatMap({ $0.words ?? [] }).flatMap({ $0.glyphs ?? [] }) {
            for y in max(0, Int(glyph.box.y))..<min(height, Int(glyph.box.maxY)) {
                for x in max(0, Int(glyph.box.x))..<min(width, Int(glyph.box.maxX)) { pixels[y * width + x] = 1 }
            }
        }
        return InkMask(width: width, height: height, pixels: pixels)
    }

    static func atspi(_ data: Data) {
        guard let layout = try? PageLayout.decodeDocument(data) else { return }
        let store = ClippingsStore(url: URL(fileURLWithPath: "/dev/null"))
        let tree = AccessibleNotebook(notebook: Notebook(pages: [ScannedPage(layout: layout)]), title: "fuzz", store: store)
        let page = tree.number(.page(0))
        let count = tree.characterCount(page)
        precondition(count == layout.text.unicodeScalars.count, "the page's character count is not its code points")
        precondition(tree.text(page, 0, -1) == layout.text, "the page's text differs from the reading text")
        let clusterEnds = Set(
            layout.text.indices.map { layout.text.utf16.distance(from: layout.text.startIndex, to: $0) } + [layout.text.utf16.count])
        let scalarOffsets =
            Array(layout.text.unicodeScalars.indices.map { layout.text.utf16.distance(from: layout.text.startIndex, to: $0) }) + [
                layout.text.utf16.count
            ]
        var generator = SplitMix(seed: UInt64(data.count))
        for _ in 0..<min(40, count + 1) {
            let offset = Int(generator.next() % UInt64(count + 1))
            for unit in [AccessibleUnit.character, .word, .sentence, .line, .paragraph] {
                for edge in 0...1 {
                    for shift in -1...1 {
                        let (lower, upper) = tree.unit(page, at: offset, unit, edge: edge, shift: shift)
                        precondition(
                            0 <= lower && lower <= upper && upper <= count, "a unit leaves the text: \(lower)..<\(upper) of \(count)")
                        if shift == 0, edge == 0, offset < count {
                            precondition(lower <= offset && offset < upper, "the unit at \(offset) does not hold it")
                        }
                        if unit == .character {
                            precondition(
                                clusterEnds.contains(scalarOffsets[lower]) && clusterEnds.contains(scalarOffsets[upper]),
                                "a character unit splits a grapheme cluster")
                        }
                    }
                }
            }
            let extents = tree.rangeExtents(page, offset, min(count, offset + 5))
            precondition([extents.x, extents.y, extents.width, extents.height].allSatisfy(\.isFinite), "extents are not finite")
        }
    }

    /// The Chicago notebook's layouts, read once per process from the test fixtures (through
    /// `fileBytes`: Foundation's file reading leaks under LeakSanitizer).
    static let chicago: [PageLayout] = (1...3).compactMap { index in
        fileBytes(Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\(index).json")).flatMap {
            try? PageLayout.decodeDocument($0)
        }
    }

    static func script(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return }
        let gestures: [Gesture]
        do {
            gestures = try Gesture.parse(text)
        } catch {
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
            precondition(error.line >= 1 && error.line <= lines, "a refused script names no line of it")
            return
        }
        let layouts = chicago
        guard layouts.count == 3 else { return }
        let pages = layouts.map { ScannedPage(layout: $0) }
        let notebook = Notebook(pages: pages)
        let reader = ScreenReader(notebook: notebook)
        let played = Array(gestures.prefix(2_000))
        let bound = Gesture.utteranceBound(of: played, on: notebook)
        for gesture in played { reader.perform(gesture) }
        precondition(reader.utterances.count <= bound, "a script spoke more than its bound")
        for utterance in reader.utterances {
            guard let page = utterance.pageIndex, let range = utterance.range else { continue }
            precondition(
                pages.indices.contains(page) && range.start.offset >= 0 && range.end.offset <= pages[page].length,
                "an utterance's range leaves its page")
        }
    }

    /// Where the last line that is a task record starts, or `nil`.
    static func lastTaskLine(_ data: Data) -> Data.Index? {
        var start = data.startIndex
        var found: Data.Index?
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            if case .task? = try? JSONDecoder().decode(ManifestRecord.self, from: Data(data[start..<end])) { found = start }
            start = end < data.endIndex ? end + 1 : end
        }
        return found
    }

    static func manifest(_ data: Data) {
        if let paths = try? InputList.parse(data) {
            for path in paths {
                precondition(!path.isEmpty && !path.contains("\n") && !path.utf8.contains(0), "a listed path holds a line break or NUL")
                guard let key = ShardKey.key(of: path, root: "/r", currentFolder: "/r/c") else { continue }
                let parts = key.split(separator: "/", omittingEmptySubsequences: false)
                precondition(!parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }, "a shard key keeps an empty, . or .. part")
            }
        }
        guard let whole = try? BatchStatus.merge([("m", data)]) else { return }
        precondition(whole.upToDate <= whole.done && whole.pagesPerSecond.map { $0.isFinite && $0 > 0 } ?? true, "implausible counts")
        precondition(
            zip(whole.pending, whole.pending.dropFirst()).allSatisfy { $0.shard.index < $1.shard.index }, "pending shards out of order")
        // A page record belongs to the task record above it in its file, so the manifest is
        // split just before its last task record: each page keeps its task.
        guard whole.tornLines == 0, let cut = lastTaskLine(data), cut > data.startIndex else { return }
        let parts = [("a", Data(data[..<cut])), ("b", Data(data[cut...]))]
        guard let split = try? BatchStatus.merge(parts) else { preconditionFailure("a manifest split at a line no longer merges") }
        precondition(
            split.done == whole.done && split.failures == whole.failures && split.duplicates == whole.duplicates
                && split.expected == whole.expected,
            "splitting a manifest into two files changed the counts")
    }

    static func layout(_ data: Data) {
        let image = PageImage(file: "fuzz.png", width: 2_000, height: 3_000)
        guard let layout = try? LayoutImporter.importLayout(data, file: "fuzz.xml", image: image) else { return }
        do {
            try layout.validate()
        } catch {
            preconditionFailure("an imported layout is not a valid page document: \(error)")
        }
    }

    static func clippings(_ data: Data) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-fuzz-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? data.write(to: url)) != nil else { return }
        let store = ClippingsStore(url: url)
        guard let before = try? store.read() else {
            // Not a store: an append must refuse it and leave every byte as it was.
            precondition((try? store.append(sample)) == nil, "appended to a file that is not a clippings store")
            precondition(fileBytes(url) == data, "a refused append changed the file")
            return
        }
        precondition(fileBytes(url) == data, "reading changed the store")
        guard (try? store.append(sample)) != nil, let after = try? store.read() else { return }
        precondition(after.clippings.count == before.clippings.count + 1, "an append lost or duplicated an entry")
        precondition(Array(after.clippings.dropLast()) == before.clippings, "an append changed an earlier entry")
        precondition(after.tornTailBytes == 0, "an append left a torn tail")
    }

    /// A file's bytes through `open`/`read` (Foundation's `Data(contentsOf:)` leaks a buffer
    /// on an empty file, which LeakSanitizer would report as a finding of ours).
    static func fileBytes(_ url: URL) -> Data? {
        guard let descriptor = try? FileDescriptor.open(url.path, .readOnly) else { return nil }
        defer { descriptor.close() }
        return try? descriptor.readAll()
    }

    static let sample = Clipping(
        id: "fuzz", savedAt: Date(timeIntervalSince1970: 1_767_225_600), page: "p.png", pageSHA256: nil, pageIndex: 0,
        range: UTF16Span(0, 1), text: "x", rects: [PixelBox(x: 0, y: 0, width: 1, height: 1)])

    /// The page every `pdf` input is placed behind: one line of three words.
    static let pdfPage = LayoutBuilder().layout([["one two three"]])

    static func pdf(_ data: Data) {
        let notebook = Notebook(pages: [ScannedPage(layout: pdfPage)])
        guard let file = try? NotebookPDF(notebook: notebook, title: "fuzz", scans: [data], fontProgram: Data([0])).document() else {
            return
        }
        let bytes = [UInt8](file)
        let text = String(decoding: file, as: UTF8.self)
        guard let tail = text.components(separatedBy: "startxref\n").last, let start = Int(tail.prefix { $0.isNumber }) else {
            preconditionFailure("a written PDF has no startxref")
        }
        let table = String(decoding: bytes[start...], as: UTF8.self).split(separator: "\n")
        precondition(table.first == "xref", "startxref does not point at the table")
        let count = Int(table[1].split(separator: " ")[1]) ?? 0
        for number in 1..<count {
            let offset = Int(table[2 + number].prefix(10)) ?? -1
            let head = String(decoding: bytes[offset..<min(bytes.count, offset + 16)], as: UTF8.self)
            precondition(head.hasPrefix("\(number) 0 obj"), "object \(number)'s offset points elsewhere")
        }
    }

    /// Where each `pdf-input` is written: `ScannedPDF` reads files, as the CLI does. One file
    /// per process, in memory where the system has a RAM disk, removed when the process exits
    /// (a RAM disk is not swept).
    static let pdfInputPath: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        atexit { unlink(FuzzTarget.pdfInputPath) }
        return "\(folder)/legible-fuzz-\(getpid()).pdf"
    }()

    /// How the harness reads pages: as `ingest` does, each in a bounded child process running
    /// the same code, when `LEGIBLE_PAGE_READER` names a `legible` built without sanitizers
    /// (`Tools/fuzz` builds one: a sanitizer's shadow memory cannot live under a memory bound);
    /// in process otherwise, as the test suite replays the corpus. The children are forked by a
    /// page server rather than started one by one, which makes a campaign of 10⁶ inputs fit in
    /// hours (`Docs/Hardening.md`, "Fuzzing").
    static let pageDrawing: PageDrawing = {
        guard let reader = ProcessInfo.processInfo.environment["LEGIBLE_PAGE_READER"] else { return .inProcess }
        return .served(executable: reader, limits: DrawingLimits(seconds: 10))
    }()

    static func pdfInput(_ data: Data) {
        guard (try? data.write(to: URL(fileURLWithPath: pdfInputPath))) != nil else { return }
        guard let pdf = try? ScannedPDF(path: pdfInputPath, drawing: pageDrawing) else { return }
        precondition(pdf.pageCount >= 1 && pdf.pageCount <= ScannedPDF.maximumPages, "a page count outside the limit")
        for number in 1...min(pdf.pageCount, 3) {
            // A low resolution keeps drawn pages small; a page's own scan is read at its size.
            let started = Date()
            let read = Result { try pdf.page(number, dpi: 18, force: true) }
            // The bounds themselves: a page is answered within its deadline and a moment, and
            // whatever it gives is within the pixel limit.
            if let limits = pageDrawing.limits {
                precondition(Date().timeIntervalSince(started) < limits.seconds + 5, "a page ran past its deadline")
            }
            guard case .success(.image(let image)) = read else { continue }
            if let size = try? ImageFile.displayedSize(of: image.bytes, path: "fuzz") {
                precondition(size.width * size.height <= ImageFile.maximumPixels, "a page image above the pixel limit")
            }
            precondition(image.origin.toUserSpace.count == 6 && image.origin.toUserSpace.allSatisfy(\.isFinite), "a map that is not finite")
            precondition(image.bytes.count > 8, "an empty page image")
            if image.origin.method != .stored {
                precondition((try? ImageFile.displayedSize(of: image.bytes, path: "fuzz")) != nil, "a page image recognition refuses")
            }
        }
    }
}
