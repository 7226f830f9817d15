import Foundation
import LegibleSystem

extension IngestPlan {
    /// Refuses, before any work, a plan whose output would be one of its inputs
    /// (`Docs/Architecture.md`, "Ingest"); `extraInputs` names other files read, such as an image list.
    public func check(extraInputs: [String] = []) throws(IngestError) {
        try Self.refuseSharedStems(pages)
        try refuseOutputsOverInputs(extraInputs)
    }

    /// Refuses two inputs whose outputs would share a name (`a/x.png b/x.png`, `x.png x.jpg`):
    /// one would silently replace the other. A sharded batch checks the whole batch, before
    /// ``restrict(to:root:currentFolder:)``, so that every shard refuses alike.
    public static func refuseSharedStems(_ pages: [PageInput]) throws(IngestError) {
        var first: [String: String] = [:]
        for page in pages {
            if let earlier = first[page.stem], earlier != page.path {
                throw IngestError(
                    .usage,
                    "\(earlier) and \(page.path) would both be written as \(page.stem).*; rename one or ingest them into different folders")
            }
            if first[page.stem] != nil {
                throw IngestError(.usage, "\(page.path) is named twice; give each file once")
            }
            first[page.stem] = page.path
        }
    }

    /// No page's output may be an image, a layout file or another input of the batch:
    /// `--layouts DIR -o DIR --format alto` would otherwise replace the user's own transcription
    /// with the export, and `--inputs list.txt --format txt` an image `list.png`'s list.
    func refuseOutputsOverInputs(_ extraInputs: [String]) throws(IngestError) {
        var inputs = pages.map(\.path) + extraInputs
        for case .layout(let path) in sources { inputs.append(path) }
        let pageImages = pages.filter { $0.pdfPage != nil }.flatMap { page in ["png", "jpg"].map { imagePath(of: page, fileExtension: $0) }
        }
        let outputs = pages.flatMap { page in formats.map { outputPath(of: page, $0) } } + pageImages
        if let overlap = FileIdentity.firstOverlap(outputs: outputs, inputs: inputs) {
            throw IngestError(
                .usage, "\(overlap.output) would be written over the input \(overlap.input); write the outputs somewhere else")
        }
    }

    /// The layout file of each page in `folder`: `<stem>.xml`, `.alto.xml`, `.alto`, `.hocr`
    /// or `.html`, the first that exists (`<stem>.xml` when none does, which then fails that
    /// page alone).
    public static func layoutSources(in folder: String, for pages: [PageInput]) throws(IngestError) -> [PageSource] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw IngestError(.missingInput, "\(folder): no such folder")
        }
        guard isDirectory.boolValue else { throw IngestError(.missingInput, "\(folder): is a file, not a folder of layout files") }
        return pages.map { page in
            let stem = page.stem
            for suffix in [".xml", ".alto.xml", ".alto", ".hocr", ".html"] {
                let candidate = (folder as NSString).appendingPathComponent(stem + suffix)
                if FileManager.default.fileExists(atPath: candidate) { return .layout(path: candidate) }
            }
            return .layout(path: (folder as NSString).appendingPathComponent(stem + ".xml"))
        }
    }
}
