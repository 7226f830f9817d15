import Foundation
import LegibleSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scratch folder, removed at the end of a test.
struct Scratch {
    let folder: String
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-system-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { "\(folder)/\(name)" }
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
    func text(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("the system layer: loops, atomic files, the JSON Lines log, with calls made to fail")
struct SystemTests {
    @Test("writeAll writes every byte through writes cut to 3 bytes; readAll reads them back")
    func loops() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bytes = Data((0..<10_000).map { UInt8($0 % 251) })
        let calls = SystemCalls.live.shortWrites(atMost: 3)
        let out = try FileDescriptor.open(scratch.path("f"), .writeOnly, options: .create, calls: calls)
        try out.writeAll(bytes)
        out.close()
        let input = try FileDescriptor.open(scratch.path("f"), .readOnly)
        defer { input.close() }
        #expect(try input.readAll() == bytes)
        #expect(throws: FileDescriptor.ReadFailure.self) { try FileDescriptor.open(scratch.path("f"), .readOnly).readAll(limit: 100) }
    }

    @Test("a failing read, open or write reports its errno")
    func failures() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("f")))
        let failingRead = try FileDescriptor.open(scratch.path("f"), .readOnly, calls: SystemCalls.live.failing(.read, with: .ioError))
        defer { failingRead.close() }
        do {
            _ = try failingRead.readAll()
            Issue.record("a failing read was not reported")
        } catch {
            guard case .system(let errno) = error else { return #expect(Bool(false)) }
            #expect(errno == .ioError)
        }
        #expect(throws: Errno.noSpace) {
            try FileDescriptor.open(scratch.path("f"), .writeOnly, calls: SystemCalls.live.failing(.write, with: .noSpace)).writeAll(
                Data("y".utf8))
        }
        #expect(throws: Errno.symbolicLink) {
            try FileDescriptor.open(scratch.path("g"), .readOnly, calls: SystemCalls.live.failing(.open, with: .symbolicLink))
        }
    }

    @Test(
        "a commit whose write, fsync or rename fails leaves the old file and no temporary",
        arguments: [SystemCalls.Call.write, .fsync, .rename, .open])
    func atomicCommitFailure(call: SystemCalls.Call) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try AtomicFile.write(Data("old".utf8), to: scratch.path("a.json"))
        let outputs = [
            AtomicFile.Output(path: scratch.path("a.json"), bytes: Data("new".utf8)),
            .init(path: scratch.path("a.txt"), bytes: Data("t".utf8)),
        ]
        do {
            try AtomicFile.commit(outputs, calls: SystemCalls.live.failing(call, with: .noSpace))
            Issue.record("the commit did not fail")
        } catch {
            #expect(error.kind == (call == .open ? .cannotCreate : .io))
            #expect(error.description.contains(Errno.noSpace.description))
        }
        #expect(scratch.text("a.json") == "old")
        #expect(scratch.names == ["a.json"])
        try AtomicFile.commit(outputs)
        #expect(scratch.names == ["a.json", "a.txt"])
        #expect(scratch.text("a.json") == "new")
    }

    @Test(
        "a streamed file appears whole at its commit; one that fails or is dropped leaves the old file and no temporary",
        arguments: [SystemCalls.Call.write, .fsync, .rename])
    func streamed(call: SystemCalls.Call) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try AtomicFile.write(Data("old".utf8), to: scratch.path("big.pdf"))
        do {
            let file = try AtomicFile.Streamed(path: scratch.path("big.pdf"), calls: SystemCalls.live.failing(call, with: .noSpace))
            try file.append(Data("new ".utf8))
            try file.append(Data("pages".utf8))
            try file.commit()
            Issue.record("the stream did not fail")
        } catch {
            #expect(error.kind == .io)
        }
        #expect(scratch.text("big.pdf") == "old" && scratch.names == ["big.pdf"])
        do {
            let dropped = try AtomicFile.Streamed(path: scratch.path("big.pdf"))
            try dropped.append(Data("half".utf8))
        }
        #expect(scratch.names == ["big.pdf"])
        let file = try AtomicFile.Streamed(path: scratch.path("big.pdf"))
        try file.append(Data("new ".utf8))
        try file.append(Data("pages".utf8))
        try file.commit()
        #expect(scratch.text("big.pdf") == "new pages" && file.count == 9 && scratch.names == ["big.pdf"])
    }

    @Test("the log cuts a torn last line, keeps and ends a whole one, and appends whole lines")
    func logRepair() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("log.jsonl")
        try Data("{\"n\":1}\n{\"n\":2}".utf8).write(to: URL(fileURLWithPath: path))
        let isWhole: (Data) -> Bool = { (try? JSONSerialization.jsonObject(with: $0)) != nil }
        let ended = try JSONLinesLog(path: path).repairTail(keepingLastLine: isWhole)
        #expect(ended.addedNewline && ended.removedBytes == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"n\":3,\"to".utf8))
        try handle.close()
        let log = try JSONLinesLog(path: path)
        let cut = try log.repairTail(keepingLastLine: isWhole)
        #expect(cut.removedBytes == 10 && !cut.addedNewline)
        try log.append(Data("{\"n\":4}".utf8))
        #expect(scratch.text("log.jsonl") == "{\"n\":1}\n{\"n\":2}\n{\"n\":4}\n")
        let lines = JSONLinesLog.lines(in: Data("a\n\nb".utf8))
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines.map(\.terminated) == [true, true, false])
        #expect(lines.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "", "b"])
    }

    @Test("the log refuses a symbolic link and a FIFO, and reports a failing fsync")
    func logRefusals() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data().write(to: URL(fileURLWithPath: scratch.path("real")))
        #expect(symlink(scratch.path("real"), scratch.path("link")) == 0)
        #expect(mkfifo(scratch.path("fifo"), 0o644) == 0)
        #expect(throws: JSONLinesLog.Failure.self) { try JSONLinesLog(path: scratch.path("link")) }
        #expect(throws: JSONLinesLog.Failure.self) { try JSONLinesLog(path: scratch.path("fifo")) }
        let log = try JSONLinesLog(path: scratch.path("real"), calls: SystemCalls.live.failing(.fsync, with: .ioError))
        #expect(throws: JSONLinesLog.Failure.self) { try log.append(Data("{}".utf8)) }
    }
}
