import Foundation
import LegibleImage
import LegibleLayout

/// The ink of a scanned page as recognition sees it: colour dropped, the page levelled and
/// binarised, rulings and grids removed, then turned back to the image's own frame. Words typed
/// elsewhere are laid on it (`Docs/Editing.md`, "Fitting words to their ink").
public enum PageInk {
    /// The ink of the image bytes `data`, in the image's displayed pixels; `path` names the image
    /// in errors.
    /// - Throws: ``ImageError`` when the bytes are unreadable or the image too large, as for recognition.
    public static func mask(imageData data: Data, path: String) throws -> InkMask {
        let (_, image) = try ImageFile.decoded(data, path: path)
        let prepared = try Preprocessor(options: .all).run(image)
        guard let binary = prepared.binary else {
            throw ImageError.unreadableImage(path: path, reason: "no ink could be told from the paper")
        }
        return try mask(binary, rotationDegrees: prepared.rotationDegrees, path: path)
    }

    /// The ink `binary` (1-bit, ink = 1) of a page prepared turned by `rotationDegrees`, turned
    /// back into the image's displayed pixels.
    static func mask(_ binary: PixImage, rotationDegrees: Double, path: String) throws -> InkMask {
        var binary = binary
        if rotationDegrees != 0, let turned = Leptonica.rotate(binary, degrees: -rotationDegrees) { binary = turned }
        guard let mask = InkMask(width: binary.width, height: binary.height, pixels: Leptonica.pixels(binary)) else {
            throw ImageError.unreadableImage(path: path, reason: "the ink's size differs from the image's")
        }
        return mask
    }
}
