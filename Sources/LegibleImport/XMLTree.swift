import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A small element tree read with Foundation's `XMLParser` (libxml2), with each element's
/// position for error messages. No regular expressions over XML.
///
/// Hostile input is refused before parsing: any `<!ENTITY` declaration (billion-laughs
/// expansion bombs and external entities both need one; ALTO and hOCR never do), and external
/// entities are never resolved.
final class XMLElement {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    let line: Int
    let column: Int
    var children: [XMLElement] = []
    var text = ""

    init(name: String, namespace: String?, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// Children with the given local name.
    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// All descendants (depth first, document order) matching `predicate`.
    func descendants(where predicate: (XMLElement) -> Bool) -> [XMLElement] {
        var result: [XMLElement] = []
        for child in children {
            if predicate(child) { result.append(child) }
            result += child.descendants(where: predicate)
        }
        return result
    }

    /// Parses `data`; throws ``ImportError`` naming `file` and the position of the problem.
    static func parse(_ data: Data, file: String) throws -> XMLElement {
        // Refuse entity declarations before libxml2 sees them (expansion bombs, XXE).
        let prologue = data.prefix(64 * 1024)
        if let range = prologue.range(of: Data("<!ENTITY".utf8)) {
            let before = prologue[prologue.startIndex..<range.lowerBound]
            let line = before.filter { $0 == 0x0A }.count + 1
            throw ImportError(file: file, line: line, reason: "entity declarations are not allowed in layout files")
        }
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let error = builder.error { throw ImportError(file: file, line: error.line, column: error.column, reason: error.reason) }
        // Foundation's parser on Linux can report success for a document cut off inside an
        // element; an element still open at the end is malformed XML.
        if let open = builder.stack.last {
            throw ImportError(
                file: file, line: parser.lineNumber, column: parser.columnNumber,
                reason: "malformed XML (unclosed <\(open.name)> opened at line \(open.line))")
        }
        guard parsed, let root = builder.root else {
            let reason = (parser.parserError as NSError?).map { "malformed XML (\(Self.describe($0)))" } ?? "malformed XML"
            throw ImportError(file: file, line: parser.lineNumber, column: parser.columnNumber, reason: reason)
        }
        return root
    }

    static func describe(_ error: NSError) -> String {
        let message = (error.userInfo[NSLocalizedDescriptionKey] as? String) ?? ""
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.hasPrefix("The operation could not be completed") ? "libxml2 error \(error.code)" : trimmed
    }

    final class Builder: NSObject, XMLParserDelegate {
        var root: XMLElement?
        var stack: [XMLElement] = []
        var error: (line: Int, column: Int, reason: String)?
        /// Elements deeper than this are refused (a nesting bomb would exhaust the stack).
        static let maximumDepth = 256

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < Self.maximumDepth else {
                error = (parser.lineNumber, parser.columnNumber, "elements nested deeper than \(Self.maximumDepth)")
                parser.abortParsing()
                return
            }
            let element = XMLElement(
                name: elementName, namespace: namespaceURI?.isEmpty == false ? namespaceURI : nil, attributes: attributes,
                line: parser.lineNumber, column: parser.columnNumber)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
    }
}
