import Foundation

/// Scan images in a form every browser shows (`Docs/Web.md`, "Images"): PNG, JPEG, GIF and
/// WebP pass unchanged (browsers apply a JPEG's EXIF orientation themselves, as ingest does);
/// anything else Leptonica reads, TIFF above all, is decoded, turned upright by its own
/// orientation tag as ingest turns it, and re-encoded as PNG.
public enum BrowserImage {
    /// The file name extension of a browser-ready image, by its first bytes; `nil` for any
    /// other format.
    public static func browserExtension(of data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && Array(head.prefix(magic.count)) == magic }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x47, 0x49, 0x46, 0x38]) { return "gif" }
        if starts([0x52, 0x49, 0x46, 0x46]), head.count == 12, Array(head[8..<12]) == [0x57, 0x45, 0x42, 0x50] { return "webp" }
        return nil
    }

    /// The bytes a browser can show and their extension: `data` itself when it already is such
    /// a format, else a PNG conversion; `nil` when the bytes are not an image Leptonica reads.
    public static func ready(_ data: Data) -> (bytes: Data, fileExtension: String)? {
        if let fileExtension = browserExtension(of: data) { return (data, fileExtension) }
        Leptonica.silence()
        guard let image = Leptonica.decode(data), let png = Leptonica.pngData(image) else { return nil }
        return (png, "png")
    }

    /// For `data` that no browser shows (``browserExtension(of:)`` is nil): a function that
    /// writes its PNG conversion straight to an open file descriptor, returning false when the
    /// write fails; nil when Leptonica cannot read `data`. The decoded page is held, the PNG
    /// never is: a 60-megapixel TIFF's PNG had been held two or three times over while it grew
    /// (`Docs/Web.md`, "Images").
    public static func pngWriter(for data: Data) -> ((_ descriptor: Int32) -> Bool)? {
        Leptonica.silence()
        guard let image = Leptonica.decode(data) else { return nil }
        return { descriptor in Leptonica.writePNG(image, to: descriptor) }
    }
}
