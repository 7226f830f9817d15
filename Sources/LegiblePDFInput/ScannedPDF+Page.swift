import Foundation
import LegibleImage
import LegibleLayout
import LegibleRaster

/// A PDF page made ready for recognition.
public struct PDFPageImage: Sendable {
    /// The image file's bytes: a JPEG, or a PNG with the resolution recorded.
    public var bytes: Data
    /// `"jpg"` or `"png"`.
    public var fileExtension: String
    /// Which page it is, how it was made, and the map from its pixels to PDF user space.
    public var origin: PDFPageOrigin
}

/// What reading a PDF page gave.
public enum PDFPageRead: Sendable {
    /// The page already carries text (it was recognised before, or was never a scan).
    case carriesText
    /// The page's image.
    case image(PDFPageImage)
}

extension ScannedPDF {
    /// How much of the page the one image must cover to be read at its own size: less, and
    /// whatever else is drawn around it could matter, so the page is drawn instead.
    static let scanCoverage = 0.9

    /// Page `number` (from 1): skipped when it carries text (unless `force`), its one scanned
    /// image at its own size when it has one, else the page drawn at `dpi`; read where
    /// ``drawing`` says, so within its bounds when it is isolated.
    /// - Throws: ``PDFInputError``: `.tooLarge` above `ImageFile.maximumPixels` or the memory bound,
    ///   `.deadline` past the time bound, `.malformed` or `.unreadablePage` when the page cannot
    ///   be read.
    public func page(_ number: Int, dpi: Int, force: Bool) throws(PDFInputError) -> PDFPageRead {
        switch drawing {
        case .inProcess:
            return try readPage(number, dpi: dpi, force: force)
        case .isolated(let executable, let limits):
            return try IsolatedPage.read(path: path, number: number, dpi: dpi, force: force, executable: executable, limits: limits)
        case .served(let executable, let limits):
            return try PageServer.shared(executable).read(path: path, number: number, dpi: dpi, force: force, limits: limits)
        }
    }

    /// ``page(_:dpi:force:)`` in this process.
    func readPage(_ number: Int, dpi: Int, force: Bool) throws(PDFInputError) -> PDFPageRead {
        let index = number - 1
        let drawing = try poppler()
        if !force, try drawing.hasText(page: index) { return .carriesText }
        let page = try structure.page(index)
        try checkSizes(page, number: number)
        let areas = try drawing.imageAreas(page: index)
        // The scan is read from its own bytes only when the page draws that image and nothing
        // else: otherwise the page is read as poppler draws it.
        if areas.count == 1, page.images.count == 1, page.content.drawn == [page.images[0].name], !page.content.drawsOtherThings,
            let scan = scanPlacement(areas[0].area, page.images[0], page),
            let image = try scanImage(number, page: page, image: page.images[0], id: areas[0].id, placement: scan)
        {
            return .image(image)
        }
        return .image(try rendered(number, page: page, dpi: dpi))
    }

    /// Refuses a page whose images declare a size no image has (65), or more pixels than the
    /// limit; what poppler actually decodes is bounded by ``PageDrawing``.
    func checkSizes(_ page: QPDFPage, number: Int) throws(PDFInputError) {
        for image in page.images {
            guard image.width > 0, image.height > 0 else {
                throw PDFInputError(
                    .malformed, "\(path): page \(number) has an image declared \(image.width)×\(image.height) pixels, which no image can be"
                )
            }
            guard image.width * image.height <= ImageFile.maximumPixels else {
                throw PDFInputError(
                    .tooLarge,
                    "\(path): page \(number) has a \(image.width)×\(image.height) image, above the \(ImageFile.maximumPixels) pixel limit")
            }
        }
    }

