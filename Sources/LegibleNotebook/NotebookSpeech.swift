import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading

/// The notebook's read-all as speech pieces, page by page (`Docs/Speech.md`, "What is said"):
/// what `legible speak` speaks and what `legible html --audio` checks its timing maps against.
/// The read-all runs over a notebook of its own, linked and turning pages as `legible read
/// --all --speak-screen` reads it.
public enum NotebookSpeech {
    /// Each page's pieces of the whole read-all: the turn to the page ("Page 2 of 3"), which
    /// starts its audio, then its lines. Offsets in each piece's range are UTF-16 code units
    /// of that page's reading text.
    public static func pieces(of pages: [ScannedPage]) -> [[SpeechPiece]] {
        let reader = readerOver(pages)
        reader.readAll(.speakScreen)
        var pieces = Array(repeating: [SpeechPiece](), count: pages.count)
        var page = 0
        for utterance in reader.utterances {
            if case .pageTurn(let index) = utterance.kind { page = index }
            if let index = utterance.pageIndex { page = index }
            pieces[min(page, pieces.count - 1)].append(piece(utterance))
        }
        return pieces
    }

    /// Page `index`'s pieces alone (0-based), the same as `pieces(of: pages)[index]`: only that
    /// page's utterances are made, so speaking each page of a notebook in its own process does
    /// not run the whole read-all once a page.
    public static func pieces(ofPage index: Int, in pages: [ScannedPage]) -> [SpeechPiece] {
        let reader = readerOver(pages)
        reader.readAll(.speakScreen, page: index)
        return reader.utterances.map(piece)
    }

    /// A screen reader over a notebook of `pages`, linked, turning pages, saving nowhere.
    static func readerOver(_ pages: [ScannedPage]) -> ScreenReader {
        let notebook = Notebook(pages: pages)
        notebook.linkRegions()
        notebook.setPageTurning(true)
        return ScreenReader(notebook: notebook)
    }

    static func piece(_ utterance: ScreenReader.Utterance) -> SpeechPiece {
        SpeechPiece(text: utterance.text, range: utterance.range.map { $0.start.offset..<$0.end.offset })
    }

    /// Each page document's name without its extension, from its path: its audio is `NAME.opus` and
    /// its timing map `NAME.timing.json`. Two documents of one name would overwrite each
    /// other's audio, so that is refused (`usage`).
    public static func audioNames(_ paths: [String]) throws(NotebookError) -> [String] {
        let names = paths.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        if let repeated = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw NotebookError(.usage, "two page documents are named \(repeated): their audio would share one file")
        }
        return names
    }
}
