// The syntax half of ``StrictJSONDecoder``: strict RFC 8259 JSON read where it lies in the bytes,
// with no index or tree of the whole text (`Docs/PageDocument.md`, "Limits").

/// Why bytes are not strict JSON: what was expected and the byte offset (from 0) where it was not found.
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What the bytes lack at ``offset``, as a short phrase.
    var reason: String
    /// Offset in bytes from the start of the document.
    var offset: Int

    var description: String { "\(reason) at byte \(offset)" }
}

/// The names of one object seen so far while it is checked: compared pairwise while they are
/// as few as a page document's objects have, then kept as a set, so that an object of many
/// names costs linear time.
struct JSONNameSet {
    /// The number of names compared pairwise before a set is made.
    static let pairwiseLimit = 16
    /// The names, while they are fewer than ``pairwiseLimit``.
    var tokens: [JSONStringToken] = []
    /// Every name's text, from ``pairwiseLimit`` names on.
    var texts: Set<String>?
}

/// A string token: the bytes between its quotes, and whether any is an escape.
struct JSONStringToken {
    /// Offset of the first byte after the opening quote.
    var start: Int
    /// Offset of the closing quote.
    var end: Int
    /// Whether a backslash occurs between the quotes.
    var hasEscapes: Bool
}

/// A number token split into its parts, offsets into the document's bytes.
struct JSONNumberToken {
    /// Offset of the token's first byte (the minus sign, if any).
    var start: Int
    /// Offset just after the token.
    var end: Int
    /// Whether the token starts with `-`.
    var negative: Bool
    /// The digits before the decimal point.
    var integer: Range<Int>
    /// The digits after the decimal point (empty when there is none).
    var fraction: Range<Int>
    /// The exponent's value, saturated at ±1,000,000 (0 when there is none).
    var exponent: Int
}

/// Reads strict JSON from a document's bytes, which it does not own: a value is checked and
/// stepped over where it lies. Every function takes the offset of a token's first byte.
struct JSONScanner {
    /// The document's bytes; valid for the decoding call only.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Deepest nesting of arrays and objects accepted. Page documents nest eight deep; the bound
    /// keeps the recursion that checks a value within any thread's stack.
    static let maximumDepth = 128

    /// The byte at `offset`, or `nil` past the end.
    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The first offset at or after `offset` that is not JSON whitespace.
    func skipWhitespace(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
        return index
    }

    /// The offset of the first value: after a UTF-8 byte-order mark and whitespace.
    var documentStart: Int {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        return skipWhitespace(from: hasMark ? 3 : 0)
    }

    /// Checks the value at `offset` and returns the offset just after it.
    func skipValue(at offset: Int, depth: Int = 0) throws -> Int {
        guard let lead = byte(at: offset) else { throw JSONSyntaxError(reason: "the text ends where a value was expected", offset: offset) }
        switch lead {
        case UInt8(ascii: "{"): return try walkObject(at: offset, depth: depth + 1) { _, _ in }
        case UInt8(ascii: "["): return try walkArray(at: offset, depth: depth + 1) { _ in }
        case UInt8(ascii: "\""): return try string(at: offset).end + 1
        case UInt8(ascii: "t"): return try literal("true", at: offset)
        case UInt8(ascii: "f"): return try literal("false", at: offset)
        case UInt8(ascii: "n"): return try literal("null", at: offset)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(at: offset).end
        default: throw JSONSyntaxError(reason: "a value was expected", offset: offset)
        }
    }

    /// Checks the whole document: one value, then only whitespace. Returns the value's offset.
    func checkDocument() throws -> Int {
        let start = documentStart
        let end = skipWhitespace(from: try skipValue(at: start))
        guard end == bytes.count else { throw JSONSyntaxError(reason: "text follows the document", offset: end) }
        return start
    }

