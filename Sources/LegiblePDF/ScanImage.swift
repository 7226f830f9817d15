import Foundation

/// A scan as a PDF image XObject, its compressed data passed through unchanged
/// (`Docs/PDF.md`, "Images"): a PNG's zlib stream becomes `/FlateDecode` with PNG predictors, a
/// JPEG's file becomes `/DCTDecode`. Nothing is decoded or compressed again, so the page shows
/// exactly the scan's pixels and the file grows by the scan's size only.
struct ScanImage: Equatable {
    /// The stored image's size in pixels (before any orientation is applied).
    var width: Int
    var height: Int
    /// The XObject dictionary's entries besides `/Type`, `/Subtype` and `/Length`.
    var dictionary: String
    /// The stream data.
    var data: Data

    /// Why a scan cannot be placed without re-encoding it.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// The most pixels a scan may have: the image gate's limit for pages (`OCROptions`), with
    /// room to spare, so that no header can make the writer allocate without bound.
    static let maximumPixels = 100_000_000

    /// The image in `bytes`, a PNG or a JPEG file.
    static func make(_ bytes: Data) throws(Unsupported) -> ScanImage {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes) }
        throw Unsupported(description: "only PNG and JPEG scans can be placed in a PDF yet")
    }

    /// Refuses a size of zero, or one over ``maximumPixels``, before anything is allocated for it.
    static func checkSize(_ width: Int, _ height: Int) throws(Unsupported) {
        guard width > 0, height > 0, width <= maximumPixels, height <= maximumPixels, width * height <= maximumPixels else {
            throw Unsupported(description: "the scan's header claims \(width) × \(height) pixels")
        }
    }

    /// The chunks of a PNG that placing it needs.
    struct PNGChunks {
        /// IHDR's 13 bytes: size, bit depth, colour type, interlacing.
        var header: [UInt8] = []
        /// PLTE's RGB triples.
        var palette: [UInt8] = []
        /// Every IDAT's bytes, joined: one zlib stream.
        var compressed = Data()

        /// A big-endian 32-bit number at `offset` of `bytes`.
        static func number(_ bytes: [UInt8], at offset: Int) -> Int {
            Int(UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        }

        /// Reads the chunks up to IEND; a chunk running past the end is a truncated file.
        init(_ bytes: Data) throws(Unsupported) {
            let data = [UInt8](bytes)
            var position = 8
            while position + 8 <= data.count {
                let length = Self.number(data, at: position)
                let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
                let start = position + 8
                guard start + length + 4 <= data.count else { throw Unsupported(description: "the PNG is truncated") }
                switch type {
                case "IHDR": header = Array(data[start..<(start + length)])
                case "PLTE": palette = Array(data[start..<(start + length)])
                case "IDAT": compressed.append(contentsOf: data[start..<(start + length)])
                default: break
                }
                position = start + length + 4
                if type == "IEND" { break }
            }
            guard header.count == 13, !compressed.isEmpty else { throw Unsupported(description: "the PNG has no image header or data") }
        }
    }

    /// A PNG's zlib stream as `/FlateDecode` with PNG predictors, in its own colour space; one
    /// with alpha is laid on white (``PNGPixels``).
    static func png(_ bytes: Data) throws(Unsupported) -> ScanImage {
        let chunks = try PNGChunks(bytes)
        let header = chunks.header
        let (width, height) = (PNGChunks.number(header, at: 0), PNGChunks.number(header, at: 4))
        try checkSize(width, height)
        let depth = Int(header[8])
        let (colourType, interlace) = (header[9], header[12])
        guard [1, 2, 4, 8, 16].contains(depth) else {
            throw Unsupported(description: "the PNG's bit depth \(depth) is not one PNG defines")
        }
        guard interlace == 0 else { throw Unsupported(description: "an interlaced PNG cannot be placed without decoding it") }
        if colourType == 4 || colourType == 6 {
            return try PNGPixels(width: width, height: height, depth: depth, channels: colourType == 4 ? 2 : 4).withoutAlpha(
                chunks.compressed)
        }
        let (space, colours) = try colourSpace(colourType, depth: depth, palette: chunks.palette)
        let parameters = "<< /Predictor 15 /Colors \(colours) /BitsPerComponent \(depth) /Columns \(width) >>"
        return ScanImage(
            width: width, height: height,
            dictionary:
                "/Width \(width) /Height \(height) /ColorSpace \(space) /BitsPerComponent \(depth) /Filter /FlateDecode /DecodeParms \(parameters)",
            data: chunks.compressed)
    }

    /// The PDF colour space and samples per pixel of a PNG without alpha.
    static func colourSpace(_ colourType: UInt8, depth: Int, palette: [UInt8]) throws(Unsupported) -> (String, Int) {
        switch colourType {
        case 0: return ("/DeviceGray", 1)
        case 2: return ("/DeviceRGB", 3)
        case 3 where palette.count >= 3 && palette.count <= 768 && palette.count % 3 == 0 && depth <= 8:
            return ("[/Indexed /DeviceRGB \(palette.count / 3 - 1) <\(PDFText.hex(palette))>]", 1)
        default: throw Unsupported(description: "the PNG's colour type \(colourType) with bit depth \(depth) is not one PNG defines")
        }
    }

    /// A JPEG's size and components from its first start-of-frame segment; an Adobe CMYK JPEG
    /// is stored inverted, so its decode array inverts it back.
    static func jpeg(_ bytes: Data) throws(Unsupported) -> ScanImage {
        let data = [UInt8](bytes)
        var position = 2
        var adobe = false
        while position + 4 <= data.count {
            guard data[position] == 0xFF else { throw Unsupported(description: "the JPEG's segments are broken") }
            let marker = data[position + 1]
            let length = Int(data[position + 2]) << 8 | Int(data[position + 3])
            if marker == 0xEE { adobe = true }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame, position + 10 <= data.count {
                let height = Int(data[position + 5]) << 8 | Int(data[position + 6])
                let width = Int(data[position + 7]) << 8 | Int(data[position + 8])
                let components = Int(data[position + 9])
                try checkSize(width, height)
                guard [1, 3, 4].contains(components) else { throw Unsupported(description: "the JPEG has \(components) colour components") }
                let space = components == 1 ? "/DeviceGray" : components == 3 ? "/DeviceRGB" : "/DeviceCMYK"
                let decode = components == 4 && adobe ? " /Decode [1 0 1 0 1 0 1 0]" : ""
                return ScanImage(
                    width: width, height: height,
                    dictionary: "/Width \(width) /Height \(height) /ColorSpace \(space) /BitsPerComponent 8 /Filter /DCTDecode\(decode)",
                    data: bytes)
            }
            position += 2 + length
        }
        throw Unsupported(description: "the JPEG has no frame header")
    }
}
