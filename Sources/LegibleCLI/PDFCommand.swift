import Foundation
import LegibleOCR
import LegiblePDF
import LegiblePages
import LegibleReading
import LegibleSystem

/// `legible pdf PAGE.json... -o OUT.pdf`: the notebook as one tagged PDF for PDF/UA-1, its
/// scans behind an invisible text layer on the ink (`Docs/PDF.md`). Written atomically.
enum PDFCommand {
    static let spec = CommandSpec(
        name: "pdf", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Writes the notebook as one tagged, accessible PDF (PDF/UA-1): the scans, with their text on the handwriting.",
        options: [output.spec, title.spec, scans.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let output = command[Self.output] ?? "-"
        let paths = command.positionals
        let pages = try paths.map(QueryCommands.loadPage)
        let found = try zip(paths, pages).map { path, page in
            try HTMLCommand.Scan.find(for: page, documentPath: path, searching: command[scans])
        }
        try OutputGuard.refuse(outputs: [output], overwriting: paths + found.map(\.path))
        let font = try fontProgram()
        let notebook = Notebook(pages: pages)
        let title = command[title] ?? Notebook.defaultTitle(for: notebook)
        let scanBytes = try found.map { try InputFile.read($0.path, what: "an image") as Data? }
        let pdf: Data
        do {
            pdf = try NotebookPDF(notebook: notebook, title: title, scans: scanBytes, fontProgram: font).document()
        } catch {
            throw CLIError.badData(error.description)
        }
        try AtomicFile.write(pdf, to: output)
        try Console.out("wrote \(output): \(pages.count) page\(pages.count == 1 ? "" : "s"), \(pdf.count) bytes\n")
        return 0
    }

    /// Tesseract's GlyphLessFont, which the text layer is set in (`Docs/PDF.md`, "Text layer").
    static func fontProgram() throws -> Data {
        let path = Recogniser.defaultDataFolder() + "/pdf.ttf"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError(code: 69, message: "\(path) is missing: the PDF's text layer needs Tesseract's pdf.ttf (Debian tesseract-ocr)")
        }
        return try InputFile.read(path, what: "a font")
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
}
