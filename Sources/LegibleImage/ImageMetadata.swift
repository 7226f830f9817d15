import Foundation

/// Facts about a JPEG or TIFF file read from its bytes in Swift, before any C decoder sees them
/// (`Docs/Recognition.md`, "Input images"):
/// - the EXIF orientation (tag 0x0112 in a JPEG's APP1 `Exif` segment or a TIFF's first IFD),
///   because a phone photo is often stored sideways with a tag saying how to show it;
/// - how many pages a TIFF holds (the IFD chain), because a decoder silently returns page 1.
///
/// Every offset is bounds-checked, and IFD chains are followed at most ``maximumPages`` steps
/// and never around a loop, so hostile bytes give "unknown", never a trap or a hang.
struct ImageMetadata: Equatable {
    /// EXIF orientation 1...8 (1: stored as shown; 6: rotate 90° clockwise to show; …).
    var orientation = 1
    /// Pages in a TIFF's IFD chain; 1 for every other format.
    var pageCount = 1
    /// The file is a TIFF (Leptonica applies a TIFF's own orientation tag while decoding).
    var isTIFF = false

    /// IFD chains longer than this are not followed further.
    static let maximumPages = 10_000

    /// Whether the displayed image is the stored one turned a quarter (width and height swap).
    var swapsSides: Bool { orientation >= 5 }

    /// Reads orientation and page count; defaults for anything else or anything malformed.
    static func read(_ data: Data) -> ImageMetadata {
        // The bytes are read in place (a 60-megapixel TIFF is not copied). The readers count
        // offsets from 0, and a `Data` slice keeps its parent's indices, so only a slice is copied.
        let bytes = data.startIndex == 0 ? data : Data(data)
        if let tiff = TIFFReader(bytes: bytes, base: 0) {
            return ImageMetadata(orientation: tiff.orientation(), pageCount: tiff.pageCount(), isTIFF: true)
        }
        if let exif = jpegExifOffset(bytes), let tiff = TIFFReader(bytes: bytes, base: exif) {
            return ImageMetadata(orientation: tiff.orientation(), pageCount: 1)
        }
        return ImageMetadata()
    }

    /// Offset of the TIFF header inside a JPEG's APP1 `Exif\0\0` segment.
    static func jpegExifOffset(_ bytes: Data) -> Int? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data or end: no EXIF
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let payload = offset + 4
            if marker == 0xE1, payload + 6 <= bytes.count, bytes[payload..<payload + 6].elementsEqual("Exif\0\0".utf8) {
                return payload + 6
            }
            offset += 2 + length
        }
        return nil
    }
}

/// Reads TIFF structures (the TIFF file format and EXIF's embedded copy of it) at `base`.
struct TIFFReader {
    /// The file's bytes, indexed from 0.
    let bytes: Data
    let base: Int
    let littleEndian: Bool

    init?(bytes: Data, base: Int) {
        guard base + 8 <= bytes.count else { return nil }
        let order = (bytes[base], bytes[base + 1])
        switch order {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        self.base = base
        guard integer(at: base + 2, size: 2) == 42 else { return nil }
    }

    /// An unsigned integer of `size` bytes at absolute `offset`, or `nil` past the end.
    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        let slice = bytes[offset..<offset + size]
        return (littleEndian ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
    }

    /// Absolute offset of the first IFD.
    var firstIFD: Int? { integer(at: base + 4, size: 4).map { base + $0 } }

    /// The orientation tag of the first IFD, 1...8; 1 when absent or out of range.
    func orientation() -> Int {
        guard let ifd = firstIFD, let count = integer(at: ifd, size: 2) else { return 1 }
        for entry in 0..<count {
            let offset = ifd + 2 + entry * 12
            guard let tag = integer(at: offset, size: 2) else { return 1 }
            // A SHORT value sits in the first two bytes of the entry's value field.
            if tag == 0x0112, let value = integer(at: offset + 8, size: 2), (1...8).contains(value) { return value }
        }
        return 1
    }

    /// IFDs in the main chain, following next-IFD offsets, never around a loop.
    func pageCount() -> Int {
        var seen = Set<Int>()
        var next = firstIFD
        while let ifd = next, ifd > base, !seen.contains(ifd), seen.count < ImageMetadata.maximumPages,
            let count = integer(at: ifd, size: 2)
        {
            seen.insert(ifd)
            next = integer(at: ifd + 2 + count * 12, size: 4).flatMap { $0 == 0 ? nil : base + $0 }
        }
        return max(1, seen.count)
    }
}
