import Foundation
import LegibleHandwriting
import LegibleNotebook
import LegibleOCR

/// What `legible --version` reports (`Docs/CLI.md`, "Version"): the version (`git describe
/// --tags` at build time: a tag, or the commit where there is none), the commit, the Tesseract
/// and ONNX Runtime versions, and each model file's name, pinned SHA-256 and where it was found.
public struct VersionReport: Codable, Equatable, Sendable {
    /// A model file: its name, the SHA-256 this build loads it only with, and its path, nil
    /// where it is not installed.
    public struct ModelFile: Codable, Equatable, Sendable {
        /// The file's name.
        public var name: String
        /// Its pinned SHA-256, lower-case hex.
        public var sha256: String
        /// Where it was found, nil where it is not installed.
        public var path: String?
    }

    /// The version built: a tag, or the commit where there is none.
    public var version: String
    /// The commit built.
    public var commit: String
    /// The Tesseract library's version.
    public var tesseract: String
    /// ONNX Runtime's version; nil where its library is not installed or not the pinned one.
    public var onnxRuntime: String?
    /// Each model file.
    public var models: [ModelFile]

    /// The report for the `legible` at `executable` built as `version` from `commit`, its data
    /// looked up as `ingest` looks it up.
    public init(version: String, commit: String, executable: String, environment: [String: String]) {
        let folder = HandwritingModel.Files.defaultFolder(executable: executable, environment: environment)
        let files = HandwritingModel.Files(folder: folder)
        self.version = version
        self.commit = commit
        tesseract = Recogniser.tesseractVersion
        onnxRuntime = try? HandwritingModel.runtimeVersion(files: files)
        let start = (
            path: folder + "/tessdata-best-fra.traineddata",
            sha256: HandwritingModel.Files.pinnedSHA256(of: "tessdata-best-fra.traineddata")
        )
        models = (files.pinnedFiles + [start]).map { file in
            ModelFile(
                name: (file.path as NSString).lastPathComponent, sha256: file.sha256,
                path: FileManager.default.fileExists(atPath: file.path) ? file.path : nil)
        }
    }

    /// One line: `legible VERSION (commit C), Tesseract T, ONNX Runtime R`.
    public var line: String {
        "legible \(version) (commit \(commit.prefix(12))), Tesseract \(tesseract), ONNX Runtime \(onnxRuntime ?? "not installed")"
    }

    /// The report as JSON, keys sorted.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
