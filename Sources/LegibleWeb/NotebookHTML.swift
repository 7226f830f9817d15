import Foundation
import LegibleLayout
import LegiblePages
import LegibleReading

/// A scanned notebook as one accessible HTML document (`Docs/Web.md`): every page's scan with
/// its reading text laid over the handwriting, so that any browser and screen reader reads it
/// line by line and heading by heading, and selection, find and copy land on the ink.
///
/// The document needs nothing from a network: its CSS and JavaScript are inline and the scans
/// are referenced by ``imageSources``. Geometry is written in page (image) pixels; one
/// transform per page scales the page to the window.
public struct NotebookHTML {
    /// The notebook: its pages and their regions (paragraphs, headings) in reading order.
    public let notebook: Notebook
    /// The document's title (`<title>` and `<h1>`).
    public var title: String
    /// Each page's image as an `src` attribute value (a relative URL or a `data:` URL), `nil`
    /// for a page shown without its scan; one entry per page.
    public var imageSources: [String?]
    /// Each page's spoken read-all, or nil; empty for a notebook without audio (`Docs/Web.md`,
    /// "Read aloud").
    public var audio: [PageAudio?]
    /// Each page's text checksum, written as `data-text-sha256` so that corrections made in the
    /// browser name the text they were made on (`Docs/Editing.md`, "Corrections files"); empty
    /// for none.
    public var textChecksums: [String]

    /// A document for `notebook` whose page `i` shows `imageSources[i]` and, when given, plays
    /// `audio[i]` and carries `textChecksums[i]`.
    public init(notebook: Notebook, title: String, imageSources: [String?], audio: [PageAudio?] = [], textChecksums: [String] = []) {
        self.notebook = notebook
        self.title = title
        self.imageSources = imageSources
        self.audio = audio
        self.textChecksums = textChecksums
    }

    /// The BCP 47 language of the document: the first page's first recognition language.
    public var language: String { LanguageTag.forLanguages(notebook.pages.first?.layout.engine?.languages) }

    /// The whole document, UTF-8 text.
    public func render() -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"\(HTMLText.attribute(language))\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>\(HTMLText.content(title))</title>\n<style>\(Self.style)\n\(Self.readerStyle)</style>\n</head>\n<body>\n"
        html += header()
        html += "<main id=\"notebook\" data-notebook=\"\(notebookIdentifier)\">\n"
        for index in notebook.pages.indices { html += page(index) }
        html +=
            "</main>\n" + readerView()
            + "<script>\(Self.script)</script>\n<script>\(Self.correctionsScript)</script>\n<script>\(Self.readerScript)</script>\n"
            + timingsScript()
        html += "</body>\n</html>\n"
        return html
    }

    /// The banner: the title, how to use the page, the clipping tools, the live region that
    /// announces saves, and the context menu.
    func header() -> String {
        """
        <header>
        <h1>\(HTMLText.content(title))</h1>
        <p class="help">The text of each scanned page lies over its handwriting: read, find, select and copy it as usual. \
        <b>Save selection</b> (Alt+Shift+S, or the context menu on a selection) keeps the selected text in this browser; \
        <b>Download clippings</b> saves every clipping as a file that <code>legible clippings --store FILE</code> lists.</p>
        <div class="tools" role="group" aria-label="Clippings">
        <button type="button" id="save-selection" aria-keyshortcuts="Alt+Shift+S">Save selection</button>
        <button type="button" id="download-clippings">Download clippings</button>
        <span id="status" role="status" aria-live="polite"></span>
        </div>
        \(uncertainTools())\(Self.correctionTools)\(readAloudTools())\(Self.readerTools)        <div id="menu" role="menu" aria-label="Selection" hidden><div role="menuitem" tabindex="-1" id="menu-save">Save selection</div><div role="menuitem" tabindex="-1" id="menu-correct">Correct selection</div></div>
        </header>

        """
    }

    /// The uncertain words' tool (`Docs/Web.md`, "Uncertain words"), when the notebook has any:
    /// how many, and a button that selects the next one.
    func uncertainTools() -> String {
        let count = notebook.pages.reduce(0) { $0 + $1.uncertainRanges.count }
        guard count > 0 else { return "" }
        return """
            <div class="tools" role="group" aria-label="Uncertain words">
            <button type="button" id="next-uncertain" aria-keyshortcuts="Alt+Shift+D">Next uncertain word</button>
            <span class="note">\(count) word\(count == 1 ? " is" : "s are") underlined as uncertain: more likely misread than not. \
            Check them against the handwriting.</span>
            </div>

            """
    }

    /// A stable name for the notebook's clippings in browser storage: FNV-1a (64-bit) of its
    /// pages' image hashes, or of their texts when a hash is missing.
    var notebookIdentifier: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for page in notebook.pages {
            for byte in (page.layout.image.sha256 ?? page.string).utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
