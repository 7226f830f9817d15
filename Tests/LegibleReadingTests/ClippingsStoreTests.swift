import Foundation
import LegibleReading
import Testing

@Suite("Clippings store")
struct ClippingsStoreTests {
    static func clipping(_ text: String) -> Clipping {
        Clipping(page: "p.png", pageSHA256: nil, pageIndex: 0, range: [0, text.utf16.count], text: text, rects: [[1, 2, 3, 4]])
    }

    @Test("appends are complete JSON lines that read back in order")
    func appendAndRead() throws {
        let store = ChicagoNotebook.temporaryStore()
        for text in ["one", "two \"quoted\"\nnewline", "three ✓"] { try store.append(Self.clipping(text)) }
        let contents = try store.read()
        #expect(contents.clippings.map(\.text) == ["one", "two \"quoted\"\nnewline", "three ✓"])
        #expect(contents.tornTailBytes == 0 && contents.invalidLines.isEmpty)
        let bytes = try Data(contentsOf: store.url)
        #expect(bytes.filter { $0 == 0x0A }.count == 3)
    }

    @Test("a torn last line is reported, repaired, and no earlier entry is lost")
    func tornTail() throws {
        let store = ChicagoNotebook.temporaryStore()
        try store.append(Self.clipping("kept 1"))
        try store.append(Self.clipping("kept 2"))
        // A writer killed mid-write leaves half a line.
        let handle = try FileHandle(forWritingTo: store.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"id\":\"torn\",\"text\":\"half".utf8))
        try handle.close()
        let before = try store.read()
        #expect(before.clippings.map(\.text) == ["kept 1", "kept 2"])
        #expect(before.tornTailBytes == 25)
        #expect(try store.repair() == 25)
        #expect(try store.read().tornTailBytes == 0)
        // The next append repairs by itself too.
        try Data("{\"partial".utf8).append(to: store.url)
        #expect(try store.append(Self.clipping("kept 3")) == 9)
        #expect(try store.read().clippings.map(\.text) == ["kept 1", "kept 2", "kept 3"])
    }
}

extension Data {
    func append(to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: self)
        try handle.close()
    }
}