    /// The image's area on the unrotated page (points from its top left, y down) when it is
    /// the page's scan: it covers most of the page, and its shape matches its samples', so it
    /// is neither turned nor stretched by its placement.
    ///
    /// Poppler gives the area in whole points, and for a turned page in a frame of its own, so
    /// an image that fills the page to within a point is taken to fill it exactly (as scanning
    /// tools place it); any other placement is used only on a page that is not turned.
    func scanPlacement(_ area: PDFBox, _ image: QPDFImage, _ page: QPDFPage) -> PDFBox? {
        let (width, height) = (page.cropBox.width, page.cropBox.height)
        let placement: PDFBox
        if abs(area.width - width) <= 1, abs(area.height - height) <= 1 {
            placement = PDFBox(0, 0, width, height)
        } else {
            let visible = PDFBox(max(area.minX, 0), max(area.minY, 0), min(area.maxX, width), min(area.maxY, height))
            guard page.rotation == 0, visible.width > 0, visible.height > 0,
                visible.width * visible.height >= Self.scanCoverage * width * height
            else { return nil }
            placement = area
        }
        guard image.width > 0, image.height > 0, placement.width > 0, placement.height > 0 else { return nil }
        let shape = (Double(image.width) / Double(image.height)) / (placement.width / placement.height)
        return abs(shape - 1) < 0.01 ? placement : nil
    }

    /// The scan of page `number`, at its own size: its stored bytes when they already make an
    /// image file, the page is not turned, and (for a JPEG) they decode to what poppler draws,
    /// else decoded by poppler and turned as the page shows it. Nil when poppler's image is not
    /// the size the image declares: the page is then drawn.
    func scanImage(_ number: Int, page: QPDFPage, image: QPDFImage, id: Int32, placement: PDFBox) throws(PDFInputError)
        -> PDFPageImage?
    {
        let dpi = Double(image.width) / (placement.width / 72)
        let turns = page.rotation / 90
        // The image's pixels → the unrotated page (points, y down) → the displayed page.
        let shown = turns % 2 == 0 ? (image.width, image.height) : (image.height, image.width)
        let pixelsToDisplayed = Self.pixelsToDisplayed(placement, page: page, pixels: shown)
        let toUser = pixelsToDisplayed.then(.displayedPageToUserSpace(box: page.cropBox, rotation: page.rotation))
        let stored = turns == 0 ? try storedFile(image, dpi: dpi) : nil
        if let stored, stored.fileExtension == "png" {
            // PNG rows are passed through only in a layout that decodes losslessly as poppler's.
            return PDFPageImage(bytes: stored.bytes, fileExtension: "png", origin: origin(number, .stored, toUser))
        }
        let pixels = try poppler().decodedImage(page: number - 1, id: id)
        guard pixels.width == image.width, pixels.height == image.height else { return nil }
        // A JPEG's colours depend on markers and parameters that decoders read differently
        // (`/ColorTransform`, a grey colour space over three components): it is passed through
        // only when it decodes to what poppler shows.
        if let stored, ImageFile.decodes(stored.bytes, toRGB: pixels.samples, width: pixels.width, height: pixels.height) {
            return PDFPageImage(bytes: stored.bytes, fileExtension: stored.fileExtension, origin: origin(number, .stored, toUser))
        }
        let png = try Self.png(pixels.greyWhereNeutral().rotated(quarterTurns: turns), dpi: dpi, path: path, number: number)
        return PDFPageImage(bytes: png, fileExtension: "png", origin: origin(number, .decoded, toUser))
    }

    /// The affine map from the displayed image's pixels to the displayed page (points, y down),
    /// for an image drawn on `area` of the unrotated page (points, y down).
    static func pixelsToDisplayed(_ area: PDFBox, page: QPDFPage, pixels: (Int, Int)) -> PDFAffine {
        let corners = [(area.minX, area.minY), (area.maxX, area.maxY)].map {
            displayed($0.0, $0.1, box: page.cropBox, rotation: page.rotation)
        }
        let shown = PDFBox(corners[0].x, corners[0].y, corners[1].x, corners[1].y)
        return PDFAffine(shown.width / Double(pixels.0), 0, 0, shown.height / Double(pixels.1), shown.minX, shown.minY)
    }

