// The three containers of ``StrictJSONDecoder``: each finds its values where they lie and decodes
// them through ``JSONValueDecoder``, so a primitive is read the same way in every container.

/// The key of an array element in a coding path.
struct JSONIndexKey: CodingKey {
    /// The element's index, from 0.
    var intValue: Int?
    /// `Index N`, as Foundation writes it.
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// An object's members, found when it is decoded: each name with the offset of its value.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The object's decoder.
    let decoder: JSONValueDecoder
    /// Each member's name and its value's offset, in document order; no name twice.
    let members: [(name: JSONStringToken, value: Int)]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: decoder.scanner.text(of: $0.name)) } }

    /// Finds the members of the object `decoder` is at, in a document already checked whole
    /// (no name twice, ``JSONScanner/walkObject(at:depth:checked:_:)``).
    init(_ decoder: JSONValueDecoder) throws {
        var members: [(name: JSONStringToken, value: Int)] = []
        _ = try decoder.scanner.walkObject(at: decoder.offset, depth: 0, checked: true) { name, value in members.append((name, value)) }
        self.decoder = decoder
        self.members = members
    }

    /// The decoder of the value named `key`.
    private func value(_ key: Key) throws -> JSONValueDecoder {
        guard let member = members.first(where: { decoder.scanner.string($0.name, equals: key.stringValue) }) else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return decoder.child(at: member.value, key: key)
    }

    func contains(_ key: Key) -> Bool { members.contains { decoder.scanner.string($0.name, equals: key.stringValue) } }
    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Float(from: value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: value(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try value(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { return decoder }
        return try value(key)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

/// An array's elements, read in order: each is stepped over once it has been handed out.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    /// The array's decoder.
    let decoder: JSONValueDecoder
    /// Offset of the next element, or of the closing `]`.
    private var position: Int
    /// The index of the next element, from 0.
    private(set) var currentIndex = 0

    init(_ decoder: JSONValueDecoder) {
        self.decoder = decoder
        position = decoder.scanner.skipWhitespace(from: decoder.offset + 1)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { decoder.scanner.byte(at: position) == UInt8(ascii: "]") }
    /// The number of elements, counted when asked (the array was checked whole before).
    var count: Int? {
        var elements = 0
        _ = try? decoder.scanner.walkArray(at: decoder.offset, depth: 0, checked: true) { _ in elements += 1 }
        return elements
    }

    /// The next element's decoder; the position moves past it.
    private mutating func next() throws -> JSONValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                DecodingError.Context(
                    codingPath: codingPath + [JSONIndexKey(currentIndex)], debugDescription: "the array has no more elements"))
        }
        let element = decoder.child(at: position, key: JSONIndexKey(currentIndex))
        let end = decoder.scanner.skipWhitespace(from: decoder.scanner.skipChecked(at: position))
        position = decoder.scanner.byte(at: end) == UInt8(ascii: ",") ? decoder.scanner.skipWhitespace(from: end + 1) : end
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.scanner.byte(at: position) == UInt8(ascii: "n") else { return false }
        _ = try next()
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().double() }
    mutating func decode(_ type: Float.Type) throws -> Float { try Float(from: next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// A single value: the decoder's own value.
struct JSONSingleValueContainer: SingleValueDecodingContainer {
    /// The value's decoder.
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ type: Float.Type) throws -> Float {
        let value = try decoder.double()
        guard Float(value).isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "the number \(value) does not fit in Float"))
        }
        return Float(value)
    }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}
