import Foundation
import LegibleLayout
import LegibleNotebook
import LegibleSystem
import Testing

/// A page in hand goes to the PDF with the scan its maker verified, read once more to be
/// written and hashed as it is (`Docs/PDF.md`, the opening).
@Suite("PDF export of pages in hand")
struct PDFExportTests {
    /// Tesseract's font for the text layer, which the export needs before it reads a scan.
    static var fontInstalled: Bool {
        let present = FileManager.default.fileExists(atPath: TesseractData.folder() + "/pdf.ttf")
        if !present { print("skipping: Tesseract's pdf.ttf is missing (Debian tesseract-ocr)") }
        return present
    }

    @Test("a verified scan is written; one changed after it was verified is refused as busy, and no PDF is left")
    func changedScan() throws {
        guard Self.fontInstalled else { return }
        let bytes = try VerifiedScanTests.png(shade: 200)
        let (folder, layout) = try VerifiedScanTests.setUp(recordedFrom: bytes)
        try bytes.write(to: URL(fileURLWithPath: folder + "/scan.png"))
        let scan = try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [])
        let report = try PDFExport(pages: [.inHand(layout, scan: scan, document: nil)], output: folder + "/first.pdf").write()
        #expect(report.pages == 1 && report.bytes > bytes.count)
        // The same size and name, other pixels: only the hash tells them apart.
        try VerifiedScanTests.png(shade: 20).write(to: URL(fileURLWithPath: folder + "/scan.png"))
        let kind = VerifiedScanTests.kind {
            try PDFExport(pages: [.inHand(layout, scan: scan, document: nil)], output: folder + "/second.pdf").write()
        }
        #expect(kind == .busy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["first.pdf", "other", "scan.png"])
    }

    @Test("a page in hand's document is an input: the PDF may not be written over it")
    func documentIsAnInput() throws {
        guard Self.fontInstalled else { return }
        let bytes = try VerifiedScanTests.png(shade: 200)
        let (folder, layout) = try VerifiedScanTests.setUp(recordedFrom: bytes)
        try bytes.write(to: URL(fileURLWithPath: folder + "/scan.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/document.json"))
        let scan = try VerifiedScan.find(for: layout, documentPath: folder + "/document.json", searching: [])
        let page = PDFExport.Page.inHand(layout, scan: scan, document: folder + "/document.json")
        #expect(throws: (any Error).self) { try PDFExport(pages: [page], output: folder + "/document.json").write() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/document.json")) == Data("{}".utf8))
    }
}
