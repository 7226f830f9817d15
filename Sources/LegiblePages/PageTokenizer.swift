import LegibleTextInput

/// The page's tokenizer: a ``StringTokenizer`` whose `.line` units are the OCR lines, each
/// extended to the next line's start so that lines tile the text (`Docs/TextInputContract.md`, "Granularities": line), and whose
/// `.paragraph` units are the page document's paragraphs. Every other granularity is
/// inherited unchanged — the subclassing pattern `UITextInputStringTokenizer` documents.
final class PageTokenizer: StringTokenizer {
    private weak var page: ScannedPage?

    init(page: ScannedPage) {
        self.page = page
        super.init(textInput: page)
    }

    /// The page's own units, copied out of its text once after each change: no string is
    /// built and decoded again for the tokenizer.
    override var utf16: [UInt16] {
        if let copied { return copied }
        let units = page?.index.utf16.array ?? []
        copied = units
        return units
    }
    private var copied: [UInt16]?

    override func invalidateUnits() {
        copied = nil
        super.invalidateUnits()
    }

    override func units(for granularity: TextGranularity) -> TextUnits {
        guard let page, granularity == .line || granularity == .paragraph else {
            return super.units(for: granularity)
        }
        return granularity == .line ? page.index.lineUnits : page.index.paragraphUnits
    }
}
