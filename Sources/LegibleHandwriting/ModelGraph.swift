/// The few edits and reads the handwriting reader makes in the bytes of its ONNX model, a
/// protocol-buffers `ModelProto` (`Docs/Recognition.md`, "The writer's hand in the handwriting
/// reader"): a graph output added for the features under the model's last layer, that layer's
/// weights read, so a writer's own last layer can start from them, and written, so a hand head
/// is read by the network itself ("A French hand"). The model is pinned
/// by its SHA-256 before any of this runs; anything not as expected gives nil.
package enum ModelGraph {
    /// One field of a message: its number, its wire type, and where its value lies (for a
    /// length-delimited field, the payload without its length).
    struct Field {
        var number: Int
        var wireType: Int
        var value: Range<Int>
        /// The whole field, key included.
        var whole: Range<Int>
    }

    /// The fields of the message in `bytes[range]`, in order; nil when it is not well formed.
    static func fields(_ bytes: [UInt8], _ range: Range<Int>) -> [Field]? {
        var fields: [Field] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let start = index
            guard let key = varint(bytes, &index, end: range.upperBound), key >> 3 > 0 else { return nil }
            let wireType = Int(key & 7)
            let valueStart = index
            switch wireType {
            case 0: guard varint(bytes, &index, end: range.upperBound) != nil else { return nil }
            case 1: index += 8
            case 5: index += 4
            case 2:
                guard let length = varint(bytes, &index, end: range.upperBound), length <= UInt64(range.upperBound - index) else {
                    return nil
                }
                fields.append(
                    Field(number: Int(key >> 3), wireType: 2, value: index..<(index + Int(length)), whole: start..<(index + Int(length))))
                index += Int(length)
                continue
            default: return nil
            }
            guard index <= range.upperBound else { return nil }
            fields.append(Field(number: Int(key >> 3), wireType: wireType, value: valueStart..<index, whole: start..<index))
        }
        return fields
    }

    /// Reads a base-128 varint at `index`, moving past it.
    static func varint(_ bytes: [UInt8], _ index: inout Int, end: Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard index < end else { return nil }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }

    /// `value` as a base-128 varint.
    package static func encode(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var bytes: [UInt8] = []
        repeat {
            let low = UInt8(value & 0x7F)
            value >>= 7
            bytes.append(value == 0 ? low : low | 0x80)
        } while value != 0
        return bytes
    }

    /// A length-delimited field `number` holding `payload`.
    package static func message(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        encode(number << 3 | 2) + encode(payload.count) + payload
    }

    /// The model's graph (`ModelProto.graph`, field 7).
    static func graph(_ model: [UInt8]) -> Field? {
        fields(model, 0..<model.count)?.last { $0.number == 7 && $0.wireType == 2 }
    }

    /// `model` with a float tensor output named `name` added to its graph (`GraphProto.output`,
    /// field 12: a `ValueInfoProto` with the name and a float tensor type).
    static func addingOutput(_ name: String, to model: [UInt8]) -> [UInt8]? {
        guard let graph = graph(model) else { return nil }
        let tensorType = message(1, [0x08, 0x01])  // TypeProto.tensor_type { elem_type: FLOAT }
        let output = message(12, message(1, Array(name.utf8)) + message(2, tensorType))
        // Built in one buffer: the model is 21 MB, and each temporary copy would add to the
        // reader's peak memory.
        let key = encode(7 << 3 | 2) + encode(graph.value.count + output.count)
        var patched: [UInt8] = []
        patched.reserveCapacity(model.count + key.count + output.count)
        patched += model[..<graph.whole.lowerBound]
        patched += key
        patched += model[graph.value]
        patched += output
        patched += model[graph.whole.upperBound...]
        return patched
    }

    /// The float values and dimensions of the constant named `name` (``constantData(_:in:)``),
    /// stored as little-endian raw data.
    package static func constant(_ name: String, in model: [UInt8]) -> (dimensions: [Int], values: [Float])? {
        guard let (dimensions, raw) = constantData(name, in: model) else { return nil }
        let values = stride(from: raw.lowerBound, to: raw.upperBound, by: 4).map { offset in
            Float(
                bitPattern: UInt32(model[offset]) | UInt32(model[offset + 1]) << 8 | UInt32(model[offset + 2]) << 16 | UInt32(
                    model[offset + 3]) << 24)
        }
        return (dimensions, values)
    }

    /// Writes `values` over the constant named `name` in place; false, with `model` unchanged,
    /// when there is no such constant or it holds another number of values. The model's size
    /// and every other byte stay as they were.
    static func replaceConstant(_ name: String, with values: [Float], in model: inout [UInt8]) -> Bool {
        guard let (_, raw) = constantData(name, in: model), raw.count == values.count * 4 else { return false }
        for (index, value) in values.enumerated() {
            let bits = value.bitPattern
            for byte in 0..<4 { model[raw.lowerBound + 4 * index + byte] = UInt8(truncatingIfNeeded: bits >> UInt32(8 * byte)) }
        }
        return true
    }

    /// The dimensions of the constant named `name`, and where its raw data lies: the graph
    /// initializer of that name (`GraphProto.initializer`, field 5; `TensorProto.name`, field 8),
    /// where PP-OCRv6's converter stores weights.
    static func constantData(_ name: String, in model: [UInt8]) -> (dimensions: [Int], raw: Range<Int>)? {
        guard let graph = graph(model), let nodes = fields(model, graph.value) else { return nil }
        for tensor in nodes where tensor.number == 5 && tensor.wireType == 2 {
            guard let parts = fields(model, tensor.value),
                parts.contains(where: { $0.number == 8 && $0.wireType == 2 && model[$0.value].elementsEqual(name.utf8) })
            else { continue }
            return floats(model, tensor.value)
        }
        return nil
    }

    /// A `TensorProto` of floats with raw data: its dimensions (field 1) and where its values
    /// (field 9) lie.
    static func floats(_ bytes: [UInt8], _ range: Range<Int>) -> (dimensions: [Int], raw: Range<Int>)? {
        guard let parts = fields(bytes, range) else { return nil }
        var dimensions: [Int] = []
        for part in parts where part.number == 1 {
            var index = part.value.lowerBound
            while index < part.value.upperBound {
                guard let value = varint(bytes, &index, end: part.value.upperBound), value < 1 << 31 else { return nil }
                dimensions.append(Int(value))
            }
        }
        guard let raw = parts.last(where: { $0.number == 9 && $0.wireType == 2 }),
            raw.value.count == dimensions.reduce(1, *) * 4
        else { return nil }
        return (dimensions, raw.value)
    }
}
