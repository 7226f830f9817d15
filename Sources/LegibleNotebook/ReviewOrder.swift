import Foundation
import LegibleLayout
import LegiblePages

/// The order in which a helper should correct a notebook (`Docs/Recognition.md`, "Uncertain
/// words"): its pages, and the lines of each, by how much uncertain text they hold, worst
/// first, so that ten minutes of correcting go where they matter most. What `legible review`
/// prints.
public enum ReviewOrder {
    /// One line that holds uncertain words.
    public struct LineEntry: Codable, Sendable, Equatable {
        /// The line's number on its page, from 1, in reading order.
        public var line: Int
        /// How many of its words are uncertain.
        public var uncertainWords: Int
        /// How many characters (grapheme clusters) those words hold.
        public var uncertainCharacters: Int
        /// The line's text as read now.
        public var text: String
    }

    /// One page document.
    public struct PageEntry: Codable, Sendable, Equatable {
        /// The document's path, as given or found in the folder given.
        public var document: String
        /// How many words it has, and how many are uncertain.
        public var words: Int
        /// How many of them are uncertain.
        public var uncertainWords: Int
        /// How many characters (grapheme clusters) the uncertain words hold.
        public var uncertainCharacters: Int
        /// Its lines that hold uncertain words, the most uncertain characters first (reading
        /// order between equals).
        public var lines: [LineEntry]
    }

    /// The documents named by `paths` (files, or folders of `*.json`), the pages with most
    /// uncertain characters first (then by name); pages with none come last.
    /// - Throws: a one-line error for a document that cannot be read or does not validate.
    public static func pages(_ paths: [String]) throws -> [PageEntry] {
        let entries = try PageDocuments.paths(paths).map { try entry(PageDocuments.load($0).layout, document: $0) }
        return entries.enumerated().sorted { a, b in
            a.element.uncertainCharacters != b.element.uncertainCharacters
                ? a.element.uncertainCharacters > b.element.uncertainCharacters : a.offset < b.offset
        }.map(\.element)
    }

    /// The entry of one page's `layout`.
    public static func entry(_ layout: PageLayout, document: String) -> PageEntry {
        let units = Array(layout.text.utf16)
        func text(_ span: UTF16Span) -> String {
            String(decoding: units[max(0, span.start)..<min(units.count, span.end)], as: UTF16.self)
        }
        var lines: [LineEntry] = []
        for (index, line) in layout.lines.enumerated() {
            let uncertain = line.wordsOrWhole.filter(\.isUncertain)
            guard !uncertain.isEmpty else { continue }
            let characters = uncertain.reduce(0) { $0 + text($1.range).count }
            lines.append(
                LineEntry(line: index + 1, uncertainWords: uncertain.count, uncertainCharacters: characters, text: text(line.range)))
        }
        let words = layout.lines.reduce(0) { $0 + $1.wordsOrWhole.count }
        let ordered = lines.sorted {
            $0.uncertainCharacters != $1.uncertainCharacters ? $0.uncertainCharacters > $1.uncertainCharacters : $0.line < $1.line
        }
        return PageEntry(
            document: document, words: words, uncertainWords: lines.reduce(0) { $0 + $1.uncertainWords },
            uncertainCharacters: lines.reduce(0) { $0 + $1.uncertainCharacters }, lines: ordered)
    }
}
