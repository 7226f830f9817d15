import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private folder in the system's temporary folder, for work a command does not keep, such
/// as a plain `tesseract` run's hOCR or page documents read on the way to a PDF (`Docs/CLI.md`,
/// "Writing outputs"). It holds copies of a person's scans and their text, so:
/// - it is made by `mkdtemp`, mode 0700, readable by its owner alone;
/// - it is removed when the process is stopped by any signal that can be caught (SIGINT,
///   SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2), which then ends the process as that signal
///   would;
/// - its name, `<prefix>-<host>-<pid>-XXXXXX`, lets the next run on the same host remove a
///   folder whose process is gone (a SIGKILL, a power cut), and never a live run's.
public enum TemporaryFolder {
    /// The signals whose default action ends the process and which can be caught.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// A new private folder; its path. Folders of the same prefix left by dead processes on this
    /// host are removed first.
    /// - Throws: ``FileError`` `.cannotCreate`.
    public static func make(prefix: String) throws(FileError) -> String {
        let parent = FileManager.default.temporaryDirectory.path
        sweep(prefix: prefix, in: parent)
        // The handlers come first, and know the folder's name before it exists: a signal
        // between its creation and its registration would otherwise leave it behind.
        Registry.shared.installHandlers()
        Registry.shared.expect(parent + "/\(prefix)-\(AtomicFile.hostName)-\(getpid())-")
        var template = Array("\(parent)/\(prefix)-\(AtomicFile.hostName)-\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FileError(.cannotCreate, "cannot create a temporary folder in \(parent): \(Errno.current)")
        }
        let folder = String(cString: made)
        Registry.shared.add(folder)
        return folder
    }

    /// Removes `folder` and everything in it, and forgets it.
    public static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        Registry.shared.remove(folder)
    }

    /// Removes the folders named `<prefix>-<this host>-<pid>-…` in `parent` whose process is
    /// gone. Returns how many.
    @discardableResult
    public static func sweep(prefix: String, in parent: String) -> Int {
        let start = "\(prefix)-\(AtomicFile.hostName)-"
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(start) {
            let pidText = name.dropFirst(start.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(atPath: parent + "/" + name)) != nil { removed += 1 }
        }
        return removed
    }

    /// The folders of this process, removed when a signal stops it.
    final class Registry: @unchecked Sendable {
        static let shared = Registry()
        private let lock = NSLock()
        private var folders: Set<String> = []
        private var sources: [DispatchSourceSignal] = []
        private var installed = false
        private var starts: Set<String> = []

        /// Folders whose paths start with `start` belong to this process from now on: the
        /// handlers remove them too, made or not when the signal comes.
        func expect(_ start: String) {
            lock.lock()
            defer { lock.unlock() }
            starts.insert(start)
        }

        /// The folders of this process: those added, and those of an expected name.
        private func owned() -> Set<String> {
            var result = folders
            for start in starts {
                let parent = AtomicFile.folderPath(of: start), name = (start as NSString).lastPathComponent
                for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(name) {
                    result.insert(parent + "/" + entry)
                }
            }
            return result
        }

        func add(_ folder: String) {
            lock.lock()
            defer { lock.unlock() }
            folders.insert(folder)
        }

        func remove(_ folder: String) {
            lock.lock()
            defer { lock.unlock() }
            folders.remove(folder)
        }

        /// Each signal is taken from its default action and handled on a queue: the folders are
        /// removed, then the default action is restored and the signal raised again, so the
        /// process ends as the signal would have ended it. A signal the process was started
        /// ignoring (a background job's SIGINT) is left ignored, as the convention is: it would
        /// not have ended the process. Once per process.
        func installHandlers() {
            lock.lock()
            defer { lock.unlock() }
            guard !installed else { return }
            installed = true
            for signalNumber in TemporaryFolder.signals {
                // SIG_IGN is the one disposition the process may have been started with that
                // is not the default; `signal` returns the one it replaces.
                let previous = signal(signalNumber, SIG_IGN)
                guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [unowned self] in
                    lock.lock()
                    // Other threads go on working until the signal is raised again, and a file
                    // they write into a folder being removed leaves it behind, or the folder
                    // made again (an output folder prepared just after the signal): remove
                    // again, looking 10 ms after each removal, until none is left (a bounded
                    // number of rounds).
                    for _ in 0..<20 {
                        let left = owned()
                        if left.isEmpty { break }
                        for folder in left { try? FileManager.default.removeItem(atPath: folder) }
                        usleep(10_000)
                    }
                    lock.unlock()
                    signal(signalNumber, SIG_DFL)
                    // The signal source may hold the signal blocked; this thread lets it through.
                    var set = sigset_t()
                    sigemptyset(&set)
                    sigaddset(&set, signalNumber)
                    pthread_sigmask(SIG_UNBLOCK, &set, nil)
                    raise(signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
