import Foundation
import LegibleBatch
import LegibleOCR
import LegibleSystem

/// Everything an ingest needs, checked before any work (`Docs/Architecture.md`, "Ingest"):
/// the images, where each page's layout comes from, the output folder and formats, the
/// recognition options, the workers, and with a shard, the shard's part of the batch.
public struct IngestPlan: Sendable {
    /// The images to read, paths as given.
    public var images: [String]
    /// Where each image's layout comes from, by index of ``images``.
    public var sources: [PageSource]
    /// The output folder.
    public var output: String
    /// The files written per page.
    public var formats: [IngestFormat]
    /// Recognition options; their digest marks a page's outputs as up to date.
    public var options: OCROptions
    /// Worker threads, each with its own reader.
    public var jobs: Int
    /// Whether pages are read again even when their outputs are up to date.
    public var force: Bool
    /// With a shard: which part of the batch this is.
    public var shard: Shard?
    /// The number of images in the whole batch (before sharding).
    public var total: Int
    /// With a shard: each of ``images``' manifest key (its path relative to the batch root).
    public var keys: [String]
    /// With a shard: the batch's identity, from every input's key (``TaskRecord/batch``).
    public var identity: String?

    /// A plan for every image of `images`, unsharded; ``sources`` default to recognition.
    public init(
        images: [String], sources: [PageSource]? = nil, output: String, formats: [IngestFormat] = [.json],
        options: OCROptions = OCROptions(), jobs: Int = 1, force: Bool = false
    ) {
        self.images = images
        self.sources = sources ?? images.map { _ in .recognise }
        self.output = output
        self.formats = formats
        self.options = options
        self.jobs = jobs
        self.force = force
        self.shard = nil
        self.total = images.count
        self.keys = []
        self.identity = nil
    }

    /// Keeps only the images of `shard`, keyed by their paths relative to `root`; every image
    /// must lie inside `root`, or its key would depend on where the batch was started.
    public mutating func restrict(to shard: Shard, root: String, currentFolder: String) throws(IngestError) {
        var keys: [String] = []
        for image in images {
            guard let key = ShardKey.key(of: image, root: root, currentFolder: currentFolder) else {
                throw IngestError(.usage, "\(image) is not inside the batch root \(root); give --root DIR holding every image")
            }
            keys.append(key)
        }
        let chosen = keys.indices.filter { shard.contains(key: keys[$0]) }
        self.shard = shard
        self.identity = TaskRecord.identity(of: keys)
        self.keys = chosen.map { keys[$0] }
        self.images = chosen.map { images[$0] }
        self.sources = chosen.map { sources[$0] }
    }

    /// The name every output of `image` shares: its file name without the extension.
    public static func outputStem(_ image: String) -> String { Recogniser.stem(of: image) }

    /// The path of `image`'s output in `format`.
    public func outputPath(of image: String, _ format: IngestFormat) -> String {
        "\(output)/\(Self.outputStem(image)).\(format.fileExtension)"
    }
}
