import Foundation
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleWeb

/// The notebook as one accessible HTML document with its scans (`Docs/Web.md`): what `legible
/// html` writes. Everything is written as one commit set, so `OUT/index.html`, its images and
/// its audio are either all old or all new, and a refused notebook leaves no empty folder.
public struct HTMLExport: Sendable {
    /// How the document reaches each scan.
    public enum Images: String, Sendable, CaseIterable {
        /// Copies each scan into `OUT/images/` (the folder is self-contained).
        case copy
        /// Refers to each scan where it is, by a path relative to `OUT`.
        case link
        /// Puts each scan into the document as a `data:` URL (one file, heavier).
        case embed
    }

    /// The page documents, in reading order.
    public var documents: [String]
    /// The folder `index.html` (and `images/`, `audio/`) is written into.
    public var output: String
    /// The document's title; nil for the first page's name and the page count.
    public var title: String?
    /// How scans are reached.
    public var images: Images = .copy
    /// Folders to look for scans in, after each page document's own folder.
    public var scanFolders: [String] = []
    /// The folder holding each page's audio and timing map, as `legible speak` wrote them; nil
    /// for a notebook without Read aloud.
    public var audioFolder: String?

    /// An export of `documents` into `output`, copying scans, without audio.
    public init(documents: [String], output: String) {
        (self.documents, self.output) = (documents, output)
    }

    /// What was written.
    public struct Report: Sendable, Equatable {
        /// The path of `index.html`.
        public var index: String
        /// The number of pages.
        public var pages: Int
        /// The number of recognised words over all pages.
        public var words: Int
    }

    /// Writes the notebook. `speak`, when given, first speaks the documents into
    /// ``audioFolder`` (`legible html --speak`, which runs `legible speak`).
    public func write(speaking speak: ((_ folder: String, _ documents: [String]) throws -> Void)? = nil) throws -> Report {
        let folders = NewFolders([output + "/images", output + "/audio"])
        return try folders.removingOnFailure { try writeUnguarded(speaking: speak) }
    }

    func writeUnguarded(speaking speak: ((_ folder: String, _ documents: [String]) throws -> Void)?) throws -> Report {
        let pages = try documents.map(PageDocuments.load)
        var scans: [VerifiedScan] = []
        for (path, page) in zip(documents, pages) {
            scans.append(try VerifiedScan.find(for: page.layout, documentPath: path, searching: scanFolders))
        }
        // A scan copied onto itself is left as it is (its bytes match the recorded SHA-256);
        // the page itself is never an input.
        try OutputGuard.refuse(outputs: [output + "/index.html"], overwriting: documents + scans.map(\.path))
        try OutputFolder.prepare(output)
        // Copies are staged as they are made, so a run killed among them leaves temporaries:
        // removed here, as ingest removes its own (`Docs/CLI.md`, "Writing outputs").
        AtomicFile.removeStaleTemporaries(in: output + "/images")
        let staging = AtomicFile.Staging()
        let placed = try ScanPlacement.place(scans, mode: images, output: output, staging: staging)
        let notebook = Notebook(pages: pages)
        if let speak, let audioFolder { try speak(audioFolder, documents) }
        let audio =
            try audioFolder.map {
                try NotebookAudio.copied(from: $0, documents: documents, notebook: notebook, output: output, staging: staging)
            } ?? []
        let html = NotebookHTML(
            notebook: notebook, title: title ?? Notebook.defaultTitle(for: notebook), imageSources: placed, audio: audio,
            textChecksums: pages.map(Corrections.textSHA256)
        ).render()
        let index = output + "/index.html"
        try staging.stage(AtomicFile.Output(path: index, bytes: Data(html.utf8)))
        try staging.commit()
        let words = pages.map { page in page.layout.lines.map { $0.words?.count ?? 0 }.reduce(0, +) }.reduce(0, +)
        return Report(index: index, pages: pages.count, words: words)
    }
}
