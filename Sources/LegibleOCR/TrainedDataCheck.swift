import Foundation

/// Checks a `.traineddata` file's table of contents before Tesseract loads it.
///
/// libtesseract does not survive a damaged model: given a file of text named
/// `eng.traineddata`, `TessBaseAPIInit3` aborted the process with `std::bad_alloc` or a null
/// dereference instead of returning an error (seen in `BadInputTests`). The format
/// (TessdataManager) starts with an `Int32` entry count followed by that many `Int64` offsets,
/// each -1 (component absent) or a position inside the file, in increasing order. Debian's
/// `eng.traineddata` has 24 entries, `osd` 11.
package enum TrainedDataCheck {
    static func problem(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read" }
        defer { try? handle.close() }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue else {
            return "cannot be read"
        }
        guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return "shorter than its header" }
        let count = Int(Int32(littleEndian: head.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        guard (1...64).contains(count) else { return "its header claims \(count) components" }
        let tableSize = 4 + 8 * count
        guard size > tableSize, let table = try? handle.read(upToCount: 8 * count), table.count == 8 * count else {
            return "shorter than its table of contents"
        }
        var previous = tableSize - 1
        var present = 0
        for index in 0..<count {
            let offset = Int(Int64(littleEndian: table.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: Int64.self) }))
            if offset == -1 { continue }
            guard offset > previous, offset < size else { return "component \(index) lies at \(offset), outside the \(size)-byte file" }
            previous = offset
            present += 1
        }
        return present == 0 ? "it holds no components" : nil
    }

    /// What is wrong with the table of contents of a model held in `bytes`, nil when it is
    /// sound: the same checks as ``problem(atPath:)``, on bytes already read and checked.
    package static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return "shorter than its header" }
        let count = Int(Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        guard (1...64).contains(count) else { return "its header claims \(count) components" }
        let tableSize = 4 + 8 * count
        guard bytes.count > tableSize else { return "shorter than its table of contents" }
        var (previous, present) = (tableSize - 1, 0)
        for index in 0..<count {
            let offset = Int(offset(of: index, in: bytes))
            if offset == -1 { continue }
            guard offset > previous, offset < bytes.count else {
                return "component \(index) lies at \(offset), outside the \(bytes.count)-byte file"
            }
            previous = offset
            present += 1
        }
        return present == 0 ? "it holds no components" : nil
    }

    /// The offset the table of contents in `bytes` gives component `index` (-1: absent); the
    /// table must have been checked by ``problem(in:)``.
    static func offset(of index: Int, in bytes: [UInt8]) -> Int64 {
        Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4 + 8 * index, as: Int64.self) })
    }

    /// Whether the checked table of contents in `bytes` lists component `index`.
    package static func hasComponent(_ index: Int, in bytes: [UInt8]) -> Bool {
        let count = Int(Int32(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        return index < count && offset(of: index, in: bytes) != -1
    }

    /// The index of the LSTM network in the table of contents (TessdataType `TESSDATA_LSTM`).
    package static let lstmComponent = 17
}
