import Foundation
import LegibleLayout
import LegibleReading
import Testing

@Suite("Clippings store")
struct ClippingsStoreTests {
    static func clipping(_ text: String) -> Clipping {
        Clipping(
            page: "p.png", pageSHA256: nil, pageIndex: 0, range: UTF16Span(0, text.utf16.count), text: text,
            rects: [PixelBox(x: 1, y: 2, width: 3, height: 4)])
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

    @Test("a line written by the earlier, untyped store reads back and writes again byte for byte")
    func formatUnchanged() throws {
        let line =
            #"{"id":"A","page":"p.png","pageIndex":2,"pageSHA256":"abc","range":[3,8],"rects":[[1,2,3,4],[5.5,6,7,8]],"savedAt":"2026-11-29T10:20:30Z","text":"Saved"}"#
        let store = ChicagoNotebook.temporaryStore()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((line + "\n").utf8).write(to: store.url)
        let clipping = try #require(try store.read().clippings.first)
        #expect(clipping.range == UTF16Span(3, 8) && clipping.pageIndex == 2)
        #expect(clipping.rects == [PixelBox(x: 1, y: 2, width: 3, height: 4), PixelBox(x: 5.5, y: 6, width: 7, height: 8)])
        #expect(clipping.savedAt == ISO8601DateFormatter().date(from: "2026-11-29T10:20:30Z"))
        try store.append(clipping)
        let lines = try String(contentsOf: store.url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines[1] == lines[0])
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
