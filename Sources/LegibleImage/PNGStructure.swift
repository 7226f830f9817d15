import Foundation
import LegibleLayout

/// Checks a PNG's chunk structure in Swift before any C decoder sees it:
/// - the size comes from the IHDR chunk, so a header claiming 100000×100000 pixels is refused
///   without allocating (Leptonica's header reader needs a complete stream and fails on a
///   header-only file);
/// - a truncated file (a chunk running past the end, or no IEND) is refused with our own
///   message, because libpng prints "libpng error: read error…" to stderr by itself when
///   Leptonica decodes a truncated stream, which would break the one-line-error rule.
enum PNGStructure {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isPNG(_ data: Data) -> Bool { data.count >= 8 && Array(data.prefix(8)) == signature }

    static func bigEndian(_ data: Data, _ offset: Int) -> Int {
        let bytes = data[data.startIndex + offset..<data.startIndex + offset + 4]
        return bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// Width and height from IHDR (possibly zero); `nil` when not a PNG or too short.
    static func header(of data: Data) -> ImageHeader? {
        guard isPNG(data), data.count >= 24 else { return nil }
        // A zero size is returned as it is, so the caller can say so.
        return ImageHeader(width: bigEndian(data, 16), height: bigEndian(data, 20))
    }

    /// A one-line reason when the PNG is structurally broken; `nil` for non-PNG data or a
    /// complete PNG. An oversized header is not a structural problem: it is reported as too
    /// large by the caller.
    static func problem(in data: Data) -> String? {
        guard isPNG(data) else { return nil }
        guard data.count >= 33 else { return "truncated PNG header" }
        // An oversized header is left to the caller's size check (sides first: their product
        // could overflow).
        if let header = header(of: data),
            header.width > ImageFile.maximumPixels || header.height > ImageFile.maximumPixels
                || header.width * header.height > ImageFile.maximumPixels
        {
            return nil
        }
        var offset = 8
        while offset + 8 <= data.count {
            let length = bigEndian(data, offset)
            let type = String(decoding: data[data.startIndex + offset + 4..<data.startIndex + offset + 8], as: UTF8.self)
            let next = offset + 12 + length
            guard length >= 0, next <= data.count else { return "truncated PNG: chunk \(type) runs past the end of the file" }
            // An animated PNG's default image is what a decoder reads, while a browser shows the
            // animation: the text layer would disagree with what a sighted reader sees, so it is
            // refused as a multi-page TIFF is (`Docs/Recognition.md`, "Input images").
            if type == "acTL" { return "an animated PNG (APNG); legible reads one still page per image file" }
            if type == "IEND" { return nil }
            offset = next
        }
        return "truncated PNG: no IEND chunk"
    }
}
