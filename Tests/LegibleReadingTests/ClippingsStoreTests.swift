import Foundation
import LegibleLayout
import LegibleReading
import LegibleSystem
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

    @Test(
        "a failing write or fsync is reported as I/O, is not acknowledged, and loses no earlier clipping",
        arguments: [SystemCalls.Call.write, .fsync])
    func failingDisk(call: SystemCalls.Call) throws {
        let store = ChicagoNotebook.temporaryStore()
        try store.append(Self.clipping("kept"))
        let failing = ClippingsStore(url: store.url, calls: SystemCalls.live.failing(call, with: .noSpace))
        do {
            try failing.append(Self.clipping("lost"))
            Issue.record("the append did not fail")
        } catch let error as ClippingsStore.StoreError {
            #expect(error.kind == .io && error.description.contains(Errno.noSpace.description))
        }
        #expect(failing.lastAppended == nil && failing.lastFailure?.kind == .io)
        let texts = try store.read().clippings.map(\.text)
        #expect(texts.first == "kept")
        try store.append(Self.clipping("after"))
        #expect(try store.read().clippings.map(\.text).last == "after")
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

    /// Files that are not stores, each a class: text, JSON objects of other shapes (a settings
    /// file, `package.json`), a look-alike whose first key is `id`, an empty first line, a
    /// clipping that is not the first line. None is read as a store or written to.
    static let notStores: [(name: String, bytes: String)] = [
        ("README", "# Notes\nkeep me\n"), ("settings without a newline", #"{"theme":"dark","fontSize":14}"#),
        ("package.json", "{\n  \"name\": \"x\",\n  \"version\": \"1.0.0\"\n}\n"), ("look-alike", #"{"id":"main"}"#),
        ("look-alike with a newline", "{\"id\":\"main\",\"text\":\"x\"}\n"), ("empty first line", "\n" + #"{"id":"A"}"# + "\n"),
        ("JSON array", "[1, 2]\n"),
    ]

    @Test("a file that is not a store is never written or read as one", arguments: notStores.map(\.name))
    func notAStore(name: String) throws {
        let bytes = Data(try #require(Self.notStores.first { $0.name == name }).bytes.utf8)
        let store = ChicagoNotebook.temporaryStore()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: store.url)
        #expect(throws: ClippingsStore.StoreError.self) { try store.append(Self.clipping("x")) }
        #expect(store.lastFailure?.kind == .notAStore)
        #expect(throws: ClippingsStore.StoreError.self) { try store.repair() }
        #expect(throws: ClippingsStore.StoreError.self) { try store.read() }
        #expect(try Data(contentsOf: store.url) == bytes, "the file was changed")
    }

    @Test("a symbolic link is refused for writing, and its target is untouched")
    func symbolicLink() throws {
        let target = ChicagoNotebook.temporaryStore()
        try target.append(Self.clipping("kept"))
        let before = try Data(contentsOf: target.url)
        let link = target.url.deletingLastPathComponent().appendingPathComponent("link.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.url)
        let store = ClippingsStore(url: link)
        #expect(throws: ClippingsStore.StoreError.self) { try store.append(Self.clipping("x")) }
        #expect(store.lastFailure?.kind == .notAStore && store.lastFailure?.description.contains("symbolic link") == true)
        #expect(try Data(contentsOf: target.url) == before)
    }

    @Test("a store whose only line is a torn first entry is repaired by the next append")
    func tornFirstEntry() throws {
        let store = ChicagoNotebook.temporaryStore()
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let torn = Data(#"{"id":"0A1B","page":"p.pn"#.utf8)
        try torn.write(to: store.url)
        #expect(try store.append(Self.clipping("after")) == torn.count)
        #expect(try store.read().clippings.map(\.text) == ["after"])
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
