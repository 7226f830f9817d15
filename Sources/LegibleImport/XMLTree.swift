import Foundation

/// A small element tree read with libxml2's SAX2 parser, with each element's position for error
/// messages. No regular expressions over XML. libxml2 is reached only through `CStrictXML`.
///
/// Strict by construction (`Docs/Import.md`, "Strict XML"):
/// - Any markup declaration — `<!ENTITY`, `<!ELEMENT`, `<!ATTLIST`, `<!NOTATION` — stops the
///   parse through libxml2's own declaration callbacks, in whatever encoding the file is
///   written. ALTO and hOCR never need one; expansion bombs and external entities always do. A
///   bare `<!DOCTYPE …>` line (Tesseract writes one in hOCR) is allowed: the external DTD it
///   names is never loaded and nothing is fetched from a network.
/// - Any well-formedness error (a stray end tag, a second root, text after the root, a file cut
///   off) is fatal; nothing is imported from a malformed file. libxml2's own message is kept.
/// - Elements nested deeper than ``maximumDepth`` are refused. Files up to
///   ``maximumBytes`` import, however long their text nodes.
final class XMLElement {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    let line: Int
    let column: Int
    var children: [XMLElement] = []
    var text = ""

    /// Elements deeper than this are refused (a nesting bomb would exhaust the stack).
    static let maximumDepth = 256
    /// The largest layout file read (documented in `Docs/CLI.md`): far above any real page.
    static let maximumBytes = 256 << 20

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
        guard data.count <= maximumBytes else {
            throw ImportError(
                file: file, reason: "the file is \(data.count >> 20) MiB; layout files are limited to \(maximumBytes >> 20) MiB")
        }
        let builder = SAXBuilder()
        builder.run(data)
        if let error = builder.error { throw ImportError(file: file, line: error.line, column: error.column, reason: error.reason) }
        guard let root = builder.root, builder.stack.isEmpty else {
            throw ImportError(file: file, reason: "malformed XML (the document has no complete root element)")
        }
        return root
    }
}
