// The one door to Tesseract. Every `Tess*` call of the package is in this file
// (Docs/Architecture.md, "One door per C library"); each handle is owned by a Swift value that
// frees it, and results are converted to Swift values before they leave. Images come in as
// Leptonica's `PIX`, owned by ``PixImage`` in LegibleImage's door.
import CLeptonica
import CTesseract
import Foundation
import LegibleImage
import LegibleLayout

/// One recognised symbol, word and line as Swift values, in the coordinates of the image given
/// to Tesseract (before mapping back to the original).
struct RawSymbol {
    var text: String
    var box: PixelBox
}

struct RawWord {
    var text: String
    var box: PixelBox
    var confidence: Double
    var symbols: [RawSymbol]
}

struct RawLine {
    var box: PixelBox
    var baseline: (PixelPoint, PixelPoint)?
    var confidence: Double
    var words: [RawWord]
    var block: Int
    /// Tesseract classified the block as a horizontal or vertical rule line.
    var isRuleBlock: Bool

    /// `baseline` when both its ends lie within `box` grown by its own width to each side and
    /// its own height above and below (image pixels); else nil. A line read alone (PSM 13, a
    /// line found in the ink) has a row with an empty box, whose ends Tesseract gives as
    /// +32,767 and −32,767 px (`Docs/Recognition.md`, "Found lines"): no baseline is better
    /// than that one. A row's real baseline may run past the line's box, or up a vertical line.
    static func plausible(_ baseline: (PixelPoint, PixelPoint), in box: PixelBox) -> (PixelPoint, PixelPoint)? {
        func inside(_ point: PixelPoint) -> Bool {
            abs(point.x - box.midX) <= 1.5 * box.width && abs(point.y - box.midY) <= 1.5 * box.height
        }
        return inside(baseline.0) && inside(baseline.1) ? baseline : nil
    }
}

/// Recognition ran past its deadline (mapped to ``OCRError/timedOut(path:seconds:)``).
struct RecogniseTimeout: Error {}

/// Owns a `TessBaseAPI`. One per worker thread: the engine is not thread-safe.
final class TesseractAPI {
    private let handle: OpaquePointer

    /// Tesseract keeps some parameters process-wide (`tesseract::GlobalParams()`), and creating,
    /// initialising and ending an engine read and write them, so those steps are serialised;
    /// recognition on separate engines still runs in parallel (`--jobs`).
    private static let lifecycle = NSLock()

    static var version: String { String(cString: TessVersion()) }

    /// Creates and initialises an engine.
    /// - Throws: ``OCRError/engine(function:detail:)`` when `TessBaseAPIInit3` fails.
    convenience init(dataPath: String?, languages: String) throws {
        try self.init(function: "TessBaseAPIInit3", detail: "could not load language data \"\(languages)\"") {
            TessBaseAPIInit3($0, dataPath, languages)
        }
    }

