import Foundation
import LegibleSystem

extension IngestPlan {
    /// Refuses, before any work, a plan whose output would be one of its inputs
    /// (`Docs/Architecture.md`, "Ingest"); `extraInputs` names other files read, such as an image list.
    public func check(extraInputs: [String] = []) throws(IngestError) {
        try Self.refuseSharedStems(images)
        try refuseOutputsOverInputs(extraInputs)
    }

    /// Refuses two inputs whose outputs would share a name (`a/x.png b/x.png`, `x.png x.jpg`):
    /// one would silently replace the other. A sharded batch checks the whole batch, before
    /// ``restrict(to:root:currentFolder:)``, so that every shard refuses alike.
    public static func refuseSharedStems(_ images: [String]) throws(IngestError) {
        var first: [String: String] = [:]
        for image in images {
            let stem = outputStem(image)
            if let earlier = first[stem] {
                throw IngestError(
                    .usage, "\(earlier) and \(image) would both be written as \(stem).*; rename one or ingest them into different folders")
            }
            first[stem] = image
        }
    }

    /// No page's output may be an image, a layout file or another input of the batch:
    /// `--layouts DIR -o DIR --format alto` would otherwise replace the user's own transcription
    /// with the export, and `--inputs list.txt --format txt` an image `list.png`'s list.
    func refuseOutputsOverInputs(_ extraInputs: [String]) throws(IngestError) {
        var inputs = images + extraInputs
        for case .layout(let path) in sources { inputs.append(path) }
        let outputs = images.flatMap { image in formats.map { outputPath(of: image, $0) } }
        if let overlap = FileIdentity.firstOverlap(outputs: outputs, inputs: inputs) {
            throw IngestError(
                .usage, "\(overlap.output) would be written over the input \(overlap.input); write the outputs somewhere else")
        }
    }

    /// The layout file of each image in `folder`: `<stem>.xml`, `.alto.xml`, `.alto`, `.hocr`
    /// or `.html`, the first that exists (`<stem>.xml` when none does, which then fails that
    /// page alone).
    public static func layoutSources(in folder: String, for images: [String]) throws(IngestError) -> [PageSource] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw IngestError(.missingInput, "\(folder): no such folder")
        }
        guard isDirectory.boolValue else { throw IngestError(.missingInput, "\(folder): is a file, not a folder of layout files") }
        return images.map { image in
            let stem = outputStem(image)
            for suffix in [".xml", ".alto.xml", ".alto", ".hocr", ".html"] {
                let candidate = (folder as NSString).appendingPathComponent(stem + suffix)
                if FileManager.default.fileExists(atPath: candidate) { return .layout(path: candidate) }
            }
            return .layout(path: (folder as NSString).appendingPathComponent(stem + ".xml"))
        }
    }
}