    /// Checks the object at `offset`, calling `member` with each name and the offset of its
    /// value, in order; returns the offset after its `}`.
    /// With `checked`, the object lies in a document ``checkDocument()`` accepted, and values
    /// are stepped over without being checked again.
    func walkObject(at offset: Int, depth: Int, checked: Bool = false, _ member: (JSONStringToken, Int) throws -> Void) throws -> Int {
        guard depth <= Self.maximumDepth else { throw JSONSyntaxError(reason: "nested deeper than \(Self.maximumDepth)", offset: offset) }
        var index = skipWhitespace(from: offset + 1)
        if byte(at: index) == UInt8(ascii: "}") { return index + 1 }
        var names = JSONNameSet()
        while true {
            guard byte(at: index) == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(reason: "a member name in quotes was expected", offset: index)
            }
            let name = checked ? checkedString(at: index) : try string(at: index)
            if !checked { try checkNew(name, among: &names) }
            index = skipWhitespace(from: name.end + 1)
            guard byte(at: index) == UInt8(ascii: ":") else { throw JSONSyntaxError(reason: "a colon was expected", offset: index) }
            let value = skipWhitespace(from: index + 1)
            try member(name, value)
            index = skipWhitespace(from: checked ? skipChecked(at: value) : try skipValue(at: value, depth: depth))
            let (next, closed) = try afterSeparator(at: index, closing: UInt8(ascii: "}"))
            if closed { return next }
            index = next
        }
    }

    /// Checks the array at `offset`, calling `element` with the offset of each element, in
    /// order; returns the offset after its `]`.
    /// With `checked`, as in ``walkObject(at:depth:checked:_:)``.
    func walkArray(at offset: Int, depth: Int, checked: Bool = false, _ element: (Int) throws -> Void) throws -> Int {
        guard depth <= Self.maximumDepth else { throw JSONSyntaxError(reason: "nested deeper than \(Self.maximumDepth)", offset: offset) }
        var index = skipWhitespace(from: offset + 1)
        if byte(at: index) == UInt8(ascii: "]") { return index + 1 }
        while true {
            try element(index)
            index = skipWhitespace(from: checked ? skipChecked(at: index) : try skipValue(at: index, depth: depth))
            let (next, closed) = try afterSeparator(at: index, closing: UInt8(ascii: "]"))
            if closed { return next }
            index = next
        }
    }

    /// After a member or element: the offset of the next one past a comma, or the offset after
    /// `closing` with `closed` set. A comma must be followed by another member or element.
    private func afterSeparator(at index: Int, closing: UInt8) throws -> (next: Int, closed: Bool) {
        switch byte(at: index) {
        case UInt8(ascii: ","):
            let next = skipWhitespace(from: index + 1)
            guard byte(at: next) != closing else { throw JSONSyntaxError(reason: "a comma is followed by no value", offset: next) }
            return (next, false)
        case closing: return (index + 1, true)
        default: throw JSONSyntaxError(reason: "a comma or \"\(Character(Unicode.Scalar(closing)))\" was expected", offset: index)
        }
    }

    /// Adds `name` to the names of the object being checked, refusing one given before: readers
    /// would take such an object differently (Foundation keeps the first, Python the last).
    private func checkNew(_ name: JSONStringToken, among seen: inout JSONNameSet) throws {
        let repeated: Bool
        if seen.texts != nil {
            repeated = !seen.texts!.insert(text(of: name)).inserted
        } else {
            repeated = seen.tokens.contains { sameText($0, name) }
            seen.tokens.append(name)
            if seen.tokens.count == JSONNameSet.pairwiseLimit { seen.texts = Set(seen.tokens.map(text(of:))) }
        }
        guard !repeated else { throw JSONSyntaxError(reason: "the name \"\(text(of: name))\" is given twice", offset: name.start - 1) }
    }

    /// Checks `word` (`true`, `false` or `null`) at `offset`; returns the offset after it.
    func literal(_ word: StaticString, at offset: Int) throws -> Int {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] })
        else { throw JSONSyntaxError(reason: "\"\(word)\" was expected", offset: offset) }
        return offset + count
    }

    /// The offset after the value at `offset` in a document ``checkDocument()`` accepted: its
    /// brackets counted and its strings stepped over, nothing checked again.
    func skipChecked(at offset: Int) -> Int {
        var index = offset
        var depth = 0
        repeat {
            switch bytes[index] {
            case UInt8(ascii: "\""): index = checkedString(at: index).end + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["): (depth, index) = (depth + 1, index + 1)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): (depth, index) = (depth - 1, index + 1)
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: index = scalarEnd(from: index)
            }
        } while depth > 0
        return index
    }

    /// The end of the number or literal at `offset` in a checked document.
    private func scalarEnd(from offset: Int) -> Int {
        var index = offset + 1
        while index < bytes.count, !Self.endsScalar[Int(bytes[index])] { index += 1 }
        return index
    }

    /// The bytes that end a number or literal: structure and whitespace.
    private static let endsScalar: [Bool] = (0...255).map { [0x2C, 0x5D, 0x7D, 0x20, 0x0A, 0x0D, 0x09, 0x3A].contains($0) }

    /// The string at `offset` in a checked document: its closing quote found, nothing checked.
    func checkedString(at offset: Int) -> JSONStringToken {
        var index = offset + 1
        var hasEscapes = false
        while bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") { (hasEscapes, index) = (true, index + 2) } else { index += 1 }
        }
        return JSONStringToken(start: offset + 1, end: index, hasEscapes: hasEscapes)
    }
}
