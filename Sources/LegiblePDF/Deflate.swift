import CZlib
import Foundation

/// The one door to zlib (`Docs/Architecture.md`, "One door per C library"): whole buffers in,
/// whole buffers out, as Swift values.
enum Deflate {
    /// Why zlib refused the data.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `data` compressed as a zlib stream (PDF's `/FlateDecode`), at the default level.
    static func compress(_ data: Data) -> Data {
        var size = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = data.withUnsafeBytes { input in
            compress2(&output, &size, input.bindMemory(to: Bytef.self).baseAddress, uLong(data.count), Z_DEFAULT_COMPRESSION)
        }
        // compressBound is always enough, so only memory could fail; keep the data as it was.
        guard status == Z_OK else { return data }
        return Data(output.prefix(Int(size)))
    }

    /// The bytes of the zlib stream `data`, which must expand to exactly `expected` bytes.
    static func decompress(_ data: Data, expected: Int) throws(Failure) -> Data {
        var size = uLongf(expected)
        var output = [UInt8](repeating: 0, count: max(1, expected))
        let status = data.withUnsafeBytes { input in
            uncompress(&output, &size, input.bindMemory(to: Bytef.self).baseAddress, uLong(data.count))
        }
        guard status == Z_OK, Int(size) == expected else { throw Failure(description: "its compressed data is damaged (zlib \(status))") }
        return Data(output)
    }
}
