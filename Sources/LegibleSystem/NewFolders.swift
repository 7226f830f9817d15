import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders a command may create for its outputs that did not exist when it started, so
/// that a refused or failed command leaves none of them behind (`Docs/CLI.md`, "Writing
/// outputs"). Only empty folders are ever removed: `rmdir` cannot remove anything else.
public struct NewFolders: Sendable {
    /// The folders, and each ancestor up to the first that exists, that were missing; the
    /// deepest first.
    public let missing: [String]

    /// Notes which of `paths` (folders an output may go into) and their ancestors do not exist.
    public init(_ paths: [String]) {
        var missing: [String] = []
        for path in paths {
            var folder = path
            while !folder.isEmpty, folder != "/", folder != ".", access(folder, F_OK) != 0 {
                if !missing.contains(folder) { missing.append(folder) }
                folder = AtomicFile.folderPath(of: folder)
            }
        }
        self.missing = missing.sorted { $0.split(separator: "/").count > $1.split(separator: "/").count }
    }

    /// Removes each folder that was missing and is now empty, the deepest first.
    public func removeEmpty() {
        for folder in missing { rmdir(folder) }
    }

    /// Runs `body`; when it throws, removes the folders it left empty, then rethrows.
    public func removingOnFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            removeEmpty()
            throw error
        }
    }
}
