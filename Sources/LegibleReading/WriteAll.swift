import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing all of a buffer to a file descriptor: `write(2)` may write less than asked or be
/// interrupted, so it is called until every byte is out. The one such loop of the package;
/// the clippings store and the CLI's console and atomic files all use it.
public enum WriteAll {
    /// Writes every byte of `data` to `descriptor`, retrying after `EINTR` and short writes.
    /// Returns `nil` on success, else the `errno` of the failing call.
    public static func write(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            var written = 0
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
    }
}

/// `write(2)`, under a name that ``WriteAll/write(_:to:)`` does not shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
