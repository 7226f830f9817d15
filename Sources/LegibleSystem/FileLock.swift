import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on one file that several processes change, held on a lock file beside it
/// (`Docs/Editing.md`, "Saving"): the file itself is replaced by a rename at every save, so a
/// lock on it would be on the old file, which the next writer no longer opens. The lock file,
/// `.NAME.legible-lock`, is empty, stays beside the file, and is opened without following a
/// symbolic link. The lock is `flock`'s, released when this value ends or its process dies,
/// so a killed writer never leaves the file locked.
public final class FileLock {
    /// Why the lock was not taken.
    public enum Failure: Error, Equatable, Sendable {
        /// Another process held it for the whole wait.
        case busy
        /// The lock file could not be opened or locked; the message names it and the cause.
        case system(String)
    }

    /// The longest wait for another writer, in seconds: a save takes milliseconds, so a lock
    /// held longer belongs to a process that is stuck, and the writer is told so.
    public static let defaultWait = 30.0

    /// The lock file's path.
    public let path: String
    private let descriptor: FileDescriptor

    /// The lock file's path for `file`: `.NAME.legible-lock` in its folder.
    public static func lockPath(for file: String) -> String {
        AtomicFile.folderPath(of: file) + "/." + (file as NSString).lastPathComponent + ".legible-lock"
    }

    /// Takes the lock of `file`, waiting at most `wait` seconds for another process to release
    /// it. Throws ``Failure/busy`` after the wait, ``Failure/system(_:)`` when the lock file
    /// cannot be made or locked.
    public init(for file: String, wait: Double = FileLock.defaultWait, calls: SystemCalls = .live) throws(Failure) {
        path = Self.lockPath(for: file)
        do {
            descriptor = try FileDescriptor.open(path, .readWrite, options: [.create, .noFollow, .nonBlocking], calls: calls)
        } catch {
            throw .system("cannot open the lock file \(path): \(error)")
        }
        let deadline = Date().addingTimeInterval(wait)
        while true {
            let taken: Bool
            do {
                taken = try descriptor.tryLockExclusively()
            } catch {
                descriptor.close()
                throw .system("cannot lock \(path): \(error)")
            }
            if taken { return }
            guard Date() < deadline else {
                descriptor.close()
                throw .busy
            }
            usleep(5_000)
        }
    }

    deinit {
        descriptor.unlock()
        descriptor.close()
    }
}
