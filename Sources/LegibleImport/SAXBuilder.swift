import CStrictXML
import Foundation

/// Builds an ``XMLElement`` tree from the strict reader's callbacks (`CStrictXML`, the module's
/// one door to libxml2; `Docs/Import.md`, "Strict XML"). Every C string is copied into a Swift
/// `String` inside the callback that receives it; nothing from C outlives ``run(_:)``.
final class SAXBuilder {
    var root: XMLElement?
    var stack: [XMLElement] = []
    /// The first problem met: a refused declaration, a nesting bomb or libxml2's first error.
    var error: (line: Int, column: Int, reason: String)?

    /// Parses `data`, stopping at the first problem.
    func run(_ data: Data) {
        var callbacks = StrictXMLCallbacks(
            start_element: { context, name, uri, count, attributes, line, column in
                SAXBuilder.builder(context).start(name, uri, count, attributes, line, column)
            },
            end_element: { context in _ = SAXBuilder.builder(context).stack.popLast() },
            characters: { context, bytes, length in
                guard let bytes, length > 0 else { return }
                let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
                SAXBuilder.builder(context).stack.last?.text += text
            })
        var result = StrictXMLResult()
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = data.withUnsafeBytes { bytes in
            strict_xml_parse(bytes.bindMemory(to: CChar.self).baseAddress, bytes.count, &callbacks, context, &result)
        }
        guard status != 0, error == nil else { return }
        error = (Int(result.line), Int(result.column), Self.reason(result))
    }

    /// The one-line reason for how the C reader stopped.
    static func reason(_ result: StrictXMLResult) -> String {
        let name = withUnsafeBytes(of: result.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch result.stop {
        case StrictXMLStopEntity: return "entity declaration \"\(name)\": layout files may not declare entities"
        case StrictXMLStopNotation: return "notation declaration \"\(name)\": layout files may not declare notations"
        case StrictXMLStopDeclaration: return "declaration of \"\(name)\": layout files may not carry a DTD"
        default: return message.isEmpty ? "malformed XML" : "malformed XML (\(message))"
        }
    }

    static func builder(_ pointer: UnsafeMutableRawPointer?) -> SAXBuilder {
        Unmanaged<SAXBuilder>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Adds an element; returns non-zero (stop) for a nesting bomb or a second root.
    func start(
        _ name: UnsafePointer<CChar>?, _ uri: UnsafePointer<CChar>?, _ count: Int32,
        _ attributes: UnsafePointer<UnsafePointer<CChar>?>?, _ line: Int32, _ column: Int32
    ) -> Int32 {
        guard stack.count < XMLElement.maximumDepth else {
            error = (Int(line), Int(column), "elements nested deeper than \(XMLElement.maximumDepth)")
            return 1
        }
        guard !stack.isEmpty || root == nil else {
            error = (Int(line), Int(column), "malformed XML (a second root element)")
            return 1
        }
        var values: [String: String] = [:]
        for index in 0..<Int(count) {
            guard let key = attributes?[index * 2], let value = attributes?[index * 2 + 1] else { continue }
            values[String(cString: key)] = String(cString: value)
        }
        let namespace = uri.map { String(cString: $0) }
        let element = XMLElement(
            name: name.map { String(cString: $0) } ?? "", namespace: namespace?.isEmpty == false ? namespace : nil, attributes: values,
            line: Int(line), column: Int(column))
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
        return 0
    }
}
