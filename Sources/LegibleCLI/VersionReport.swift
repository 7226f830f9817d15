import Foundation
import LegibleHandwriting
import LegibleNotebook
import LegibleOCR

/// What `legible --version` reports (`Docs/CLI.md`, "Version"): the version (`git describe
/// --tags` at build time: a tag, or the commit where there is none), the commit, the Tesseract
/// and ONNX Runtime versions, and each model file's name, pinned SHA-256 and where it was found.
struct VersionReport: Codable, Equatable {
    /// A model file: its name, the SHA-256 this build loads it only with, and its path, nil
    /// where it is not installed.
    struct ModelFile: Codable, Equatable {
        var name: String
        var sha256: String
        var path: String?
    }

    var version: String
    var commit: String
    var tesseract: String
    /// Nil where its library is not installed or not the pinned one.
    var onnxRuntime: String?
    var models: [ModelFile]

    /// The report for the `legible` at `executable`, its data looked up as `ingest` looks it up.
    init(executable: String, environment: [String: String]) {
        let folder = HandwritingModel.Files.defaultFolder(executable: executable, environment: environment)
        let files = HandwritingModel.Files(folder: folder)
        version = BuildVersion.describe
        commit = BuildVersion.commit
        tesseract = Recogniser.tesseractVersion
        onnxRuntime = try? HandwritingModel.runtimeVersion(files: files)
        let start = (path: folder + "/tessdata-best-fra.traineddata", sha256: Adaptation.startModelSHA256)
        models = (files.pinnedFiles + [start]).map { file in
            ModelFile(
                name: (file.path as NSString).lastPathComponent, sha256: file.sha256,
                path: FileManager.default.fileExists(atPath: file.path) ? file.path : nil)
        }
    }

    /// One line: `legible VERSION (commit C), Tesseract T, ONNX Runtime R`.
    var line: String {
        "legible \(version) (commit \(commit.prefix(12))), Tesseract \(tesseract), ONNX Runtime \(onnxRuntime ?? "not installed")"
    }

    /// The report as JSON, keys sorted.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
