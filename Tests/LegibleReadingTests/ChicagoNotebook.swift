import Foundation
import LegiblePages
import LegibleReading
import LegibleTestSupport

/// The bundled Chicago notebook, ingested once by the real `legible ingest` (Tesseract).
enum ChicagoNotebook {
    static let documents: [URL] = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-chicago-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let images = (1...3).map { Repository.scans.appendingPathComponent("chicago-\($0).png").path }
        let process = Process()
        process.executableURL = Repository.legibleExecutable
        process.arguments = ["ingest"] + images + ["-o", folder.path, "-q"]
        try? process.run()
        process.waitUntilExit()
        return (1...3).map { folder.appendingPathComponent("chicago-\($0).json") }
    }()

    /// A fresh notebook (pages are mutable: selection), optionally linked and turning pages.
    static func make(links: Bool = true, pageTurn: Bool = true, notifier: RecordingNotifier = RecordingNotifier()) throws -> Notebook {
        let notebook = try Notebook(documents: documents, notifier: notifier)
        if links { notebook.linkRegions() }
        notebook.setPageTurning(pageTurn)
        return notebook
    }

    static func temporaryStore() -> ClippingsStore {
        ClippingsStore(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("legible-clips-\(UUID().uuidString)/clippings.jsonl"))
    }
}
