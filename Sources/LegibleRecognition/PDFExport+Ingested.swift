import LegibleIngest
import LegibleLayout
import LegibleNotebook

extension PDFExport.Page {
    /// The page an ingest read, in hand: its layout, and its scan where the ingest read and
    /// hashed it (the image given, or a PDF page's image kept in the output folder); nil for a
    /// page the ingest did not read (a failure, or a PDF page that already carries text).
    public static func ingested(_ outcome: PageOutcome, plan: IngestPlan) -> PDFExport.Page? {
        guard let layout = outcome.layout, let sha256 = outcome.sha256, let name = layout.image.file else { return nil }
        let path = outcome.page.pdfPage == nil ? outcome.page.path : plan.output + "/" + name
        let scan = VerifiedScan(name: name, path: path, sha256: sha256, width: layout.image.width, height: layout.image.height)
        return .inHand(layout, scan: scan, document: plan.outputPath(of: outcome.page, .json))
    }
}
