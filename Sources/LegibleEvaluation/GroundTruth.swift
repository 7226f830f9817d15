import Foundation
import LegibleLayout

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Loads ground truth: `Scans/*.gt.json` written by `Tools/make-scans` (lines and words with
/// boxes) and ALTO files (line boxes and `String` contents, e.g. `../shared/corpus/real/`).
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

    static func alto(_ data: Data, name: String) throws -> ScoredPage {
        let reader = ALTOLineReader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            throw LoadError(
                description: "\(name): malformed ALTO at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "parse error")")
        }
        return ScoredPage(lines: reader.lines, wordBoxes: [])
    }
}

/// Collects `TextLine` boxes and their `String CONTENT`s in document order.
final class ALTOLineReader: NSObject, XMLParserDelegate {
    var lines: [ScoredPage.TextLine] = []
    private var current: (box: PixelBox, words: [String])?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = elementName.split(separator: ":").last.map(String.init) ?? elementName
        func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? 0 }
        if name == "TextLine" {
            current = (PixelBox(x: number("HPOS"), y: number("VPOS"), width: number("WIDTH"), height: number("HEIGHT")), [])
        } else if name == "String", let content = attributes["CONTENT"] {
            current?.words.append(content)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = elementName.split(separator: ":").last.map(String.init) ?? elementName
        if name == "TextLine", let line = current {
            lines.append(ScoredPage.TextLine(text: line.words.joined(separator: " "), box: line.box))
            current = nil
        }
    }
}
