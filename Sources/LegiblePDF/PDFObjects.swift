import Foundation

/// The objects of one PDF file, numbered from 1, and their serialisation with a cross-reference
/// table (`Docs/PDF.md`, "File"). Objects are reserved first and filled later, so that objects
/// can refer to each other in any order. Nothing here parses a PDF: Legible writes PDF only.
struct PDFObjects {
    private var bodies: [Data?] = []

    /// A new object number, to be filled with ``set(_:_:)`` or ``set(_:stream:_:)``.
    mutating func reserve() -> Int {
        bodies.append(nil)
        return bodies.count
    }

    /// Fills object `number` with a dictionary, array or other direct value.
    mutating func set(_ number: Int, _ value: String) { bodies[number - 1] = Data(value.utf8) }

    /// Fills object `number` with a stream: `dictionary` holds the entries besides `/Length`.
    mutating func set(_ number: Int, stream dictionary: String, _ data: Data) {
        var body = Data("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8)
        body.append(data)
        body.append(Data("\nendstream".utf8))
        bodies[number - 1] = body
    }

    /// A new object holding `value`.
    mutating func add(_ value: String) -> Int {
        let number = reserve()
        set(number, value)
        return number
    }

    /// A new stream object whose data is compressed (`/FlateDecode`).
    mutating func add(compressed dictionary: String, _ data: Data) -> Int {
        add(stream: "\(dictionary) /Filter /FlateDecode", Deflate.compress(data))
    }

    /// A new stream object.
    mutating func add(stream dictionary: String, _ data: Data) -> Int {
        let number = reserve()
        set(number, stream: dictionary, data)
        return number
    }

    /// The whole file: header, objects, cross-reference table and trailer naming `root` and
    /// `info`, with a file identifier derived from the content.
    func file(root: Int, info: Int) -> Data {
        var output = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(output.count)
            output.append(Data("\(index + 1) 0 obj\n".utf8))
            output.append(body ?? Data("null".utf8))
            output.append(Data("\nendobj\n".utf8))
        }
        let table = output.count
        var xref = "xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset) }
        let identifier = PDFText.hex(Self.fingerprint(output))
        xref += "trailer\n<< /Size \(bodies.count + 1) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(identifier)> <\(identifier)>] >>\n"
        xref += "startxref\n\(table)\n%%EOF\n"
        output.append(Data(xref.utf8))
        return output
    }

    /// 16 bytes that change with the content (two FNV-1a hashes), for the file identifier.
    static func fingerprint(_ data: Data) -> [UInt8] {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in data {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
        return (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
    }
}

/// How values are written in a PDF file.
enum PDFText {
    /// A text string (titles, bookmarks): UTF-16BE with a byte-order mark, as hex.
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// Bytes as upper-case hex digits.
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// A number with at most three decimals and no trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A literal string of printable ASCII (language tags), escaped.
    static func asciiString(_ text: String) -> String {
        let safe = text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        var escaped = ""
        for scalar in safe {
            if scalar == "(" || scalar == ")" || scalar == "\\" { escaped.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return "(" + escaped + ")"
    }

    /// Text for XML (the XMP metadata).
    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
