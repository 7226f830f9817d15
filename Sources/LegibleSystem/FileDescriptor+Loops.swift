import Foundation

/// The read and write loops of the package (`Docs/Architecture.md`, "System layer"): `read(2)`
/// and `write(2)` may move fewer bytes than asked or be interrupted, so each is called until
/// the work is done.
extension FileDescriptor {
    /// Why ``readAll(limit:)`` stopped early.
    public enum ReadFailure: Error, Sendable {
        /// `read(2)` failed.
        case system(Errno)
        /// More than `limit` bytes were there to read.
        case tooLarge(limit: Int)
    }

    /// Every byte until the end of the file, in 1 MiB reads, retrying after `EINTR`.
    /// - Throws: ``ReadFailure`` when a read fails or more than `limit` bytes arrive.
    public func readAll(limit: Int = Int.max) throws(ReadFailure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { calls.read(rawValue, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(Errno.current)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { throw .tooLarge(limit: limit) }
        }
    }

    /// Writes every byte of `data`, retrying after `EINTR` and short writes.
    public func writeAll(_ data: Data) throws(Errno) {
        let failure = data.withUnsafeBytes { buffer -> Errno? in
            var written = 0
            while written < buffer.count {
                let result = calls.write(rawValue, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return Errno.current
                }
                written += result
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Exactly `count` bytes from byte `offset` of the file; a file that ends sooner is
    /// reported as `EIO`, since callers ask only for bytes they know are there.
    public func read(count: Int, at offset: Int64) throws(Errno) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes {
                calls.pread(rawValue, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Errno.current
            }
            guard result > 0 else { throw Errno.ioError }
            done += result
        }
        return bytes
    }
}
