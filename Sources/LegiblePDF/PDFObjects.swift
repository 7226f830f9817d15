import Foundation
import LegibleLayout

/// The objects of one PDF file, numbered from 1, written as they are finished, then a
/// cross-reference table (`Docs/PDF.md`, "File"). Objects are reserved first and filled later,
/// so that objects can refer to each other in any order; ``flush(to:)`` writes every filled
/// object and forgets its body, so a file of many scans never has more than a page in memory.
/// Nothing here parses a PDF: Legible writes PDF only.
struct PDFObjects {
    /// Filled bodies not yet written.
    private var bodies: [Data?] = []
    /// Where each written object starts in the file.
    private var offsets: [Int?] = []
    /// Bytes written so far.
    private var written = 0
    /// Two FNV-1a hashes, for the file identifier, of each object's number, length and first
    /// 4 KiB, not every byte: the identifier need only tell files apart, and hashing every byte
    /// of the scans was a third of the time of a long PDF (`Docs/PDF.md`, "File").
    private var hashes: (UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4)

    /// A new object number, to be filled with ``set(_:_:)`` or ``set(_:stream:_:)``.
    mutating func reserve() -> Int {
        bodies.append(nil)
        offsets.append(nil)
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

    /// Writes the header (first time) and every filled object not yet written.
    mutating func flush(to sink: (Data) throws -> Void) rethrows {
        if written == 0 { try emit(Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8), to: sink) }
        for index in bodies.indices where offsets[index] == nil {
            guard let body = bodies[index] else { continue }
            offsets[index] = written
            absorb(Data("\(index + 1) \(body.count)".utf8) + body.prefix(4096))
            try emit(Data("\(index + 1) 0 obj\n".utf8), to: sink)
            try emit(body, to: sink)
            try emit(Data("\nendobj\n".utf8), to: sink)
            bodies[index] = nil
        }
    }

    /// Writes what is left, the cross-reference table and the trailer naming `root` and `info`,
    /// with a file identifier derived from the content. An object reserved and never filled is
    /// written as `null`.
    mutating func finish(root: Int, info: Int, to sink: (Data) throws -> Void) rethrows {
        for index in bodies.indices where offsets[index] == nil && bodies[index] == nil { bodies[index] = Data("null".utf8) }
        try flush(to: sink)
        let table = written
        var xref = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset ?? 0) }
        let identifier = PDFText.hex(fingerprint)
        xref += "trailer\n<< /Size \(offsets.count + 1) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(identifier)> <\(identifier)>] >>\n"
        xref += "startxref\n\(table)\n%%EOF\n"
        try emit(Data(xref.utf8), to: sink)
    }

    private mutating func emit(_ data: Data, to sink: (Data) throws -> Void) rethrows {
        written += data.count
        try sink(data)
    }

    /// Feeds `data` to the identifier's hashes.
    private mutating func absorb(_ data: Data) {
        for byte in data {
            hashes.0 = (hashes.0 ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            hashes.1 = (hashes.1 ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
    }

    /// 16 bytes that change with the objects written so far.
    private var fingerprint: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: hashes.0 >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: hashes.1 >> (8 * $0)) }
    }
}

/// How values are written in a PDF file.
enum PDFText {
    /// A text string (titles, bookmarks): UTF-16BE with a byte-order mark, as hex.
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// A text string as a literal when it is printable ASCII, which PDFDocEncoding shares and
    /// every reader shows as written; else as ``textString(_:)``.
    static func plainTextString(_ text: String) -> String {
        text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F } ? asciiString(text) : textString(text)
    }

    /// Bytes as upper-case hex digits.
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// A number with at most three decimals and no trailing zeros, as hOCR and ALTO write them
    /// (`format3`); 0 for a value that is not finite, which no PDF number may be.
    static func number(_ value: Double) -> String { value.isFinite ? format3(value) : "0" }

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

}
