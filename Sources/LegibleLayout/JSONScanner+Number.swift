import Foundation

// JSON numbers: the grammar checked where the number lies; a `Double` read by `strtod`, an integer
// read exactly (`1.0` and `1e2` are integers, `1.5` is not), and any value a type cannot hold refused.
extension JSONScanner {
    /// Checks the number at `offset` against JSON's grammar and splits it into its parts.
    func number(at offset: Int) throws -> JSONNumberToken {
        var index = offset
        let negative = byte(at: index) == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        guard let first = byte(at: index), isDigit(first) else { throw JSONSyntaxError(reason: "a digit was expected", offset: index) }
        index = first == UInt8(ascii: "0") ? index + 1 : digits(from: index)
        if let next = byte(at: index), isDigit(next) {
            throw JSONSyntaxError(reason: "a number may not start with 0", offset: integerStart)
        }
        let integer = integerStart..<index
        var fraction = index..<index
        if byte(at: index) == UInt8(ascii: ".") {
            index = digits(from: index + 1)
            fraction = (fraction.lowerBound + 1)..<index
            guard !fraction.isEmpty else { throw JSONSyntaxError(reason: "a digit was expected after the decimal point", offset: index) }
        }
        var exponent = 0
        if byte(at: index) == UInt8(ascii: "e") || byte(at: index) == UInt8(ascii: "E") {
            (exponent, index) = try self.exponent(at: index + 1)
        }
        return JSONNumberToken(start: offset, end: index, negative: negative, integer: integer, fraction: fraction, exponent: exponent)
    }

    /// The signed exponent whose sign or first digit is at `offset` (saturated at ±1,000,000),
    /// and the offset after it.
    private func exponent(at offset: Int) throws -> (Int, Int) {
        var index = offset
        let sign = byte(at: index) == UInt8(ascii: "-") ? -1 : 1
        if byte(at: index) == UInt8(ascii: "-") || byte(at: index) == UInt8(ascii: "+") { index += 1 }
        let end = digits(from: index)
        guard end > index else { throw JSONSyntaxError(reason: "a digit was expected in the exponent", offset: index) }
        let magnitude = (index..<end).reduce(0) { min($0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")), 1_000_000) }
        return (sign * magnitude, end)
    }

    /// Whether `byte` is an ASCII digit.
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The offset after the run of digits starting at `offset`.
    private func digits(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// The number as the nearest `Double`, or `nil` when it is too large for one, or so small
    /// that it would read as zero.
    func double(_ token: JSONNumberToken) -> Double? {
        let count = token.end - token.start
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            for index in 0..<count { buffer[index] = CChar(bitPattern: bytes[token.start + index]) }
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
        guard value.isFinite, value != 0 || writesZero(token) else { return nil }
        return value
    }

    /// Whether every digit of `token`'s mantissa is 0.
    private func writesZero(_ token: JSONNumberToken) -> Bool {
        token.integer.allSatisfy { bytes[$0] == UInt8(ascii: "0") } && token.fraction.allSatisfy { bytes[$0] == UInt8(ascii: "0") }
    }

    /// The number as a `T` when it is a whole number `T` holds exactly, else `nil`. Its digits
    /// are read where they lie: a mantissa of millions of digits costs time, never memory.
    func integer<T: FixedWidthInteger>(_ token: JSONNumberToken, as type: T.Type) -> T? {
        // Most integers in a page document are short and plain.
        if token.fraction.isEmpty, token.exponent == 0, token.integer.count <= 18 {
            let magnitude = token.integer.reduce(Int64(0)) { $0 * 10 + Int64(bytes[$1] - UInt8(ascii: "0")) }
            return T(exactly: token.negative ? -magnitude : magnitude)
        }
        // The mantissa's digits, the integer part's then the fraction's, by their index.
        let count = token.integer.count + token.fraction.count
        func digit(_ index: Int) -> UInt64 {
            let offset =
                index < token.integer.count ? token.integer.lowerBound + index : token.fraction.lowerBound + index - token.integer.count
            return UInt64(bytes[offset] - UInt8(ascii: "0"))
        }
        guard let first = (0..<count).first(where: { digit($0) != 0 }) else { return 0 }
        // Below the units the digits must all be zeros; above them, zeros follow.
        let scale = token.exponent - token.fraction.count
        let end = count + min(scale, 0)
        guard end > first, (end..<count).allSatisfy({ digit($0) == 0 }), end - first + max(scale, 0) <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for index in 0..<(end - first + max(scale, 0)) {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(first + index < end ? digit(first + index) : 0)
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        guard token.negative else { return T(exactly: magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return T(exactly: magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
    }
}
