import Foundation
import LegiblePages
import LegibleReading
import LegibleTestSupport

/// The bundled Chicago notebook as committed page documents (`Tests/Fixtures/chicago-N.json`,
/// made by `legible ingest Scans/chicago-*.png`). The reading layer is pure: its tests need no
/// OCR, and a Tesseract update cannot change their transcripts. One CLI test ingests the scans
/// live and checks that they still give these documents, under the golden engine check.
enum ChicagoNotebook {
    static let documents: [URL] = (1...3).map { Repository.root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json") }

    /// A fresh notebook (pages are mutable: selection), optionally linked and turning pages.
    static func make(links: Bool = true, pageTurn: Bool = true, notifier: RecordingNotifier = RecordingNotifier()) throws -> Notebook {
        let notebook = try Notebook(documents: documents, notifier: notifier)
        if links { notebook.linkRegions() }
        notebook.setPageTurning(pageTurn)
        return notebook
    }

    static func temporaryStore() -> ClippingsStore {
        ClippingsStore(url: URL(fileURLWithPath: temporaryPath("clips") + "/clippings.jsonl"))
    }
}
