import Foundation
import LegibleImage
import LegibleLayout

/// A line reader made late, on a thread of its own, once the page's lines have been found
/// (``LineReader/prepare()``), or else when it is first asked to read (`Docs/Recognition.md`,
/// "Speed and memory"). The text detector's tensors are the largest a page allocates; the
/// handwriting reader's network, made after them, is not held beside them, and it loads while
/// Tesseract reads the detected lines on the other core. What it is made by must have checked
/// its files already, so that a missing one still fails the run before any page is read.
///
/// Sendable by its condition, under which the result is written and read; one per recogniser,
/// read on its thread.
public final class PendingLineReader: LineReader, @unchecked Sendable {
    /// Its name in the page document: the name of the reader it will be.
    public let name: LineReaderName
    private let condition = NSCondition()
    private var make: (@Sendable () throws -> any LineReader)?
    private var made: Result<any LineReader, Error>?

    /// A reader named `name`, made by `make` when first prepared or used.
    public init(name: LineReaderName, make: @escaping @Sendable () throws -> any LineReader) {
        self.name = name
        self.make = make
    }

    /// Starts making the reader on a thread of its own, unless it is made or being made.
    public func prepare() {
        condition.lock()
        defer { condition.unlock() }
        guard let make else { return }
        self.make = nil
        Thread { [self] in
            let result = Result { try make() }
            condition.lock()
            made = result
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Whether making the reader has begun (``prepare()``, or a first use).
    public var isStarted: Bool {
        condition.lock()
        defer { condition.unlock() }
        return make == nil
    }

    /// The reader, made: waits for it, starting it first when nothing has.
    /// - Throws: what making it threw.
    func reader() throws -> any LineReader {
        prepare()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let made { return try made.get() }
            condition.wait()
        }
    }

    /// Waits until the reader being made is made; returns at once when it was never started.
    /// A process must not exit while ONNX Runtime loads on that thread.
    public func finishLoading() {
        condition.lock()
        defer { condition.unlock() }
        while make == nil && made == nil { condition.wait() }
    }

    /// The reader's reading of `lines` (``LineReader/read(_:page:until:)``), once it is made.
    public func read(_ lines: [RecognisedLine], page: GreyImage, until deadline: Date) throws -> [SecondReading] {
        try reader().read(lines, page: page, until: deadline)
    }

    /// The page finished by the reader (``LineReader/finish(_:ink:)``), once it is made.
    public func finish(_ layout: PageLayout, ink: () throws -> InkMask) throws -> PageLayout {
        try reader().finish(layout, ink: ink)
    }

    /// A reader dropped while it is being made waits for it, so that no thread of it outlives
    /// it and runs on into the process's exit.
    deinit { finishLoading() }
}
