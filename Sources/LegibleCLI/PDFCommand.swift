import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleIngest
import LegibleNotebook
import LegibleRecognition
import LegibleSystem

/// `legible pdf PAGE.json... -o OUT.pdf`: the notebook as one tagged PDF for PDF/UA-1, its
/// scans behind an invisible text layer on the ink (`Docs/PDF.md`). Written atomically. Given
/// images or scanned PDFs instead of page documents, it ingests them first (`LegibleIngest`),
/// so a scan becomes an accessible PDF in one command; `--keep DIR` keeps the page documents.
enum PDFCommand {
    static let spec = CommandSpec(
        name: "pdf", arguments: "PAGE.json...|IMAGE|PDF...", positionalCount: 1...Int.max,
        summary: "Writes the notebook as one tagged, accessible PDF (PDF/UA-1): the scans, with their text on the handwriting.",
        options: [
            output.spec, title.spec, scans.spec, keep.spec, languages.spec, jobs.spec, force.spec, IngestCommand.timeout.spec,
            IngestCommand.reader.spec, IngestCommand.model.spec,
        ],
        run: run)

    /// The extensions of the images and PDFs `pdf` ingests itself.
    static let scanExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "pdf"]

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let output = command[Self.output] ?? "-"
        // Checked before any work, as images are ingested first.
        try OutputGuard.refuse(outputs: [output], overwriting: command.positionals)
        let pages = try pages(command)
        defer { if let temporary = pages.temporary { TemporaryFolder.remove(temporary) } }
        var export = PDFExport(pages: pages.pages, output: output)
        export.title = command[title]
        export.scanFolders = command[scans]
        let report = try export.write()
        try Console.out("wrote \(output): \(report.pages) page\(report.pages == 1 ? "" : "s"), \(report.bytes) bytes\n")
        return 0
    }

    /// The pages to write: the positionals' page documents, or, when they are images or PDFs,
    /// the pages they are ingested into (in `--keep DIR`, else a temporary folder the caller
    /// removes), in hand with their scans as the ingest read them.
    static func pages(_ command: ParsedCommand) throws -> (pages: [PDFExport.Page], temporary: String?) {
        let inputs = command.positionals
        let isScan = { (path: String) in scanExtensions.contains((path as NSString).pathExtension.lowercased()) }
        guard inputs.contains(where: isScan) else {
            guard command[keep] == nil, command[languages] == nil, command[jobs] == nil, !command[force],
                command[IngestCommand.timeout] == nil, command[IngestCommand.reader] == nil, command[IngestCommand.model] == nil
            else {
                throw CLIError.usage(
                    "--keep, -l, --jobs, --force, --timeout, --reader and --model go with images and PDFs, which pdf ingests first")
            }
            return (inputs.map(PDFExport.Page.document), nil)
        }
        guard inputs.allSatisfy(isScan) else { throw CLIError.usage("give page documents or images and PDFs, not both") }
        let pages = try PageInput.expanding(inputs)
        let folder = try command[keep] ?? TemporaryFolder.make(prefix: "legible-pdf")
        let temporary = command[keep] == nil ? folder : nil
        do {
            let read = try PageReaders(executable: DesktopCommands.ownPath()).ingestForPDF(
                pages, into: folder,
                options: try PageReaders.options(
                    languages: command[languages], timeout: command[IngestCommand.timeout], reader: command[IngestCommand.reader],
                    model: command[IngestCommand.model], executable: DesktopCommands.ownPath()),
                jobs: command[jobs] ?? Processors.usable,
                force: command[force], keepingReaders: Console.capture == nil)
            return (read, temporary)
        } catch {
            if let temporary { TemporaryFolder.remove(temporary) }
            throw error
        }
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension PDFCommand {
    /// `-o`.
    static let output: Option<String?> = .text("-o", "--output", placeholder: "OUT.pdf", required: true, help: "the PDF to write")
    /// `--title`.
    static let title: Option<String?> = .text(
        "--title", placeholder: "TEXT", help: "the document's title (default: the first page's name and the page count)")
    /// `--scans`.
    static let scans: Option<[String]> = .texts(
        "--scans", placeholder: "DIR", help: "a folder to look for scans in, after each page document's own folder")
    /// `--keep`.
    static let keep: Option<String?> = .text(
        "--keep", placeholder: "DIR", help: "given images or PDFs: keep the page documents they are read into in DIR")
    /// `-l`.
    static let languages: Option<String?> = .text(
        "-l", placeholder: "LANG", help: "given images or PDFs: Tesseract languages joined by + (default eng)")
    /// `--jobs`.
    static let jobs: Option<Int?> = .integer(
        "--jobs", placeholder: "N", range: 1...256, help: "given images or PDFs: worker threads (default: the cores this process may use)")
    /// `--force`.
    static let force: Option<Bool> = .flag("--force", help: "given PDFs: recognise pages that already carry text")
}
