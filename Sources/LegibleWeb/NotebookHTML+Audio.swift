import Foundation
import LegiblePages
import LegibleTextInput

/// One page's spoken read-all for the HTML notebook (`Docs/Web.md`, "Read aloud"): where its
/// audio is and when each word is heard.
public struct PageAudio: Sendable, Equatable {
    /// One word as heard.
    public struct Word: Sendable, Equatable {
        /// `[start, end)` in UTF-16 units of the page's reading text; nil for an announcement's word.
        public var range: Range<Int>?
        /// When it starts and ends, milliseconds from the audio's start.
        public var start: Int
        /// When it ends, milliseconds.
        public var end: Int

        /// A word heard from `start` to `end` (milliseconds), reading `range` (UTF-16).
        public init(range: Range<Int>?, start: Int, end: Int) {
            (self.range, self.start, self.end) = (range, start, end)
        }
    }

    /// The audio file as an `src` value, relative to the document.
    public var source: String
    /// The words in the order heard.
    public var words: [Word]

    /// The audio at `source` (a relative URL) with its `words`.
    public init(source: String, words: [Word]) {
        (self.source, self.words) = (source, words)
    }
}

extension NotebookHTML {
    /// The timings as JSON for the script: per page, its words as `[start, end, from, to,
    /// sentence, uncertain]` (UTF-16 range, or -1 and -1 for an announcement's word;
    /// milliseconds; 1 where a sentence starts, from the page's sentence units; 1 for a word
    /// that overlaps an uncertain word, `Docs/Web.md`, "Read aloud"), or null for a page without
    /// audio.
    func timingsJSON() -> String {
        let pages = notebook.pages.indices.map { index -> String in
            guard audio.indices.contains(index), let page = audio[index] else { return "null" }
            let scanned = notebook.pages[index]
            let sentences = scanned.tokenizer.units(for: .sentence).starts
            // The page's uncertain words once, not once for each spoken word.
            let doubtful = scanned.uncertainRanges
            var lastSentence = -2
            let words = page.words.map { word -> String in
                let sentence = word.range.map { TextUnits.lastIndex(in: sentences, atMost: $0.lowerBound) } ?? -1
                defer { lastSentence = sentence }
                let starts = sentence != lastSentence ? 1 : 0
                let uncertain =
                    word.range.map { ScannedPage.isUncertain(TextRange($0.lowerBound, $0.upperBound), among: doubtful) } ?? false
                return
                    "[\(word.range?.lowerBound ?? -1),\(word.range?.upperBound ?? -1),\(word.start),\(word.end),\(starts),\(uncertain ? 1 : 0)]"
            }
            return "[" + words.joined(separator: ",") + "]"
        }
        return "{\"pages\":[" + pages.joined(separator: ",") + "]}"
    }

    /// Page `index`'s audio element, none without audio.
    func audioElement(_ index: Int) -> String {
        guard audio.indices.contains(index), let page = audio[index] else { return "" }
        return "<audio preload=\"metadata\" data-page=\"\(index)\" src=\"\(HTMLText.attribute(page.source))\"></audio>\n"
    }

    /// The read-aloud controls (`Docs/Web.md`, "Read aloud"), when any page has audio.
    func readAloudTools() -> String {
        guard audio.contains(where: { $0 != nil }) else { return "" }
        return """
            <div class="tools" role="group" aria-label="Read aloud">
            <button type="button" id="read-aloud" aria-keyshortcuts="Alt+Shift+N">Read aloud</button>
            <button type="button" id="previous-sentence" aria-keyshortcuts="Alt+Shift+PageUp">Previous sentence</button>
            <button type="button" id="next-sentence" aria-keyshortcuts="Alt+Shift+PageDown">Next sentence</button>
            </div>

            """
    }

    /// The script's timings, inert JSON, when any page has audio.
    func timingsScript() -> String {
        guard audio.contains(where: { $0 != nil }) else { return "" }
        return "<script type=\"application/json\" id=\"timings\">\(timingsJSON())</script>\n"
            + "<script>\(Self.readAloudScript)</script>\n"
    }
}
