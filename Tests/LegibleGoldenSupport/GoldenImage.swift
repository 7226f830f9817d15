import Foundation
import LegibleRaster
import LegibleTestSupport

/// Golden-image and text-golden comparison, following swift-snapshot-testing's conventions:
/// references live beside the tests (`Tests/Goldens/`), `LEGIBLE_RECORD_GOLDENS=1` re-records
/// them and recording always reports a failure so it is never silent, decoded pixels are
/// compared under a tolerance (never PNG bytes), and on a mismatch the actual image, a diff
/// image and the actual text are written to `.build/golden-failures/<name>/`, named in the
/// failure message.
public enum Golden {
    /// Folder of the reference files.
    public static var folder: URL { Repository.root.appendingPathComponent("Tests/Goldens") }
    /// Folder where mismatching results are written for a developer to look at.
    public static var failures: URL { Repository.root.appendingPathComponent(".build/golden-failures") }
    /// `true` when `LEGIBLE_RECORD_GOLDENS=1` is set.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["LEGIBLE_RECORD_GOLDENS"] == "1" }

    /// A pixel counts as different when any channel differs by more than this.
    public static let perPixelTolerance = 48
    /// At most this share of pixels may differ: 0.002 %, about 38 pixels of an A5 page at
    /// 200 dpi. The same engine reproduces the overlays exactly (all 15 pages re-rendered with
    /// 0 differing pixels), so the slack only absorbs rounding; moving a single word box by
    /// 4 pixels changes 152 pixels (0.0079 %, chicago-1) and must fail.
    public static let maximumDifferingShare = 0.00002

    /// The engine the references were made with (`Tests/Goldens/ENGINE.json`).
    public struct Engine: Codable, Equatable {
        public var tesseract: String
        public var modelSHA256: String
        public init(tesseract: String, modelSHA256: String) {
            self.tesseract = tesseract
            self.modelSHA256 = modelSHA256
        }
    }

    static var engineFile: URL { folder.appendingPathComponent("ENGINE.json") }

    /// Problems with the recorded engine: empty when the references match `engine`.
    public static func checkEngine(_ engine: Engine) -> [String] {
        guard let data = try? Data(contentsOf: engineFile), let recorded = try? JSONDecoder().decode(Engine.self, from: data) else {
            return ["no reference engine in \(engineFile.path); record with LEGIBLE_RECORD_GOLDENS=1 swift test --filter Golden"]
        }
        guard recorded == engine else {
            return [
                "golden references were made with tesseract \(recorded.tesseract) (model \(recorded.modelSHA256.prefix(12))…) but this machine runs tesseract \(engine.tesseract) (model \(engine.modelSHA256.prefix(12))…); re-record with LEGIBLE_RECORD_GOLDENS=1 swift test --filter Golden and review the diffs"
            ]
        }
        return []
    }

    /// Records the engine beside the references.
    public static func recordEngine(_ engine: Engine) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try encoder.encode(engine).write(to: engineFile)
    }

    /// Compares (or records) an image and its text dump against `name.png` / `name.txt`.
    /// Returns the failure messages; empty means the golden matches.
    public static func verify(name: String, image: Bitmap, text: String) -> [String] {
        let png = folder.appendingPathComponent("\(name).png")
        let txt = folder.appendingPathComponent("\(name).txt")
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try PNGCodec.encode(image).write(to: png)
                try Data(text.utf8).write(to: txt)
            } catch {
                return ["could not record \(name): \(error)"]
            }
            return ["recorded golden \(name) (LEGIBLE_RECORD_GOLDENS=1); run again without it to compare"]
        }
        var problems: [String] = []
        let failureFolder = failures.appendingPathComponent(name)
        func keepActual(diff: Bitmap?) {
            try? FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
            try? PNGCodec.encode(image).write(to: failureFolder.appendingPathComponent("actual.png"))
            if let diff { try? PNGCodec.encode(diff).write(to: failureFolder.appendingPathComponent("diff.png")) }
            try? Data(text.utf8).write(to: failureFolder.appendingPathComponent("actual.txt"))
        }
        guard let reference = try? PNGCodec.read(png) else {
            keepActual(diff: nil)
            return ["no reference image \(png.path); record with LEGIBLE_RECORD_GOLDENS=1 (actual in \(failureFolder.path))"]
        }
        let diff = PixelDiff(actual: image, reference: reference, perPixelTolerance: perPixelTolerance)
        if diff.differingShare > maximumDifferingShare {
            problems.append(
                "\(name): \(diff.differingPixels) pixels (\(String(format: "%.3f", diff.differingShare * 100)) %) differ from the reference, above \(maximumDifferingShare * 100) %; actual and diff images in \(failureFolder.path)"
            )
        }
        let referenceText = (try? String(contentsOf: txt, encoding: .utf8)) ?? ""
        if referenceText != text {
            problems.append("\(name): text dump differs from \(txt.path); actual in \(failureFolder.path)/actual.txt")
        }
        if !problems.isEmpty { keepActual(diff: diff.image) }
        return problems
    }
}
