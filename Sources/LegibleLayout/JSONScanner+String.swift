// JSON strings: checked as well-formed UTF-8 whose escapes name Unicode scalars, so that what is
// decoded is exactly one Swift `String` (`Docs/PageDocument.md`, "Limits").
extension JSONScanner {
    /// Checks the string whose opening quote is at `offset`: no control character, only JSON's
    /// escapes, `\u` surrogates in pairs, well-formed UTF-8.
    func string(at offset: Int) throws -> JSONStringToken {
        var index = offset + 1
        var hasEscapes = false
        while true {
            guard let lead = byte(at: index) else { throw JSONSyntaxError(reason: "a string is not closed", offset: offset) }
            switch lead {
            case UInt8(ascii: "\""): return JSONStringToken(start: offset + 1, end: index, hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                index = try escape(at: index).end
            case 0..<0x20: throw JSONSyntaxError(reason: "a control character in a string must be escaped", offset: index)
            case 0x20..<0x80: index += 1
            default: index = try utf8Sequence(at: index)
            }
        }
    }

    /// The scalar (or UTF-16 unit, for a lone surrogate) the escape at `offset` names, and the
    /// offset after it. A `\u` high surrogate must be followed by a `\u` low surrogate.
    func escape(at offset: Int) throws -> (scalar: Unicode.Scalar, end: Int) {
        guard let kind = byte(at: offset + 1) else { throw JSONSyntaxError(reason: "a string is not closed", offset: offset) }
        if let scalar = Self.simpleEscapes[kind] { return (scalar, offset + 2) }
        guard kind == UInt8(ascii: "u") else { throw JSONSyntaxError(reason: "not a JSON escape", offset: offset) }
        let unit = try hexUnit(at: offset + 2)
        if let scalar = Unicode.Scalar(unit) { return (scalar, offset + 6) }
        guard unit < 0xDC00, byte(at: offset + 6) == UInt8(ascii: "\\"), byte(at: offset + 7) == UInt8(ascii: "u") else {
            throw JSONSyntaxError(reason: "a \\u escape names half of a surrogate pair alone", offset: offset)
        }
        let low = try hexUnit(at: offset + 8)
        guard (0xDC00..<0xE000).contains(low) else {
            throw JSONSyntaxError(reason: "a \\u escape names half of a surrogate pair alone", offset: offset)
        }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return (Unicode.Scalar(value)!, offset + 12)
    }

    /// The scalar each one-letter escape stands for, by the letter after the backslash.
    private static let simpleEscapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
        UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
    ]

    /// The UTF-16 unit written as four hex digits at `offset`.
    private func hexUnit(at offset: Int) throws -> UInt16 {
        var unit: UInt16 = 0
        for index in offset..<offset + 4 {
            guard let digit = byte(at: index).flatMap({ Character(Unicode.Scalar($0)).hexDigitValue }) else {
                throw JSONSyntaxError(reason: "a \\u escape needs four hex digits", offset: index)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Checks the multi-byte UTF-8 sequence at `offset` (Unicode's table 3-7: no overlong form,
    /// no surrogate, nothing past U+10FFFF); returns the offset after it.
    private func utf8Sequence(at offset: Int) throws -> Int {
        let lead = bytes[offset]
        let (length, second): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xE1...0xEF: (3, 0x80...0xBF)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0...0)
            }
        guard length > 0, let next = byte(at: offset + 1), second.contains(next),
            (2..<length).allSatisfy({ byte(at: offset + $0).map { (0x80...0xBF).contains($0) } ?? false })
        else { throw JSONSyntaxError(reason: "the bytes are not well-formed UTF-8", offset: offset) }
        return offset + length
    }

    /// The text of a string checked by ``string(at:)``: its escapes written out as UTF-8 into
    /// one buffer, made a `String` once.
    func text(of token: JSONStringToken) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var index = token.start
        while index < token.end {
            if bytes[index] == UInt8(ascii: "\\"), let escaped = try? escape(at: index) {
                UTF8.encode(escaped.scalar) { utf8.append($0) }
                index = escaped.end
            } else {
                utf8.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Whether the string `token` holds exactly `name`, without making a `String` when it has no escape.
    func string(_ token: JSONStringToken, equals name: String) -> Bool {
        guard token.hasEscapes else { return UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]).elementsEqual(name.utf8) }
        return text(of: token) == name
    }

    /// Whether two strings hold the same text, compared byte for byte when neither has an escape.
    func sameText(_ first: JSONStringToken, _ second: JSONStringToken) -> Bool {
        guard first.hasEscapes || second.hasEscapes else {
            return UnsafeBufferPointer(rebasing: bytes[first.start..<first.end]).elementsEqual(
                UnsafeBufferPointer(rebasing: bytes[second.start..<second.end]))
        }
        return text(of: first) == text(of: second)
    }
}