    /// Where the point `(u, v)` of the unrotated page (points, y down) is shown on the page
    /// turned `rotation` degrees clockwise.
    static func displayed(_ u: Double, _ v: Double, box: PDFBox, rotation: Int) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (box.height - v, u)
        case 180: return (box.width - u, box.height - v)
        case 270: return (v, box.width - u)
        default: return (u, v)
        }
    }

    /// Page `number` drawn at `dpi`, turned as the page shows it.
    func rendered(_ number: Int, page: QPDFPage, dpi: Int) throws(PDFInputError) -> PDFPageImage {
        let scale = Double(dpi) / 72
        let turned = page.rotation % 180 != 0
        let shown = turned ? (page.cropBox.height, page.cropBox.width) : (page.cropBox.width, page.cropBox.height)
        let size = (width: Int((shown.0 * scale).rounded()), height: Int((shown.1 * scale).rounded()))
        guard size.width > 0, size.height > 0, size.width <= 32_767, size.height <= 32_767,
            size.width * size.height <= ImageFile.maximumPixels
        else {
            throw PDFInputError(
                .tooLarge,
                "\(path): page \(number) is \(Int(shown.0))×\(Int(shown.1)) points, \(size.width)×\(size.height) pixels at \(dpi) dpi, above the \(ImageFile.maximumPixels) pixel limit"
            )
        }
        let pixels = try poppler().render(page: number - 1, scale: scale, rotation: page.rotation, size: size, unrotated: page.cropBox)
        let png = try Self.png(pixels.greyWhereNeutral(), dpi: Double(dpi), path: path, number: number)
        let toUser = PDFAffine(1 / scale, 0, 0, 1 / scale, 0, 0).then(.displayedPageToUserSpace(box: page.cropBox, rotation: page.rotation))
        return PDFPageImage(bytes: png, fileExtension: "png", origin: origin(number, .rendered, toUser))
    }

    func origin(_ number: Int, _ method: PDFPageOrigin.Method, _ map: PDFAffine) -> PDFPageOrigin {
        PDFPageOrigin(
            file: (path as NSString).lastPathComponent, page: number, method: method,
            toUserSpace: [map.a, map.b, map.c, map.d, map.e, map.f])
    }

    /// `pixels` as a PNG recording `dpi`.
    static func png(_ pixels: PagePixels, dpi: Double, path: String, number: Int) throws(PDFInputError) -> Data {
        do {
            let png = try PNGCodec.encode(samples: pixels.samples, width: pixels.width, height: pixels.height, channels: pixels.channels)
            return PNGChunks.addingResolution(to: png, dpi: dpi)
        } catch {
            throw PDFInputError(.unreadablePage, "\(path): page \(number): cannot encode its image (\(error))")
        }
    }
}

extension ScannedPDF {
    /// The image's stored bytes as an image file, when they are one already: a JPEG in grey or
    /// RGB without an orientation of its own, or PNG's compressed rows (`/FlateDecode` with a
    /// PNG predictor) in grey, RGB or a palette. Nil when the image must be decoded.
    func storedFile(_ image: QPDFImage, dpi: Double) throws(PDFInputError) -> (bytes: Data, fileExtension: String)? {
        guard !image.changesSamples, let space = image.colourSpace, image.filters.count == 1 else { return nil }
        switch image.filters[0] {
        case "/DCTDecode" where image.bitsPerComponent == 8 && !isIndexed(space):
            let bytes = try structure.storedBytes(of: image)
            // A JPEG's own EXIF orientation is ignored by PDF viewers, but not by recognition.
            guard let header = try? ImageFile.describe(data: bytes, path: path), header.orientation == nil,
                header.width == image.width, header.height == image.height
            else { return nil }
            return (bytes, "jpg")
        case "/FlateDecode" where isPNGRows(image, space: space):
            let bytes = try structure.storedBytes(of: image)
            let png = PNGChunks.file(
                compressedRows: bytes, width: image.width, height: image.height, bitDepth: image.bitsPerComponent,
                space: space, dpi: dpi)
            return (png, "png")
        default:
            return nil
        }
    }

    /// Whether the colour space is a palette.
    func isIndexed(_ space: QPDFColourSpace) -> Bool {
        if case .indexed = space { return true }
        return false
    }

    /// Whether Flate-compressed samples are PNG's filtered rows with PNG's own layout.
    func isPNGRows(_ image: QPDFImage, space: QPDFColourSpace) -> Bool {
        let bits = image.bitsPerComponent
        let validBits: Bool
        switch space {
        case .grey: validBits = [1, 2, 4, 8, 16].contains(bits)
        case .rgb: validBits = [8, 16].contains(bits)
        case .indexed(let palette): validBits = [1, 2, 4, 8].contains(bits) && palette.count / 3 <= 1 << bits
        }
        return validBits && image.predictor >= 10 && max(image.predictorColours, 1) == space.components
            && (image.predictorBits == 0 ? 8 : image.predictorBits) == bits
            && (image.predictorColumns == 0 ? 1 : image.predictorColumns) == image.width
    }
}
