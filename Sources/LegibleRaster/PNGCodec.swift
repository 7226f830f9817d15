// The one door to libpng. It uses only the simplified `png_image` API: `png_jmpbuf` is a
// function-like macro that does not import, and setjmp/longjmp across Swift frames is not
// supported (`Docs/Platform.md`, "C library pitfalls"). The simplified API reports errors in `image.message`
// and prints nothing.
import CPNG
import Foundation

/// Why a PNG could not be read or written (one line).
public struct PNGError: Error, CustomStringConvertible, Equatable {
    /// libpng's message, or ours.
    public var description: String
}

/// Reads and writes PNG files as ``Bitmap``s.
public enum PNGCodec {
    /// `PNG_FORMAT_RGBA` is a parenthesised OR of macros and does not import into Swift;
    /// it is `PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA` = 0x02 | 0x01.
    static let formatRGBA: UInt32 = 0x03

    /// Decodes PNG bytes (any colour type, palette included) into 8-bit RGBA, refusing an image
    /// of more than `maximumPixels` pixels before it is allocated: the caller gives its bound
    /// (a page image's is `ImageFile.maximumPixels`, declared once in `LegibleImage`).
    /// - Throws: ``PNGError`` with libpng's message for corrupt or truncated data.
    public static func decode(_ data: Data, maximumPixels: Int) throws -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        }
        guard began != 0 else { throw PNGError(description: message(of: &image, fallback: "not a PNG")) }
        guard Int(image.width) * Int(image.height) <= maximumPixels else {
            png_image_free(&image)
            throw PNGError(description: "PNG of \(image.width)×\(image.height) pixels is above the limit of \(maximumPixels)")
        }
        image.format = formatRGBA
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else { throw PNGError(description: message(of: &image, fallback: "corrupt PNG data")) }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Reads a PNG file that this program or its tests made (goldens, screenshots, bundled
    /// scans); a file from anyone is decoded with a bound of the caller's (``decode(_:maximumPixels:)``).
    public static func read(_ url: URL) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw PNGError(description: "\(url.path): cannot read") }
        return try decode(data, maximumPixels: .max)
    }

    /// Encodes a bitmap as an 8-bit RGBA PNG.
    public static func encode(_ bitmap: Bitmap) throws -> Data {
        try encode(samples: bitmap.pixels, width: bitmap.width, height: bitmap.height, channels: 4)
    }

    /// Encodes 8-bit samples, `channels` per pixel (1 grey, 3 RGB, 4 RGBA), rows top to bottom
    /// without padding, as a PNG of the same colour type.
    public static func encode(samples: [UInt8], width: Int, height: Int, channels: Int) throws -> Data {
        precondition([1, 3, 4].contains(channels) && samples.count == width * height * channels)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        // PNG_FORMAT_FLAG_COLOR (2) and PNG_FORMAT_FLAG_ALPHA (1).
        image.format = (channels >= 3 ? 0x02 : 0) | (channels == 4 ? 0x01 : 0)
        var size = 0
        let sized = samples.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * channels), nil)
        }
        guard sized != 0, size > 0 else { throw PNGError(description: message(of: &image, fallback: "cannot size the PNG")) }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { target in
            samples.withUnsafeBytes {
                png_image_write_to_memory(&image, target.baseAddress, &size, 0, $0.baseAddress, Int32(width * channels), nil)
            }
        }
        guard written != 0 else { throw PNGError(description: message(of: &image, fallback: "cannot write the PNG")) }
        return Data(output.prefix(size))
    }

    private static func message(of image: inout png_image, fallback: String) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return text.isEmpty ? fallback : text
    }
}
