import Foundation

/// A private folder in the system's temporary folder, for work a command does not keep, such
/// as a plain `tesseract` run's hOCR or page documents read on the way to a PDF.
public enum TemporaryFolder {
    /// A new folder named `<prefix>-<pid>-<random>`; its path.
    /// - Throws: ``FileError`` `.cannotCreate`.
    public static func make(prefix: String) throws(FileError) -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(.cannotCreate, "cannot create a temporary folder \(folder)")
        }
        return folder
    }
}