    /// Creates an engine for the LSTM model held in `model`, the bytes of a `.traineddata`
    /// file already read and checked (``AdaptedModel``): Tesseract reads them from memory and
    /// opens no file by name, so no name a person chose is ever read as its language syntax
    /// (`+`, `~`), and what is loaded is what was checked (`Docs/Hardening.md`).
    /// - Throws: ``OCRError/engine(function:detail:)`` when `TessBaseAPIInit5` fails.
    convenience init(model: [UInt8]) throws {
        try self.init(function: "TessBaseAPIInit5", detail: "could not load the adapted model") { handle in
            model.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    TessBaseAPIInit5(handle, $0.baseAddress, Int32($0.count), "adapted", OEM_LSTM_ONLY, nil, 0, nil, nil, 0, 0)
                }
            }
        }
    }

    /// Creates an engine and initialises it with `initialise` (Tesseract's status: 0 on
    /// success), under the lifecycle lock; `function` and `detail` name a failure.
    private init(function: String, detail: String, _ initialise: (OpaquePointer) -> Int32) throws {
        Self.lifecycle.lock()
        defer { Self.lifecycle.unlock() }
        guard let handle = TessBaseAPICreate() else {
            throw OCRError.engine(function: "TessBaseAPICreate", detail: "returned null")
        }
        self.handle = handle
        // Silence "Detected N diacritics", resolution warnings etc. (`Docs/Platform.md`, "C library pitfalls").
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard initialise(handle) == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError.engine(function: function, detail: detail)
        }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
    }

    deinit {
        Self.lifecycle.lock()
        defer { Self.lifecycle.unlock() }
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognises `image` — the whole of it, or each of `rectangles` in turn — and walks each
    /// result once at symbol level, noting where blocks, lines and words begin; boxes are in
    /// the image's pixels. Returns Swift values; every iterator and string is freed before
    /// return. The image is set once: Tesseract keeps its own copy of it, which the rectangles
    /// share. `deadline` (seconds) bounds all of it through Tesseract's progress monitor, which
    /// the engine checks between words; running past it throws ``RecogniseTimeout``.
    func recognise(
        _ image: PixImage, resolution: Int, pageSegmentationMode: Int, deadline: Double, rectangles: [PixelBox] = []
    ) throws -> [RawLine] {
        OpenMP.runRegionsOnCallingThread()
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(pageSegmentationMode)))
        let readable = try setImage(image, resolution: resolution)
        defer { withExtendedLifetime(readable) {} }
        defer { TessBaseAPIClear(handle) }
        let end = Date(timeIntervalSinceNow: deadline)
        guard !rectangles.isEmpty else { return try recogniseSetImage(until: end, firstBlock: 0) }
        var lines: [RawLine] = []
        for rectangle in rectangles {
            TessBaseAPISetRectangle(
                handle, Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width.rounded(.up)), Int32(rectangle.height.rounded(.up)))
            lines += try recogniseSetImage(until: end, firstBlock: (lines.last?.block ?? -1) + 1)
        }
        return lines
    }

    /// Recognises each of `rectangles` of `image` alone, as one line (page segmentation mode
    /// 13, raw line), and gives each its own lines, boxes in the image's pixels, all within
    /// `deadline` seconds. Used by a line reader that reads Tesseract's found lines again with
    /// another model (`Docs/Recognition.md`, "Learning the writer's hand").
    func recogniseEach(_ image: PixImage, resolution: Int, deadline: Double, rectangles: [PixelBox]) throws -> [[RawLine]] {
        OpenMP.runRegionsOnCallingThread()
        TessBaseAPISetPageSegMode(handle, PSM_RAW_LINE)
        let readable = try setImage(image, resolution: resolution)
        defer { withExtendedLifetime(readable) {} }
        defer { TessBaseAPIClear(handle) }
        let end = Date(timeIntervalSinceNow: deadline)
        return try rectangles.map { rectangle in
            TessBaseAPISetRectangle(
                handle, Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width.rounded(.up)), Int32(rectangle.height.rounded(.up)))
            return try recogniseSetImage(until: end, firstBlock: 0)
        }
    }

    /// Sets `image` on the engine at `resolution` (dpi), never with a colormap
    /// (``Leptonica/withoutColormap(_:)``); returns the image set, which must outlive the
    /// reading: Tesseract keeps a pointer to it, not a copy.
    private func setImage(_ image: PixImage, resolution: Int) throws -> PixImage {
        guard let readable = Leptonica.withoutColormap(image) else {
            throw OCRError.engine(function: "pixRemoveColormap", detail: "a palette image could not be converted")
        }
        TessBaseAPISetImage2(handle, readable.pointer)
        TessBaseAPISetSourceResolution(handle, Int32(resolution))
        return readable
    }

    /// Recognises the image (or rectangle) set on the engine by `end`, numbering its blocks
    /// from `firstBlock`.
    private func recogniseSetImage(until end: Date, firstBlock: Int) throws -> [RawLine] {
        let left = end.timeIntervalSinceNow
        guard left > 0 else { throw RecogniseTimeout() }
        guard let monitor = TessMonitorCreate() else {
            throw OCRError.engine(function: "TessMonitorCreate", detail: "returned null")
        }
        defer { TessMonitorDelete(monitor) }
        // Rounded up, and a millisecond later: a monitor that stops Tesseract before `end`
        // (whole milliseconds cut off) made a page past its deadline an engine error, exit 70.
        TessMonitorSetDeadlineMSecs(monitor, Int32(min((left * 1000).rounded(.up) + 1, Double(Int32.max))))
        let status = TessBaseAPIRecognize(handle, monitor)
        if end.timeIntervalSinceNow <= 0 { throw RecogniseTimeout() }
        guard status == 0 else {
            throw OCRError.engine(function: "TessBaseAPIRecognize", detail: "recognition failed")
        }
        // The iterator may be nil for a blank page (`Docs/Platform.md`, "C library pitfalls"): that is no text, not an error.
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return Self.lines(from: iterator, firstBlock: firstBlock)
    }

    /// The lines, words and symbols a result iterator walks, as Swift values; blocks are
    /// numbered from `firstBlock`.
    private static func lines(from iterator: OpaquePointer, firstBlock: Int) -> [RawLine] {
        let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)  // borrowed

        func box(_ level: TessPageIteratorLevel) -> PixelBox? {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(pageIterator, level, &left, &top, &right, &bottom) != 0 else { return nil }
            return PixelBox(left: Double(left), top: Double(top), right: Double(right), bottom: Double(bottom))
        }
        func text(_ level: TessPageIteratorLevel) -> String {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
            defer { TessDeleteText(raw) }
            return String(cString: raw)
        }

        var lines: [RawLine] = []
        var block = firstBlock - 1
        var blockIsRule = false
        repeat {
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_BLOCK) != 0 {
                block += 1
                let type = TessPageIteratorBlockType(pageIterator)
                blockIsRule = type == PT_HORZ_LINE || type == PT_VERT_LINE
            }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 {
                var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
                let lineBox = box(RIL_TEXTLINE) ?? PixelBox(x: 0, y: 0, width: 0, height: 0)
                let baseline =
                    TessPageIteratorBaseline(pageIterator, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0
                    ? RawLine.plausible((PixelPoint(x: Double(x1), y: Double(y1)), PixelPoint(x: Double(x2), y: Double(y2))), in: lineBox)
                    : nil
                lines.append(
                    RawLine(
                        box: lineBox, baseline: baseline,
                        confidence: Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)) / 100,
                        words: [], block: block, isRuleBlock: blockIsRule))
            }
            guard !lines.isEmpty else { continue }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_WORD) != 0 {
                lines[lines.count - 1].words.append(
                    RawWord(
                        text: text(RIL_WORD), box: box(RIL_WORD) ?? PixelBox(x: 0, y: 0, width: 0, height: 0),
                        confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100, symbols: []))
            }
            if !lines[lines.count - 1].words.isEmpty, let symbolBox = box(RIL_SYMBOL) {
                let last = lines.count - 1
                lines[last].words[lines[last].words.count - 1].symbols.append(RawSymbol(text: text(RIL_SYMBOL), box: symbolBox))
            }
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return lines
    }
}
