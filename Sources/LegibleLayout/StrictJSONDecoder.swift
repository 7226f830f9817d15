import Foundation

/// Decodes a `Decodable` value from strict JSON (RFC 8259) where it lies in the bytes.
/// Foundation's `JSONDecoder` first indexes every value of the text, at about 24 bytes a value,
/// which held a page document at 8 to 10 times its size; here only the object being decoded has
/// its member names found, so memory is the bytes plus the value made (`Docs/PageDocument.md`,
/// "Limits").
///
/// It is stricter than `JSONDecoder`: it refuses a trailing comma, a bad escape or bad UTF-8
/// anywhere (not only in the fields read), a name given twice in one object, and nesting deeper
/// than ``JSONScanner/maximumDepth``. `Date`, `Data` and `URL` get no special form.
enum StrictJSONDecoder {
    /// The value of type `T` that `data` holds.
    /// - Throws: ``JSONSyntaxError`` when `data` is not strict JSON; `DecodingError` (with the
    ///   coding path) when it is JSON of the wrong shape.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try withDocument(data) { try T(from: $0) }
    }

    /// Checks `data` as strict JSON once, then gives `body` the decoder of its top value, from
    /// which several types may be decoded in turn. The decoder is valid inside `body` only.
    /// - Throws: ``JSONSyntaxError`` when `data` is not strict JSON; whatever `body` throws.
    static func withDocument<R>(_ data: Data, _ body: (JSONValueDecoder) throws -> R) throws -> R {
        try data.withUnsafeBytes { raw in
            let scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            let start = try scanner.checkDocument()
            return try body(JSONValueDecoder(scanner: scanner, offset: start, codingPath: []))
        }
    }
}

/// A `Decoder` for the checked JSON value at ``offset``.
struct JSONValueDecoder: Decoder {
    /// The bytes the value lies in.
    let scanner: JSONScanner
    /// Offset of the value's first byte.
    let offset: Int
    /// The keys and indices from the document's top to this value.
    let codingPath: [any CodingKey]
    /// Always empty: nothing configures this decoder.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard scanner.byte(at: offset) == UInt8(ascii: "{") else { throw mismatch([String: Any].self, expected: "an object") }
        return KeyedDecodingContainer(try JSONKeyedContainer<Key>(self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard scanner.byte(at: offset) == UInt8(ascii: "[") else { throw mismatch([Any].self, expected: "an array") }
        return JSONUnkeyedContainer(self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleValueContainer(decoder: self) }

    /// The decoder of the value at `offset`, reached by `key` from this one.
    func child(at offset: Int, key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(scanner: scanner, offset: offset, codingPath: codingPath + [key])
    }

    /// Whether the value is `null`.
    var isNull: Bool { scanner.byte(at: offset) == UInt8(ascii: "n") }

    /// The type mismatch of a value that is not `expected`; `null` is a missing value instead.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if isNull {
            return .valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "\(expected) was expected, not null"))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "\(expected) was expected"))
    }

    /// The value as a string.
    func string() throws -> String {
        guard scanner.byte(at: offset) == UInt8(ascii: "\"") else { throw mismatch(String.self, expected: "a string") }
        return scanner.text(of: scanner.checkedString(at: offset))
    }

    /// The value as `true` or `false`.
    func bool() throws -> Bool {
        switch scanner.byte(at: offset) {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw mismatch(Bool.self, expected: "true or false")
        }
    }

    /// The value as the nearest `Double`.
    func double() throws -> Double {
        let token = try numberToken(Double.self)
        guard let value = scanner.double(token) else { throw outOfRange(Double.self, token) }
        return value
    }

    /// The value as a whole number `T` holds exactly.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let token = try numberToken(T.self)
        guard let value = scanner.integer(token, as: T.self) else { throw outOfRange(T.self, token) }
        return value
    }

    /// The number token at ``offset``, or a type mismatch.
    private func numberToken(_ type: Any.Type) throws -> JSONNumberToken {
        guard let first = scanner.byte(at: offset), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else {
            throw mismatch(type, expected: "a number")
        }
        return try scanner.number(at: offset)  // Splits the checked token into its parts.
    }

    /// The error for a number that `type` cannot hold.
    private func outOfRange(_ type: Any.Type, _ token: JSONNumberToken) -> DecodingError {
        let written = String(
            decoding: UnsafeBufferPointer(rebasing: scanner.bytes[token.start..<min(token.end, token.start + 40)]), as: UTF8.self)
        return .dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "the number \(written) does not fit in \(type)"))
    }
}
