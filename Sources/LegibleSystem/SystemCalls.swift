#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls this layer makes, held as values (`Docs/Architecture.md`, "System layer").
///
/// ``live`` calls the C library. A test builds a set in which one call fails with a chosen
/// `errno` (``failing(_:with:)``) or every write is cut short (``shortWrites(atMost:)``), and
/// passes it to the code under test, so that a full disk or a failing `fsync` is tested
/// without one. Nothing is global: a set reaches only the descriptors and files it is given to.
public struct SystemCalls: Sendable {
    /// The calls a set can make fail.
    public enum Call: Sendable, CaseIterable {
        /// `open(2)`.
        case open
        /// `read(2)`.
        case read
        /// `write(2)`.
        case write
        /// `pread(2)`.
        case pread
        /// `fsync(2)`.
        case fsync
        /// `ftruncate(2)`.
        case ftruncate
        /// `rename(2)`.
        case rename
    }

    /// `open(2)`: path, flags, permission bits; returns a descriptor or -1.
    var open: @Sendable (UnsafePointer<CChar>, Int32, mode_t) -> Int32
    /// `read(2)`: descriptor, buffer, count; returns bytes read, 0 at the end, or -1.
    var read: @Sendable (Int32, UnsafeMutableRawPointer?, Int) -> Int
    /// `write(2)`: descriptor, buffer, count; returns bytes written or -1.
    var write: @Sendable (Int32, UnsafeRawPointer?, Int) -> Int
    /// `pread(2)`: descriptor, buffer, count, file offset in bytes; returns bytes read or -1.
    var pread: @Sendable (Int32, UnsafeMutableRawPointer?, Int, off_t) -> Int
    /// `fsync(2)`; returns 0 or -1.
    var fsync: @Sendable (Int32) -> Int32
    /// `ftruncate(2)` to a length in bytes; returns 0 or -1.
    var ftruncate: @Sendable (Int32, off_t) -> Int32
    /// `rename(2)`: from, to; returns 0 or -1.
    var rename: @Sendable (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    /// The C library's calls.
    public static let live = SystemCalls(
        open: { path, flags, mode in systemOpen(path, flags, mode) },
        read: { descriptor, buffer, count in systemRead(descriptor, buffer, count) },
        write: { descriptor, buffer, count in systemWrite(descriptor, buffer, count) },
        pread: { descriptor, buffer, count, offset in systemPread(descriptor, buffer, count, offset) },
        fsync: { descriptor in systemFsync(descriptor) },
        ftruncate: { descriptor, length in systemFtruncate(descriptor, length) },
        rename: { from, to in systemRename(from, to) })

    /// These calls, except that every `call` fails at once, setting `errno` to `error`.
    public func failing(_ call: Call, with error: Errno) -> SystemCalls {
        var calls = self
        let code = error.rawValue
        switch call {
        case .open: calls.open = { _, _, _ in fail(code) }
        case .read: calls.read = { _, _, _ in Int(fail(code)) }
        case .write: calls.write = { _, _, _ in Int(fail(code)) }
        case .pread: calls.pread = { _, _, _, _ in Int(fail(code)) }
        case .fsync: calls.fsync = { _ in fail(code) }
        case .ftruncate: calls.ftruncate = { _, _ in fail(code) }
        case .rename: calls.rename = { _, _ in fail(code) }
        }
        return calls
    }

    /// These calls, except that each `write` writes at most `limit` bytes (at least 1), as a
    /// pipe or a signal may cut a write short; a caller must loop to write everything.
    public func shortWrites(atMost limit: Int) -> SystemCalls {
        var calls = self
        let write = self.write
        calls.write = { descriptor, buffer, count in write(descriptor, buffer, min(count, max(1, limit))) }
        return calls
    }

    /// These calls, except that each `write` of more than one byte writes half of its bytes,
    /// then waits `pause` microseconds before returning, so that a process killed while writing
    /// is often caught between the halves. Durability tests use it to make torn lines.
    public func splitWrites(pausing pause: UInt32) -> SystemCalls {
        var calls = self
        let write = self.write
        calls.write = { descriptor, buffer, count in
            guard count > 1 else { return write(descriptor, buffer, count) }
            let written = write(descriptor, buffer, count / 2)
            usleep(pause)
            return written
        }
        return calls
    }
}

/// Sets `errno` and returns -1, as a failing system call does.
private func fail(_ code: Int32) -> Int32 {
    errno = code
    return -1
}

// The C functions under names that the closures' labels do not shadow.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, buffer, count, offset)
}
private func systemFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func systemFtruncate(_ descriptor: Int32, _ length: off_t) -> Int32 { ftruncate(descriptor, length) }
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
