import Foundation
import LegibleLayout
import LegibleTextInput

/// One scanned notebook page exposed through the whole text-input contract
/// (`Docs/TextInputContract.md`), so a screen reader can read it line by line,
/// move by character, word, sentence, line and paragraph, select, and hit-test its handwriting.
///
/// Offsets are UTF-16 code units of the page's reading text. Geometry is in page coordinates:
/// the scanned image's pixels, origin top-left, y down. The page is read-only unless
/// ``isEditable`` is set: then the editing members correct the text on the ink
/// (`Docs/Editing.md`); otherwise they are no-ops, and the text changes only through
/// ``reload(with:)`` (a re-OCR).
///
/// Not thread-safe: use a page from one isolation domain (a UIKit host uses it on the main
/// actor, as `UITextInput` requires).
public final class ScannedPage: TextInput {
    /// The page document as it reads now: as loaded, re-read or edited. Built again after an
    /// edit when first asked for (O(page)); the editing members themselves never build it
    /// (`Docs/Editing.md`, "Typing on a long page").
    public var layout: PageLayout { index.layout }
    var index: PageIndex
    var selection: TextRange?
    private var pageTokenizer: PageTokenizer?
    /// The marked (composing) text's range while an input method composes.
    var marked: TextRange?
    /// Undo and redo, in groups (`Docs/Editing.md`, "Undo").
    var history = EditHistory()

    /// Whether the editing members change the text. `false` (the default): a read-only page,
    /// as a scan is until someone corrects it.
    public var isEditable = false

    /// Receives selection and text notifications; weak, set by the host (or a test spy).
    public weak var inputDelegate: (any TextInputDelegate)?

    /// Creates a page over a layout (a page document or a hand-built layout).
    public init(layout: PageLayout) {
        self.index = PageIndex(layout: layout)
    }

    /// Reads a page document (JSON); only the minimum fields of `Docs/PageDocument.md` are required.
    /// - Throws: ``PageDocumentError`` with a one-line description.
    public convenience init(documentData: Data) throws {
        self.init(layout: try PageLayout.decodeDocument(documentData))
    }

    /// Reads a page document from a file.
    /// - Throws: ``PageDocumentError``, or the file system's error when the file cannot be read.
    public convenience init(contentsOf url: URL) throws {
        self.init(layout: try PageLayout.decodeDocument(try Data(contentsOf: url)))
    }

    /// The reading text (built from the text alone after an edit, not from the page document).
    public var string: String { index.text }
    /// Length of the reading text in UTF-16 code units.
    public var length: Int { index.length }
    /// The page size in pixels, as a rect at the origin.
    public var bounds: CGRect { index.pageBounds }
    /// Number of OCR lines (the tokenizer's line units).
    public var lineCount: Int { index.lineCount }

    /// The tokenizer; its line units are the OCR lines, not newline-separated runs.
    public var tokenizer: StringTokenizer { layoutTokenizer }

    var layoutTokenizer: PageTokenizer {
        if let pageTokenizer { return pageTokenizer }
        let created = PageTokenizer(page: self)
        pageTokenizer = created
        return created
    }

    /// The page's grapheme clusters (shared with the tokenizer).
    var characters: TextUnits { layoutTokenizer.units(for: .character) }

    /// Replaces the page's layout (a re-OCR). Sends exactly one `textWillChange` /
    /// `textDidChange` pair and clamps the selection to the new text inside that bracket ("Selection notifications").
    /// A re-OCR is not an edit: it ends any composition and clears undo and redo.
    public func reload(with newLayout: PageLayout) {
        marked = nil
        history = EditHistory()
        install(newLayout) { page in page.selection.map(page.normalised) }
    }

    /// Puts `newLayout` in place inside one `textWillChange` / `textDidChange` pair, the
    /// selection set by `selecting` once the new text is in place.
    func install(_ newLayout: PageLayout, selecting: (ScannedPage) -> TextRange?) {
        changingText {
            index = PageIndex(layout: newLayout)
            selection = selecting(self)
        }
    }

    /// Runs `change`, which changes the text and places the selection (without the
    /// tokenizer's units, which are then out of date), inside one `textWillChange` /
    /// `textDidChange` pair.
    func changingText(_ change: () -> Void) {
        inputDelegate?.textWillChange(self)
        change()
        pageTokenizer?.invalidateUnits()
        inputDelegate?.textDidChange(self)
    }

    // MARK: Text ("Selection and read-only input")

    public func text(in range: TextRange) -> String? {
        guard range.start.offset >= 0 else { return nil }
        let lower = min(range.start.offset, length)
        let upper = min(range.end.offset, length)
        guard upper > lower else { return "" }
        // Decoding a slice that cuts a surrogate pair yields U+FFFD for the lone half, which is
        // one UTF-16 unit too, so the requested length is kept (case 11).
        return index.utf16.string(lower..<upper)
    }

    public var hasText: Bool { length > 0 }

    // MARK: Document ("Positions and ranges")

    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }
    public var endOfDocument: TextPosition { TextPosition(offset: length, affinity: .upstream) }
}
