import Foundation
import LegibleBatch
import LegibleImage
import LegibleOCR
import LegiblePDFInput
import LegibleSystem

/// Everything an ingest needs, checked before any work (`Docs/Architecture.md`, "Ingest"):
/// the pages (images, and pages of PDFs), where each page's layout comes from, the output folder and formats, the
/// recognition options, the workers, and with a shard, the shard's part of the batch.
public struct IngestPlan: Sendable {
    /// The pages to read.
    public var pages: [PageInput]
    /// Where each page's layout comes from, by index of ``pages``.
    public var sources: [PageSource]
    /// The output folder.
    public var output: String
    /// The files written per page.
    public var formats: [IngestFormat]
    /// Recognition options; their digest marks a page's outputs as up to date.
    public var options: OCROptions
    /// Worker threads, each with its own reader.
    public var jobs: Int
    /// The workers that actually run: `jobs`, but no more than there are pages (one for none).
    public var workers: Int { min(jobs, max(pages.count, 1)) }
    /// Whether pages are read again even when their outputs are up to date.
    public var force: Bool
    /// With a shard: which part of the batch this is.
    public var shard: Shard?
    /// The number of pages in the whole batch (before sharding).
    public var total: Int
    /// With a shard: each of ``pages``' manifest key (``ShardKey/pageKey(_:pdfPage:)``: its path
    /// relative to the batch root, `%` and `#` encoded, with `#p` and the page number for a PDF's
    /// page).
    public var keys: [String]
    /// With a shard: the batch's identity, from every input's key (``TaskRecord/batch``).
    public var identity: String?
    /// Where PDF pages are read and drawn: in this process unless the caller bounds them in a
    /// process of their own (`Docs/PDF.md`, "Bounds on reading a page").
    public var pdfDrawing: PageDrawing = .inProcess

    /// A plan for every page of `pages`, unsharded; ``sources`` default to recognition.
    public init(
        pages: [PageInput], sources: [PageSource]? = nil, output: String, formats: [IngestFormat] = [.json],
        options: OCROptions = OCROptions(), jobs: Int = 1, force: Bool = false
    ) {
        self.pages = pages
        self.sources = sources ?? pages.map { _ in .recognise }
        self.output = output
        self.formats = formats
        self.options = options
        self.jobs = jobs
        self.force = force
        self.shard = nil
        self.total = pages.count
        self.keys = []
        self.identity = nil
    }

    /// A plan for the image files `images`, unsharded.
    public init(
        images: [String], sources: [PageSource]? = nil, output: String, formats: [IngestFormat] = [.json],
        options: OCROptions = OCROptions(), jobs: Int = 1, force: Bool = false
    ) {
        self.init(
            pages: images.map(PageInput.image), sources: sources, output: output, formats: formats, options: options, jobs: jobs,
            force: force)
    }

    /// Keeps only the pages of `shard`, keyed by their files' paths relative to `root`; every
    /// file must lie inside `root`, or its key would depend on where the batch was started.
    public mutating func restrict(to shard: Shard, root: String, currentFolder: String) throws(IngestError) {
        var keys: [String] = []
        for page in pages {
            guard let key = ShardKey.key(of: page.path, root: root, currentFolder: currentFolder) else {
                throw IngestError(.usage, "\(page.path) is not inside the batch root \(root); give --root DIR holding every image")
            }
            keys.append(ShardKey.pageKey(key, pdfPage: page.pdfPage))
        }
        let chosen = keys.indices.filter { shard.contains(key: keys[$0]) }
        self.shard = shard
        self.identity = TaskRecord.identity(of: keys)
        self.keys = chosen.map { keys[$0] }
        self.pages = chosen.map { pages[$0] }
        self.sources = chosen.map { sources[$0] }
    }

    /// The name every output of `image` shares: its file name without the extension.
    public static func outputStem(_ image: String) -> String { ImageFile.stem(of: image) }

    /// The path of `page`'s output in `format`.
    public func outputPath(of page: PageInput, _ format: IngestFormat) -> String {
        "\(output)/\(page.stem).\(format.fileExtension)"
    }

    /// The path a PDF page's image is kept at, beside its document, with `fileExtension`.
    public func imagePath(of page: PageInput, fileExtension: String) -> String {
        "\(output)/\(page.stem).\(fileExtension)"
    }
}
