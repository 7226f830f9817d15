import Foundation
import LegibleImport
import LegibleLayout

/// Loads ground truth: `Scans/*.gt.json` written by `Tools/make-scans` (lines and words with
/// boxes) and ALTO files (line boxes and `String` contents, as in the real corpus of
/// `Docs/Architecture.md`, "Real corpus").
public enum GroundTruth {
    /// Why ground truth could not be read (one line).
    public struct LoadError: Error, CustomStringConvertible {
        /// The message.
        public var description: String
    }

    /// Reads a `.gt.json` or ALTO `.xml` file by its extension.
    public static func load(_ url: URL) throws -> ScoredPage {
        let data = try Data(contentsOf: url)
        return url.pathExtension.lowercased() == "xml"
            ? try alto(data, name: url.lastPathComponent) : try generated(data, name: url.lastPathComponent)
    }

    /// The truth file beside an image or page stem: `<stem>.gt.json`, else `<stem>.xml`.
    public static func file(forStem stem: String, in folder: URL) -> URL? {
        for name in ["\(stem).gt.json", "\(stem).xml"] {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    struct Generated: Decodable {
        struct Line: Decodable {
            var text: String
            var box: PixelBox
            var words: [Word]
        }
        struct Word: Decodable {
            var box: PixelBox
        }
        var lines: [Line]
    }

    static func generated(_ data: Data, name: String) throws -> ScoredPage {
        do {
            let truth = try JSONDecoder().decode(Generated.self, from: data)
            return ScoredPage(
                lines: truth.lines.map { ScoredPage.TextLine(text: $0.text, box: $0.box) },
                wordBoxes: truth.lines.flatMap { $0.words.map(\.box) })
        } catch {
            throw LoadError(description: "\(name): not a ground-truth file (\(error))")
        }
    }

    /// ALTO truth through the importer's ALTO parser: line boxes and texts. Word boxes are left
    /// out: eScriptorium writes one String per line, whose box is the line's.
    static func alto(_ data: Data, name: String) throws -> ScoredPage {
        do {
            let lines = try LayoutImporter.transcribedLines(data, file: name)
            return ScoredPage(lines: lines.map { ScoredPage.TextLine(text: $0.text, box: $0.box) }, wordBoxes: [])
        } catch let error as ImportError {
            throw LoadError(description: error.description)
        }
    }
}
