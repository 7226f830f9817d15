import Foundation
import LegibleImage
import LegibleLayout
import LegiblePages
import LegibleRaster
import LegibleSystem
import LegibleTextInput

/// A page's geometry drawn for a person to check it (`legible render`, the golden images):
/// without antialiasing, its line boxes (blue), word boxes (green) and the selection rects
/// (translucent orange, start and end edges marked) of chosen ranges, on the scan or on white.
/// Everything is in the page image's pixels, origin top-left, y down.
public enum PageOverlay {
    /// The page drawn as a PNG: `ranges` (UTF-16; empty for ``OverlayRanges/fixed(for:)``)
    /// over the canvas (``canvas(for:path:image:blank:)``), downsampled by `scale`.
    public static func png(_ page: ScannedPage, path: String, ranges: [TextRange], image: String?, blank: Bool, scale: Int?) throws -> Data
    {
        var bitmap = try canvas(for: page, path: path, image: image, blank: blank)
        OverlayRenderer.draw(page, ranges: ranges.isEmpty ? OverlayRanges.fixed(for: page) : ranges, on: &bitmap)
        if let scale, scale > 1 { bitmap = bitmap.downsampled(by: scale) }
        do {
            return try PNGCodec.encode(bitmap)
        } catch let error as PNGError {
            throw FileError(.io, "cannot encode the overlay of \(path): \(error)")
        }
    }

    /// The bitmap to draw on: white with `blank`, else the scan (`image`, or the document's image
    /// file beside it, when present). The page's size is checked against the pixel limit first.
    public static func canvas(for page: ScannedPage, path: String, image: String?, blank: Bool) throws -> Bitmap {
        let (width, height) = (page.layout.image.width, page.layout.image.height)
        // The same pixel limit as ingest, checked before the canvas is allocated.
        guard width * height <= ImageFile.maximumPixels else {
            throw NotebookError(
                .badData,
                "\(path): the page is \(width)×\(height) pixels, above the render limit of \(ImageFile.maximumPixels) pixels")
        }
        let blankCanvas = Bitmap(width: width, height: height)
        guard !blank else { return blankCanvas }
        let imagePath = image ?? page.layout.image.file.map { AtomicFile.folderPath(of: path) + "/" + $0 }
        guard let imagePath, image != nil || FileManager.default.fileExists(atPath: imagePath) else { return blankCanvas }
        do {
            let scan = try PNGCodec.decode(try InputFile.read(imagePath, what: "a PNG image"), maximumPixels: ImageFile.maximumPixels)
            guard scan.width == width, scan.height == height else {
                throw NotebookError(.badData, "\(imagePath) is \(scan.width)×\(scan.height), the page is \(width)×\(height)")
            }
            return scan
        } catch let error as PNGError {
            throw NotebookError(.badData, "\(imagePath): \(error)")
        }
    }
}

/// The fixed ranges golden images draw, chosen from the page itself so every page has them.
public enum OverlayRanges {
    /// The ranges for `page`: a word, a phrase across the first soft wrap, the longest paragraph.
    public static func fixed(for page: ScannedPage) -> [TextRange] {
        let tokenizer = page.tokenizer
        var ranges: [TextRange] = []
        // One word: the first word of the second line (or of the page).
        let lineStarts = lineRanges(page)
        let wordProbe = lineStarts.count > 1 ? lineStarts[1].start : page.beginningOfDocument
        if let word = tokenizer.rangeEnclosingPosition(wordProbe, with: .word, inDirection: .forward)
            ?? tokenizer.position(from: wordProbe, toBoundary: .word, inDirection: .forward).flatMap({
                tokenizer.rangeEnclosingPosition($0, with: .word, inDirection: .backward)
            })
        {
            ranges.append(word)
        }
        // A phrase across the first soft wrap: the last word of a line through the first word
        // of the next line of the same paragraph.
        for (index, line) in lineStarts.enumerated().dropLast() {
            let text = page.text(in: line) ?? ""
            guard !text.hasSuffix("\n"),
                let lastWordStart = tokenizer.position(from: line.end, toBoundary: .word, inDirection: .backward),
                let firstWordEnd = tokenizer.position(from: lineStarts[index + 1].start, toBoundary: .word, inDirection: .forward)
            else { continue }
            ranges.append(TextRange(lastWordStart, firstWordEnd))
            break
        }
        // The longest paragraph, without its newline.
        var start = page.beginningOfDocument
        var longest: TextRange?
        while let end = tokenizer.position(from: start, toBoundary: .paragraph, inDirection: .forward) {
            var trimmed = end.offset
            if trimmed > start.offset, page.text(in: TextRange(trimmed - 1, trimmed)) == "\n" { trimmed -= 1 }
            let paragraph = TextRange(start.offset, trimmed)
            if paragraph.length > (longest?.length ?? -1) { longest = paragraph }
            start = end
        }
        if let longest, !longest.isEmpty { ranges.append(longest) }
        return ranges
    }

    static func lineRanges(_ page: ScannedPage) -> [TextRange] {
        var result: [TextRange] = []
        var start = page.beginningOfDocument
        while let end = page.tokenizer.position(from: start, toBoundary: .line, inDirection: .forward) {
            result.append(TextRange(start, end))
            start = end
        }
        return result
    }
}

/// Draws layout boxes and selection rects with plain, non-antialiased rectangles.
enum OverlayRenderer {
    static let lineColour = Bitmap.Colour(30, 90, 220)
    static let wordColour = Bitmap.Colour(20, 160, 60)
    static let selectionColour = Bitmap.Colour(255, 140, 0, 96)
    static let edgeColour = Bitmap.Colour(200, 0, 0)

    static func draw(_ page: ScannedPage, ranges: [TextRange], on bitmap: inout Bitmap) {
        for range in ranges {
            for selection in page.selectionRects(for: range) {
                let rect = selection.rect
                bitmap.fill(
                    x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height), selectionColour)
                if selection.containsStart {
                    bitmap.fill(x: Double(rect.minX) - 1, y: Double(rect.minY), width: 3, height: Double(rect.height), edgeColour)
                }
                if selection.containsEnd {
                    bitmap.fill(x: Double(rect.maxX) - 2, y: Double(rect.minY), width: 3, height: Double(rect.height), edgeColour)
                }
            }
        }
        for line in page.layout.lines {
            for word in line.words ?? [] {
                bitmap.stroke(x: word.box.x, y: word.box.y, width: word.box.width, height: word.box.height, thickness: 1, wordColour)
            }
            bitmap.stroke(
                x: line.box.x - 3, y: line.box.y - 3, width: line.box.width + 6, height: line.box.height + 6, thickness: 2, lineColour)
        }
    }
}
