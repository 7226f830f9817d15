/// Why an image file cannot be read as a page. Each case maps to a documented exit code
/// (sysexits, `Docs/CLI.md`, "Exit codes") and each description is one line for stderr.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The image file does not exist or cannot be opened (exit 66).
    case missingInput(path: String)
    /// The bytes are empty, truncated or not a PNG/JPEG/TIFF image (exit 65).
    case unreadableImage(path: String, reason: String)
    /// The header claims more pixels than ``ImageFile/maximumPixels`` (exit 65).
    case imageTooLarge(path: String, width: Int, height: Int, limit: Int)
    /// A TIFF holds several pages; each must be its own image file (exit 65).
    case multiPageImage(path: String, pages: Int)

    /// One line for stderr, naming the image.
    public var description: String {
        switch self {
        case .missingInput(let path): return "\(path): no such file"
        case .unreadableImage(let path, let reason): return "\(path): not a readable image (\(reason))"
        case .imageTooLarge(let path, let width, let height, let limit):
            return "\(path): image is \(width)×\(height) pixels, above the limit of \(limit) pixels"
        case .multiPageImage(let path, let pages):
            // The page chain is followed only so far: a count that reached the limit is a floor.
            let count = pages >= ImageMetadata.maximumPages ? "at least \(pages) pages" : "\(pages) pages"
            return "\(path): a multi-page TIFF (\(count)); legible reads one page per image file, so split it first (tiffsplit)"
        }
    }

    /// This error naming its image `name` instead of the path it was read as: a PDF page's
    /// image is read under the path it will be kept at, which a failed page never writes, so
    /// its errors must name the page ("scan.pdf page 1").
    public func naming(_ name: String) -> ImageError {
        switch self {
        case .missingInput: return .missingInput(path: name)
        case .unreadableImage(_, let reason): return .unreadableImage(path: name, reason: reason)
        case .imageTooLarge(_, let width, let height, let limit):
            return .imageTooLarge(path: name, width: width, height: height, limit: limit)
        case .multiPageImage(_, let pages): return .multiPageImage(path: name, pages: pages)
        }
    }

    /// The sysexits code for this error: 66 for a missing file, else 65.
    public var exitCode: Int32 {
        if case .missingInput = self { return 66 }
        return 65
    }
}
