import Foundation
import LegibleBatch
import LegibleIngest
import LegibleLayout
import LegibleSystem
import LegibleTestSupport
import Testing

/// A reader that needs no engine: each "image" is a text file, read as one line per paragraph.
/// It counts its reads and fails any image whose text starts with "fail".
final class TextFileReader: PageReader {
    private let counter = ReadCounter()
    var reads: Int { counter.value }

    func read(imageData: Data, path: String, sha256: String) throws -> PageLayout {
        counter.add()
        let text = String(decoding: imageData, as: UTF8.self).trimmingCharacters(in: .newlines)
        if text.hasPrefix("fail") { throw ReaderFailure(description: "\(path): unreadable page") }
        var layout = LayoutBuilder().layout(exactText: text)
        layout.image = PageImage(file: (path as NSString).lastPathComponent, width: 1000, height: 1400, sha256: sha256)
        layout.engine = EngineInfo(name: "text-file", version: "1")
        return layout
    }

    func finishLoading() {}
}

struct ReaderFailure: Error, CustomStringConvertible {
    var description: String
}

/// A count shared by the workers' threads.
final class ReadCounter: Sendable {
    private let storage = Mutexed(0)
    var value: Int { storage.read() }
    func add() { storage.update { $0 += 1 } }
}

/// A value behind a lock, for test fakes used from several threads.
final class Mutexed<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func read() -> Value { lock.withLock { value } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}

