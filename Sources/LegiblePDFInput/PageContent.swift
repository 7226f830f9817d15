import Foundation

/// What a page's content stream draws, as far as reading its scan needs to know
/// (`Docs/PDF.md`, "Reading scanned PDFs"): the XObjects it draws by name, and whether it
/// draws anything else. A page whose scan is passed through as stored must draw that image and
/// nothing more: a shape over the scan (a redaction), visible text, an inline image or a second
/// image would be shown by every viewer and missed by a reading of the stored bytes. Text in
/// rendering mode 3 (invisible, as a recognised PDF's text layer) paints nothing.
struct PageContent: Equatable {
    /// The names given to `Do`, in order.
    var drawn: [String] = []
    /// Whether the stream paints anything but XObjects: text, paths, shadings, inline images,
    /// or an operator this reading does not know.
    var drawsOtherThings = false

    /// The operators that paint nothing themselves: the graphics state, and marked content.
    static let harmless: Set<String> = [
        "q", "Q", "cm", "gs", "w", "J", "j", "M", "d", "ri", "i", "BMC", "BDC", "EMC", "MP", "DP", "BX", "EX",
    ]
    /// Keywords that are operands, not operators.
    static let operandKeywords: Set<String> = ["true", "false", "null"]
    /// The text operators that set or move, and those that show text: shown text paints
    /// nothing only in rendering mode 3, which a recognised PDF's text layer uses.
    static let textState: Set<String> = ["BT", "ET", "Tf", "Td", "TD", "Tm", "T*", "Tc", "Tw", "Tz", "TL", "Ts"]
    static let textShowing: Set<String> = ["Tj", "TJ", "'", "\""]

    /// Reads `bytes` (a page's content, its filters removed) token by token.
    init(_ bytes: Data) {
        var lexer = ContentLexer(Array(bytes))
        var lastName: String?
        var lastNumber: Double?
        // The text rendering mode, saved and restored with the graphics state.
        var rendering = [0.0]
        while let token = lexer.next(), !drawsOtherThings {
            switch token {
            case .name(let name): lastName = name
            case .number(let value): lastNumber = value
            case .operand: break
            case .keyword(let keyword) where Self.operandKeywords.contains(keyword): break
            case .keyword("Do"):
                if let name = lastName { drawn.append(name) } else { drawsOtherThings = true }
            case .keyword("q"): rendering.append(rendering.last ?? 0)
            case .keyword("Q"): if rendering.count > 1 { rendering.removeLast() }
            case .keyword("Tr"): rendering[rendering.count - 1] = lastNumber ?? 0
            case .keyword(let keyword) where Self.textShowing.contains(keyword): drawsOtherThings = rendering.last != 3
            case .keyword(let keyword) where Self.harmless.contains(keyword) || Self.textState.contains(keyword): break
            case .keyword, .unreadable: drawsOtherThings = true
            }
        }
    }
}

/// The tokens of a PDF content stream (ISO 32000-1, 7.2 and 7.8.2), without their values but
/// for names and keywords.
struct ContentLexer {
    enum Token: Equatable {
        case name(String)
        case keyword(String)
        /// A number, with its value when it reads as one.
        case number(Double?)
        /// A string, or an array or dictionary delimiter.
        case operand
        /// Bytes no content stream holds there (an unterminated string).
        case unreadable
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func isWhite(_ byte: UInt8) -> Bool { [0, 9, 10, 12, 13, 32].contains(byte) }
    static func isDelimiter(_ byte: UInt8) -> Bool { Array("()<>[]{}/%".utf8).contains(byte) }

    /// The next token, or nil at the end.
    mutating func next() -> Token? {
        skipWhiteAndComments()
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/"):
            index += 1
            return .name(String(decoding: regularRun(), as: UTF8.self))
        case UInt8(ascii: "("):
            return skipString() ? .operand : .unreadable
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "<") {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return .unreadable }
                index = end + 1
                return .operand
            }
            index += 1
            return .operand
        case UInt8(ascii: ")"):
            return .unreadable
        default:
            let run = regularRun()
            if let first = run.first,
                first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            {
                return .number(Double(String(decoding: run, as: UTF8.self)))
            }
            return .keyword(String(decoding: run, as: UTF8.self))
        }
    }

    private mutating func skipWhiteAndComments() {
        while index < bytes.count {
            if Self.isWhite(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            } else {
                return
            }
        }
    }

    /// The run of regular characters from here; empty only after a `/` (the empty name).
    private mutating func regularRun() -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, !Self.isWhite(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
        return bytes[start..<index]
    }

    /// Skips a literal string with nested parentheses and escapes; false when it never ends.
    private mutating func skipString() -> Bool {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }
}
