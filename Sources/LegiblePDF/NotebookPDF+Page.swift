import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading
import LegibleTextInput

extension NotebookPDF {
    /// Adds page `index`: its scan as an artifact and its text layer, one marked-content
    /// sequence per line, tagged as the line's region (`Docs/PDF.md`, "Pages"). Appends the
    /// page's structure elements to `elements` and returns the page object's number.
    func addPage(
        _ index: Int, to objects: inout PDFObjects, font: inout TextLayerFont, elements: inout [Element], parent: Int, fontNumber: Int
    ) throws -> Int {
        let frame = PageFrame(notebook.pages[index].layout.image)
        var resources = "/Font << /F1 \(fontNumber) 0 R >>"
        var content = ""
        if let image = try addScan(index, in: frame, to: &objects) {
            resources += " /XObject << /Im1 \(image.number) 0 R >>"
            content += image.drawing
        }
        let pageNumber = objects.reserve()
        content += textLayer(index, in: frame, font: &font, elements: &elements)
        let stream = objects.add(compressed: "", Data(content.utf8))
        let box = "[0 0 \(PDFText.number(frame.width)) \(PDFText.number(frame.height))]"
        objects.set(
            pageNumber,
            "<< /Type /Page /Parent \(parent) 0 R /MediaBox \(box) /Resources << \(resources) >> /Contents \(stream) 0 R /StructParents \(index) /Tabs /S >>"
        )
        return pageNumber
    }

    /// Page `index`'s scan as an image object, and the content that draws it upright over the
    /// page as an artifact; `nil` for a page without a scan.
    func addScan(_ index: Int, in frame: PageFrame, to objects: inout PDFObjects) throws -> (number: Int, drawing: String)? {
        guard let bytes = try scan(index) else { return nil }
        let image = notebook.pages[index].layout.image
        let placed: ScanImage
        do {
            placed = try ScanImage.make(bytes)
        } catch {
            throw Failure(description: "page \(index + 1) (\(image.file ?? "no file name")): \(error)")
        }
        let number = objects.add(stream: "/Type /XObject /Subtype /Image \(placed.dictionary)", placed.data)
        return (number, "/Artifact BMC\nq \(frame.imagePlacement(orientation: image.orientation)) cm /Im1 Do Q\nEMC\n")
    }

    /// Page `index`'s text layer: each region's lines, marked with MCIDs from 0 and tagged as the
    /// region; each region becomes an element of `elements`.
    func textLayer(_ index: Int, in frame: PageFrame, font: inout TextLayerFont, elements: inout [Element]) -> String {
        let page = notebook.pages[index]
        var content = ""
        var mcid = 0
        for region in notebook.regions[index] {
            let span = UTF16Span(region.range.start.offset, region.range.end.offset)
            let lines = page.layout.lines.filter { $0.range.start >= span.start && $0.range.end <= span.end }
            guard let first = lines.first else { continue }
            var element = Element(
                type: region.isHeading ? "H1" : "P", page: index, mcids: [], language: language(ofPage: index), text: region.text,
                top: frame.height - first.box.y * frame.scale)
            for line in lines {
                content += "/\(element.type) << /MCID \(mcid) >> BDC\n" + textLine(line, on: page, in: frame, font: &font) + "EMC\n"
                element.mcids.append(mcid)
                element.corrected += (line.words ?? []).filter { $0.corrected == true }.map { Self.text(of: $0.range, in: page.layout) }
                mcid += 1
            }
            elements.append(element)
        }
        if mcid == 0 { content += emptyPageNote(index, in: frame, font: &font, elements: &elements) }
        return content
    }

    /// A page with no recognised text says so, as the HTML notebook does, in a paragraph of
    /// invisible text along its top: an image-only page reads as blank to a screen reader and
    /// fails WCAG 1.1.1 (`Docs/PDF.md`, "Text layer").
    func emptyPageNote(_ index: Int, in frame: PageFrame, font: inout TextLayerFont, elements: inout [Element]) -> String {
        let note = Notebook.emptyPageNote
        let size = min(12, frame.height / 4)
        let scaling = min(100, 100 * 0.9 * frame.width / (Double(note.count) * 0.5 * size))
        let origin = (x: frame.width * 0.05, y: frame.height - 1.5 * size)
        elements.append(Element(type: "P", page: index, mcids: [0], language: "en", text: note, top: frame.height))
        return "/P << /MCID 0 >> BDC\nBT 3 Tr /F1 \(PDFText.number(size)) Tf \(PDFText.number(scaling)) Tz 1 0 0 1 "
            + "\(PDFText.number(origin.x)) \(PDFText.number(origin.y)) Tm \(font.encode(note)) Tj ET\nEMC\n"
    }

    /// One line of the text layer: each word invisible (render mode 3) over its selection
    /// rect, and a space over the gap to the next word, so that extraction and selection give
    /// the reading text (`Docs/PDF.md`, "Text layer"). The rects are the page's own
    /// (`ScannedPage.selectionRects`): the line's band, turned along its baseline, so that a
    /// viewer's selection covers the handwriting as `legible rects` and the HTML do.
    func textLine(_ line: Line, on page: ScannedPage, in frame: PageFrame, font: inout TextLayerFont) -> String {
        let words = line.wordsOrWhole
        var text = "BT 3 Tr\n"
        for (index, word) in words.enumerated() {
            text += place(word.range.start, word.range.end, on: page, in: frame, font: &font)
            guard index + 1 < words.count else { continue }
            text += place(word.range.end, words[index + 1].range.start, on: page, in: frame, font: &font)
        }
        return text + "ET\n"
    }