/// A scratch folder with "images" (text files) in `pages/`.
struct Workspace {
    let root: URL
    init(pages: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("legible-ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages"), withIntermediateDirectories: true)
        for (name, text) in pages { try write(text, to: name) }
    }
    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("pages/\(name)"))
    }
    func image(_ name: String) -> String { root.appendingPathComponent("pages/\(name)").path }
    var output: String { root.appendingPathComponent("out").path }
    func outputText(_ name: String) -> String? { try? String(contentsOfFile: "\(output)/\(name)", encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("ingest in process, with a reader that needs no engine")
struct IngestTests {
    static let pages = ["a.png": "alpha beta", "b.png": "gamma\ndelta", "c.png": "epsilon"]

    func ingest(_ workspace: Workspace, _ names: [String], reader: TextFileReader, force: Bool = false) throws -> Ingest.Report {
        let plan = IngestPlan(
            images: names.map(workspace.image), output: workspace.output, formats: [.json, .txt, .hocr], jobs: 2, force: force)
        try plan.check()
        try OutputFolder.prepare(plan.output)
        return try Ingest(plan: plan, makeReader: { reader }).run(firstReader: nil, manifest: nil)
    }

    @Test("the workers that run are the jobs asked for, no more than the pages, and one for none")
    func workers() {
        #expect(IngestPlan(images: ["a.png", "b.png", "c.png"], output: "out", jobs: 2).workers == 2)
        #expect(IngestPlan(images: ["a.png"], output: "out", jobs: 4).workers == 1)
        #expect(IngestPlan(images: [], output: "out", jobs: 4).workers == 1)
    }

    @Test("every page is read once and every format is written, outcomes in input order")
    func writesEveryFormat() throws {
        let workspace = try Workspace(pages: Self.pages)
        defer { workspace.remove() }
        let reader = TextFileReader()
        let report = try ingest(workspace, ["a.png", "b.png", "c.png"], reader: reader)
        #expect(report.outcomes.map { $0.page.name } == ["a.png", "b.png", "c.png"])
        #expect(report.outcomes.allSatisfy { $0.failure == nil && !$0.skipped })
        #expect(reader.reads == 3)
        #expect(workspace.outputText("b.txt") == "gamma\ndelta\n")
        let document = try PageLayout.decodeDocument(Data(contentsOf: URL(fileURLWithPath: "\(workspace.output)/a.json")))
        #expect(document.text == "alpha beta")
        #expect(document.engine?.optionsDigest == IngestPlan(images: [], output: "").options.digest)
        #expect(workspace.outputText("c.hocr")?.contains("epsilon") == true)
        #expect(report.outcomes[0].outputs == ["a.json", "a.txt", "a.hocr"])
    }

    @Test("a second run reads nothing; a changed image is read again; a stale sibling is rewritten from the document")
    func upToDate() throws {
        let workspace = try Workspace(pages: Self.pages)
        defer { workspace.remove() }
        let names = ["a.png", "b.png", "c.png"]
        _ = try ingest(workspace, names, reader: TextFileReader())
        try Data("edited by hand\n".utf8).write(to: URL(fileURLWithPath: "\(workspace.output)/c.txt"))
        try workspace.write("alpha beta gamma", to: "a.png")
        let reader = TextFileReader()
        let report = try ingest(workspace, names, reader: reader)
        #expect(reader.reads == 1)
        #expect(report.outcomes.map(\.skipped) == [false, true, true])
        #expect(workspace.outputText("a.txt") == "alpha beta gamma\n")
        #expect(workspace.outputText("c.txt") == "epsilon\n")
        let forced = TextFileReader()
        _ = try ingest(workspace, names, reader: forced, force: true)
        #expect(forced.reads == 3)
    }

    @Test("a page that fails stops nothing else and leaves no output of its own")
    func failureIsolated() throws {
        let workspace = try Workspace(pages: ["a.png": "alpha", "bad.png": "fail here", "c.png": "gamma"])
        defer { workspace.remove() }
        let report = try ingest(workspace, ["a.png", "bad.png", "c.png"], reader: TextFileReader())
        #expect(report.outcomes.map { $0.failure == nil } == [true, false, true])
        #expect(report.outcomes[1].failureMessage?.contains("unreadable page") == true)
        #expect(report.outcomes[1].outputs.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "\(workspace.output)/bad.json"))
        #expect(workspace.outputText("c.txt") == "gamma\n")
    }

    @Test("a missing image and a reader that cannot be made fail their pages, each with its own error")
    func pageErrors() throws {
        let workspace = try Workspace(pages: ["a.png": "alpha"])
        defer { workspace.remove() }
        let plan = IngestPlan(images: [workspace.image("a.png"), workspace.image("gone.png")], output: workspace.output)
        try OutputFolder.prepare(plan.output)
        let report = try Ingest(plan: plan, makeReader: { throw ReaderFailure(description: "no engine today") })
            .run(firstReader: nil, manifest: nil)
        #expect(report.outcomes[0].failureMessage == "no engine today")
        #expect(report.outcomes[1].failureMessage?.contains("no engine today") == true)
        let read = try Ingest(plan: plan, makeReader: { TextFileReader() }).run(firstReader: nil, manifest: nil)
        #expect(read.outcomes[0].failure == nil)
        #expect(read.outcomes[1].failureMessage?.hasSuffix("gone.png: no such file") == true)
    }

    @Test("a plan is refused before any work when two inputs share an output name or an output is an input")
    func planChecks() throws {
        let workspace = try Workspace(pages: ["x.png": "one", "x.jpg": "two", "list.png": "three"])
        defer { workspace.remove() }
        #expect(throws: IngestError.self) {
            try IngestPlan.refuseSharedStems([workspace.image("x.png"), workspace.image("x.jpg")].map(PageInput.image))
        }
        let plan = IngestPlan(
            images: [workspace.image("list.png")], output: workspace.root.appendingPathComponent("pages").path, formats: [.txt])
        try workspace.write("a list", to: "list.txt")
        #expect(throws: IngestError.self) { try plan.check(extraInputs: [workspace.image("list.txt")]) }
        try plan.check(extraInputs: [])
    }

    @Test("a sharded ingest logs each page to its manifest, which the status reads back")
    func shardManifest() throws {
        let workspace = try Workspace(pages: Self.pages)
        defer { workspace.remove() }
        var plan = IngestPlan(images: ["a.png", "b.png", "c.png"].map(workspace.image), output: workspace.output, jobs: 2)
        try plan.restrict(to: try Shard.parse("0/1"), root: workspace.root.path, currentFolder: "/")
        #expect(plan.keys == ["pages/a.png", "pages/b.png", "pages/c.png"])
        try OutputFolder.prepare(plan.output)
        let manifest = try ManifestLog(output: plan.output, shard: plan.shard!)
        try manifest.append(.task(ManifestLog.taskRecord(plan)))
        _ = try Ingest(plan: plan, makeReader: { TextFileReader() }).run(firstReader: nil, manifest: manifest)
        let path = "\(workspace.output)/manifest/\(plan.shard!.fileName).jsonl"
        let status = try BatchStatus.merge([(name: "m", bytes: Data(contentsOf: URL(fileURLWithPath: path)))])
        #expect(status.expected == 3)
        #expect(status.done == 3)
        #expect(status.isComplete)
    }
}
