import Foundation

/// Checks a `.traineddata` file's table of contents before Tesseract loads it.
///
/// libtesseract does not survive a damaged model: given a file of text named
/// `eng.traineddata`, `TessBaseAPIInit3` aborted the process with `std::bad_alloc` or a null
/// dereference instead of returning an error (seen in `BadInputTests`). The format
/// (TessdataManager) starts with an `Int32` entry count followed by that many `Int64` offsets,
/// each -1 (component absent) or a position inside the file, in increasing order. Debian's
/// `eng.traineddata` has 24 entries, `osd` 11.
enum TrainedDataCheck {
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

    /// The index of the LSTM network in the table of contents (TessdataType `TESSDATA_LSTM`).
    static let lstmComponent = 17

    /// Whether the table of contents of the file at `path`, already checked by
    /// ``problem(atPath:)``, lists component `index`.
    static func hasComponent(_ index: Int, atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return false }
        let count = Int(Int32(littleEndian: head.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }))
        guard index < count, (try? handle.seek(toOffset: UInt64(4 + 8 * index))) != nil,
            let entry = try? handle.read(upToCount: 8), entry.count == 8
        else { return false }
        return Int64(littleEndian: entry.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }) != -1
    }
}