    /// The characters `start..<end` (UTF-16) of `page`, drawn over their selection rect: the
    /// font's size is the rect's height, horizontal scaling stretches the clusters (each 500
    /// units wide) to its width, and the text matrix turns with the rect.
    func place(_ start: Int, _ end: Int, on page: ScannedPage, in frame: PageFrame, font: inout TextLayerFont) -> String {
        let string = Self.text(of: UTF16Span(start, end), in: page.layout)
        guard !string.isEmpty, let selection = page.selectionRects(for: TextRange(start, end)).first else { return "" }
        let rect = selection.rect
        let size = rect.height * frame.scale
        guard size > 0, rect.width > 0 else { return "" }
        let turn = selection.transform ?? .identity
        let origin = frame.point(turn.apply(CGPoint(x: rect.minX, y: rect.maxY)))
        let along = frame.point(turn.apply(CGPoint(x: rect.minX + 1, y: rect.maxY)))
        let length = hypot(along.x - origin.x, along.y - origin.y)
        let (cosine, sine) = ((along.x - origin.x) / length, (along.y - origin.y) / length)
        let scaling = 100 * rect.width * frame.scale / (Double(string.count) * 0.5 * size)
        let matrix = [cosine, sine, -sine, cosine, origin.x, origin.y].map(PDFText.number).joined(separator: " ")
        // Glyphs are drawn left to right, so a word on a right-to-left line is drawn in the
        // order the bidirectional algorithm shows it: its right-to-left runs reversed, its
        // numbers and Latin runs as they are, and a reader restores the logical order from that,
        // as for any right-to-left PDF (`Docs/PDF.md`, "Text layer").
        let drawn = selection.writingDirection == .rightToLeft ? Self.visualOrder(string) : string
        return "/F1 \(PDFText.number(size)) Tf \(PDFText.number(scaling)) Tz \(matrix) Tm \(font.encode(drawn)) Tj\n"
    }

    /// `string` as a right-to-left line shows it from the left, cluster by cluster.
    static func visualOrder(_ string: String) -> String {
        let units = Array(string.utf16)
        let clusters = UnicodeSegmentation.visualClusters(of: units, rightToLeft: true)
        return String(decoding: clusters.flatMap { units[$0] }, as: UTF16.self)
    }

    /// The characters of `span` in the page's reading text.
    static func text(of span: UTF16Span, in layout: PageLayout) -> String {
        let units = layout.text.utf16
        let start = units.index(units.startIndex, offsetBy: max(0, min(span.start, units.count)))
        let end = units.index(units.startIndex, offsetBy: max(0, min(span.end, units.count)))
        return String(layout.text[start..<end])
    }
}

/// A page's size in points and the scale from image pixels (origin top-left, y down) to PDF
/// user space (origin bottom-left, y up): 72 points an inch at the scan's resolution.
struct PageFrame {
    var scale: Double
    var width: Double
    var height: Double

    /// A point of the image (pixels, y down) in PDF user space (points, y up).
    func point(_ pixel: CGPoint) -> CGPoint { CGPoint(x: pixel.x * scale, y: height - pixel.y * scale) }

    /// The largest page side PDF readers accept, in points (200 inches: PDF 1.7, annex C).
    static let maximumSide = 14_400.0

    /// The frame of `image`: at its resolution, unless a side would pass ``maximumSide`` (a
    /// long scan recorded at a low resolution), when the page is made smaller to fit.
    init(_ image: PageImage) {
        let longest = Double(max(1, image.width, image.height))
        scale = min(72 / Double(max(1, image.dpi ?? 300)), Self.maximumSide / longest)
        width = Double(image.width) * scale
        height = Double(image.height) * scale
    }

    /// The `cm` operands that draw the stored image upright on the page: the image's unit
    /// square is turned and mirrored by its EXIF/TIFF `orientation` (1–8) into the displayed
    /// frame, which the page's boxes are in.
    func imagePlacement(orientation: Int?) -> String {
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)].map { x, y in displayed(u: x, v: 1 - y, orientation ?? 1) }
        let points = corners.map { (x: $0.x * width, y: height - $0.y * height) }
        let matrix = [
            points[1].x - points[0].x, points[1].y - points[0].y, points[2].x - points[0].x, points[2].y - points[0].y, points[0].x,
            points[0].y,
        ]
        return matrix.map(PDFText.number).joined(separator: " ")
    }

    /// Where a point of the stored image (`u` right, `v` down, both 0–1) is displayed.
    func displayed(u: Double, v: Double, _ orientation: Int) -> (x: Double, y: Double) {
        switch orientation {
        case 2: (1 - u, v)
        case 3: (1 - u, 1 - v)
        case 4: (u, 1 - v)
        case 5: (v, u)
        case 6: (1 - v, u)
        case 7: (1 - v, 1 - u)
        case 8: (v, 1 - u)
        default: (u, v)
        }
    }
}
