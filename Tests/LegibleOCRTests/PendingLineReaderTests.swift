import Foundation
import LegibleImage
import LegibleLayout
import LegibleOCR
import Testing

/// A line reader made late (`Docs/Recognition.md`, "Speed and memory"): made once, on a thread
/// of its own when prepared, waited for when read, its failure thrown by each use.
@Suite("a line reader made late")
struct PendingLineReaderTests {
    /// Reads each line as its words in capitals.
    final class Shouting: LineReader {
        let name = LineReaderName.handwriting
        func read(_ lines: [RecognisedLine], page: GreyImage, until deadline: Date) throws -> [SecondReading] {
            lines.map { line in
                var read = line
                read.words = line.words.map { RecognisedWord(text: $0.text.uppercased(), box: $0.box, confidence: $0.confidence) }
                return .read(read)
            }
        }
        func finish(_ layout: PageLayout, ink: () throws -> InkMask) throws -> PageLayout { layout }
    }

    /// How often a reader was made, and whether on the thread that made these records.
    final class Makings: @unchecked Sendable {
        private let lock = NSLock()
        private let caller = pthread_self()
        private var onCaller: [Bool] = []
        func record() {
            lock.lock()
            onCaller.append(pthread_equal(pthread_self(), caller) != 0)
            lock.unlock()
        }
        /// For each making, whether it ran on the records' thread.
        var made: [Bool] {
            lock.lock()
            defer { lock.unlock() }
            return onCaller
        }
    }

    struct Unmade: Error {}

    static let page = GreyImage(width: 1, height: 1, pixels: [255])
    static let lines = [LineChoiceTests.line(["Dear"], confidence: 0.5, reader: .tesseract)]

    @Test("nothing is made until prepared; prepared twice, it is made once, on another thread, and a read waits for it")
    func preparedOnce() throws {
        let makings = Makings()
        let reader = PendingLineReader(name: .handwriting) {
            makings.record()
            Thread.sleep(forTimeInterval: 0.05)
            return Shouting()
        }
        #expect(makings.made.isEmpty && reader.name == .handwriting)
        reader.prepare()
        reader.prepare()
        let read = try reader.read(Self.lines, page: Self.page, until: .distantFuture)
        #expect(read.first?.line?.words.map(\.text) == ["DEAR"])
        _ = try reader.read(Self.lines, page: Self.page, until: .distantFuture)
        #expect(makings.made == [false], "made once, on another thread: \(makings.made)")
    }

    @Test("read unprepared, it is made then; what making it threw, every use throws, and it is not made again")
    func failure() {
        let makings = Makings()
        let reader = PendingLineReader(name: .handwriting) {
            makings.record()
            throw Unmade()
        }
        #expect(throws: Unmade.self) { try reader.read(Self.lines, page: Self.page, until: .distantFuture) }
        let layout = PageLayout(image: PageImage(width: 1, height: 1), text: "", paragraphs: [], lines: [])
        #expect(throws: Unmade.self) {
            try reader.finish(layout) { try #require(InkMask(width: 1, height: 1, pixels: [0])) }
        }
        #expect(makings.made == [false], "made once: \(makings.made)")
    }

    @Test("finishLoading returns at once when nothing was started, and after the making when it was")
    func finishing() throws {
        let makings = Makings()
        let idle = PendingLineReader(name: .handwriting) {
            makings.record()
            return Shouting()
        }
        idle.finishLoading()
        #expect(makings.made.isEmpty)
        let busy = PendingLineReader(name: .handwriting) {
            Thread.sleep(forTimeInterval: 0.1)
            makings.record()
            return Shouting()
        }
        busy.prepare()
        busy.finishLoading()
        #expect(makings.made.count == 1)
    }
}
