import Foundation
import LegibleHandwriting
import LegibleOCR
import LegiblePDFInput

extension LineChoice: OptionChoice {}

/// The page readers that `ingest` and `pdf` recognise with (`Docs/Recognition.md`,
/// "Handwriting"): Tesseract, and with `--reader handwriting|auto` the handwriting reader beside
/// it, one of each per worker; and how both read PDF pages.
enum Readers {
    /// A recogniser for `options`, with the handwriting reader when `options.lineChoice` asks
    /// for it. Its files missing or altered is a missing dependency (69), named in one line.
    static func recogniser(_ options: OCROptions) throws -> Recogniser {
        let recogniser = try Recogniser(options: options)
        guard options.lineChoice != .tesseract else { return recogniser }
        let folder = HandwritingModel.Files.defaultFolder(
            executable: DesktopCommands.ownPath(), environment: ProcessInfo.processInfo.environment)
        do {
            let model = try HandwritingModel(files: HandwritingModel.Files(folder: folder))
            let paths = WordList.debianPaths(forLanguages: options.languages)
            let words = try paths.isEmpty ? nil : WordList.load(paths: paths)
            recogniser.lineReader = HandwritingLineReader(model: model, words: words)
        } catch {
            // A model file or a word list: each failure is one line naming the file.
            throw CLIError(code: 69, message: String(describing: error))
        }
        return recogniser
    }

    /// PDF pages are read by this executable again, one process a page, bounded in memory and
    /// by the page's deadline (`Docs/PDF.md`, "Bounds on reading a page").
    static func pdfDrawing(_ options: OCROptions) -> PageDrawing {
        .isolated(executable: DesktopCommands.ownPath(), limits: DrawingLimits(seconds: options.timeoutSeconds))
    }
}
