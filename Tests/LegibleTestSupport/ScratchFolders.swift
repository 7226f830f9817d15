import Foundation
import Synchronization

// Scratch folders for every test target (Docs/Architecture.md, "Tests"): one helper, so that no
// test leaves its folder behind in the temporary directory.

/// A new, empty scratch folder under the temporary directory: its path. It is removed, with
/// what it holds, when the test process exits (`ScratchFolders`).
public func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    ScratchFolders.keep(url.path)
    return url.path
}

/// The scratch folders this process made, removed at its exit: thousands of tests each make
/// one, and a test may end early, so removal does not wait on each test's own clean-up. A
/// process that is killed leaves them, as any temporary file is left.
public enum ScratchFolders {
    private static let made = Mutex<[String]>([])
    private static let removalAtExit: Void = { atexit { ScratchFolders.removeAll() } }()

    /// Removes `path` (a folder or file, absolute) when this process exits.
    public static func keep(_ path: String) {
        _ = removalAtExit
        made.withLock { $0.append(path) }
    }

    static func removeAll() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// A fresh path under the temporary directory, ending in `name`, with nothing made at it yet:
/// whatever a test makes there, file or folder, is removed when the test process exits.
public func temporaryPath(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("legible-test-\(UUID().uuidString)-\(name)").path
    ScratchFolders.keep(path)
    return path
}
