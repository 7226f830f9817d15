import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file descriptor to its end: `read(2)` may return less than asked or be
/// interrupted, so it is called until it reports the end. The one such loop of the package,
/// beside ``WriteAll``; the clippings store, the CLI's input files and the fuzzing harness use it.
public enum ReadAll {
    /// Why reading stopped early.
    public enum Failure: Error, Sendable {
        /// `read(2)` failed with this `errno`.
        case system(Int32)
        /// More than the limit, in bytes, was there to read.
        case tooLarge(limit: Int)
    }

    /// Every byte of `descriptor` until its end, in 1 MiB reads, retrying after `EINTR`.
    /// - Throws: ``Failure`` when a read fails or more than `limit` bytes arrive.
    public static func read(from descriptor: Int32, limit: Int = Int.max) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { throw .tooLarge(limit: limit) }
        }
    }
}

/// `read(2)`, under a name that ``ReadAll/read(from:limit:)`` does not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
