import Foundation

/// PNG files put together from chunks (ISO/IEC 15948), so that a PDF image whose stored bytes
/// are already PNG's compressed rows becomes a PNG file without being decoded or recompressed
/// (`Docs/PDF.md`, "Reading scanned PDFs").
enum PNGChunks {
    /// The eight bytes every PNG file starts with.
    static let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    /// A PNG file around `compressedRows` (a zlib stream of filtered rows, as a PDF's
    /// `/FlateDecode` with a PNG `/Predictor` stores them), in grey, RGB or a palette.
    static func file(compressedRows: Data, width: Int, height: Int, bitDepth: Int, space: QPDFColourSpace, dpi: Double?) -> Data {
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        let colourType: UInt8
        switch space {
        case .grey: colourType = 0
        case .rgb: colourType = 2
        case .indexed: colourType = 3
        }
        header.append(contentsOf: [UInt8(bitDepth), colourType, 0, 0, 0])
        var file = signature + chunk("IHDR", header)
        if case .indexed(let palette) = space { file += chunk("PLTE", Data(palette)) }
        if let dpi { file += resolutionChunk(dpi: dpi) }
        // Chunks of at most 1 MiB, as encoders write them.
        var offset = compressedRows.startIndex
        repeat {
            let end = min(offset + (1 << 20), compressedRows.endIndex)
            file += chunk("IDAT", compressedRows[offset..<end])
            offset = end
        } while offset < compressedRows.endIndex
        return file + chunk("IEND", Data())
    }

    /// `png` with a `pHYs` chunk recording `dpi` inserted after its header, so that recognition
    /// knows the scan's resolution.
    static func addingResolution(to png: Data, dpi: Double) -> Data {
        // The signature (8) and the IHDR chunk (4 + 4 + 13 + 4) come first in every PNG.
        let headerEnd = png.startIndex + 33
        guard png.count > 33 else { return png }
        return png[..<headerEnd] + resolutionChunk(dpi: dpi) + png[headerEnd...]
    }

    /// A `pHYs` chunk: pixels per metre on both axes.
    static func resolutionChunk(dpi: Double) -> Data {
        let perMetre = UInt32(max(1, min(Double(UInt32.max), (dpi / 0.0254).rounded())))
        var body = Data()
        body.append(bigEndian: perMetre)
        body.append(bigEndian: perMetre)
        body.append(1)
        return chunk("pHYs", body)
    }

    /// One chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ body: Data) -> Data {
        var chunk = Data()
        chunk.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        chunk += typed
        chunk.append(bigEndian: crc32(typed))
        return chunk
    }

    /// PNG's CRC-32 (the polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }
}

extension Data {
    /// Appends `value` as four big-endian bytes.
    mutating func append(bigEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
