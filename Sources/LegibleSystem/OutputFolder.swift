import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a command makes the folder it writes into (`Docs/CLI.md`, "Writing outputs"):
/// with the folders above it, refused with one line when it cannot be made or written.
public enum OutputFolder {
    /// Makes the folder at `path` and those above it where missing; `naming` says what it is in
    /// the message ("output folder": "cannot create output folder out").
    /// - Throws: ``FileError`` `.cannotCreate` when it cannot be made, or is there and cannot
    ///   be written.
    public static func make(_ path: String, naming: String) throws(FileError) {
        let named = naming.isEmpty ? path : "\(naming) \(path)"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileError(.cannotCreate, "cannot create \(named)")
        }
        guard access(path, W_OK) == 0 else { throw FileError(.cannotCreate, "\(named) is not writable") }
    }

    /// Makes the output folder at `path` as ``make(_:naming:)`` does, then removes the
    /// temporaries a killed run left in it (``AtomicFile/removeStaleTemporaries(in:of:)``): the
    /// one start of every command that writes a folder of outputs.
    /// - Throws: ``FileError`` `.cannotCreate` when the folder cannot be made or written.
    public static func prepare(_ path: String) throws(FileError) {
        try make(path, naming: "output folder")
        AtomicFile.removeStaleTemporaries(in: path)
    }
}
