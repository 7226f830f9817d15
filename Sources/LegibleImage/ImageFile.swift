import Foundation
import LegibleLayout

/// An image file's identity and the checks every page image gets before any pixel is decoded
/// (`Docs/Recognition.md`, "Input images"): its stem, its header's size with its orientation
/// applied, its SHA-256, and its decoding as recognition decodes it. Reading a page's identity
/// needs Leptonica's header reader, never Tesseract.
public enum ImageFile {
    /// The largest page image read, in pixels (width × height, and each side): a 100000×100000
    /// header must not allocate 40 GB.
    public static let maximumPixels = 60_000_000

    /// An image's file name without folder and extension: the name its outputs share.
    public static func stem(of path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Reads only what a page document needs to know about an image file — its pixel size
    /// (from the header, nothing decoded), file name and SHA-256 — for imported layouts.
    /// - Throws: ``ImageError`` (missing 66; empty, truncated, not an image or oversized 65).
    public static func describe(at path: String) throws -> PageImage {
        guard FileManager.default.fileExists(atPath: path), let data = FileManager.default.contents(atPath: path) else {
            throw ImageError.missingInput(path: path)
        }
        return try describe(data: data, path: path)
    }

    /// ``describe(at:)`` for bytes already read; `path` names the image. `sha256` is the
    /// bytes' SHA-256 when the caller has it already (lower-case hex); else it is computed.
    public static func describe(data: Data, path: String, sha256: String? = nil) throws -> PageImage {
        let header = try checkedHeader(of: data, path: path)
        return PageImage(
            file: (path as NSString).lastPathComponent, width: header.width, height: header.height,
            sha256: sha256 ?? Checksum.sha256Hex(of: data),
            orientation: header.orientation == 1 ? nil : header.orientation)
    }

    /// The size of an image file's page as it is displayed (its orientation applied), in
    /// pixels, read from its header without decoding, after the checks recognition makes
    /// first: not empty or truncated, under the pixel limit, one page, not animated.
    /// - Throws: ``ImageError`` (65 for each of those).
    public static func displayedSize(of data: Data, path: String) throws -> (width: Int, height: Int) {
        let header = try checkedHeader(of: data, path: path)
        return (header.width, header.height)
    }

    /// The header after those checks: not empty, a complete PNG structure (libpng prints to
    /// stderr on a truncated file), a known format, at most ``maximumPixels``, one page.
    package static func checkedHeader(of data: Data, path: String) throws -> ImageHeader {
        guard !data.isEmpty else { throw ImageError.unreadableImage(path: path, reason: "the file is empty") }
        if let problem = PNGStructure.problem(in: data) { throw ImageError.unreadableImage(path: path, reason: problem) }
        Leptonica.silence()
        guard var header = PNGStructure.header(of: data) ?? Leptonica.header(of: data) else {
            throw ImageError.unreadableImage(path: path, reason: "not a PNG, JPEG or TIFF image")
        }
        guard header.width > 0, header.height > 0 else {
            throw ImageError.unreadableImage(path: path, reason: "the header gives a zero size (\(header.width)×\(header.height) pixels)")
        }
        guard header.width <= maximumPixels, header.height <= maximumPixels, header.width * header.height <= maximumPixels else {
            throw ImageError.imageTooLarge(path: path, width: header.width, height: header.height, limit: maximumPixels)
        }
        let metadata = ImageMetadata.read(data)
        guard metadata.pageCount == 1 else { throw ImageError.multiPageImage(path: path, pages: metadata.pageCount) }
        header.orientation = metadata.orientation
        header.needsOrienting = !metadata.isTIFF && metadata.orientation != 1
        if metadata.swapsSides { swap(&header.width, &header.height) }
        return header
    }

    /// Decodes image bytes exactly as recognition does (checks, decode, orientation) and
    /// describes the displayed image. The fuzzing harness drives this.
    /// - Throws: ``ImageError`` (65 for anything that is not a readable single-page image).
    public static func decode(data: Data, path: String) throws -> PageImage {
        let (header, image) = try decoded(data, path: path)
        return PageImage(file: path, width: image.width, height: image.height, orientation: header.orientation)
    }

    /// Image bytes decoded as recognition decodes them (orientation applied), as 8-bit grey:
    /// `width × height` values, row-major, 0 black … 255 white. The handwriting reader crops its
    /// lines from this (`Docs/Recognition.md`, "Handwriting").
    /// - Throws: ``ImageError`` for bytes that are not a readable single-page image.
    public static func greyImage(data: Data, path: String) throws -> GreyImage {
        let (_, image) = try decoded(data, path: path)
        guard let pixels = Leptonica.greyPixels(image) else {
            throw ImageError.unreadableImage(path: path, reason: "cannot be made grey")
        }
        return GreyImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// Whether image bytes decode, as stored (no orientation applied), to `rgb` (row-major,
    /// three samples a pixel, `width` × `height`), each channel within 4 levels, which
    /// rounding in two decoders' inverse DCTs stays within. False for bytes that do not decode.
    public static func decodes(_ data: Data, toRGB rgb: [UInt8], width: Int, height: Int) -> Bool {
        guard let image = Leptonica.decode(data) else { return false }
        return Leptonica.matches(image, rgb: rgb, width: width, height: height, tolerance: 4)
    }

    /// The checked header and the decoded image as displayed. Leptonica applies a TIFF's
    /// orientation tag itself, but not a JPEG's EXIF one, which is applied here.
    package static func decoded(_ data: Data, path: String) throws -> (ImageHeader, PixImage) {
        let header = try checkedHeader(of: data, path: path)
        guard let decoded = Leptonica.decode(data),
            let image = header.needsOrienting ? Leptonica.oriented(decoded, orientation: header.orientation) : decoded
        else {
            throw ImageError.unreadableImage(path: path, reason: "truncated or corrupt image data")
        }
        return (header, image)
    }
}
