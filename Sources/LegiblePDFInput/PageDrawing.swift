/// Where a PDF's pages are read and drawn (`Docs/PDF.md`, "Bounds on reading a page"). What
/// poppler decodes and draws is not bounded by what a page declares: a 770-byte JBIG2 page
/// decodes into 1.28 GB, a page may draw one image ten thousand times, and an image may hide
/// in a form. Only the work itself can be bounded, so a page is read in a process of its own
/// whose memory and time are capped.
public enum PageDrawing: Sendable, Equatable {
    /// In this process, unbounded: for the tests of the drawing itself.
    case inProcess
    /// In a child process, `executable` run as ``IsolatedPage/command``, bounded by `limits`.
    case isolated(executable: String, limits: DrawingLimits)
    /// In a child forked for the page by a server process, `executable` run once as
    /// ``IsolatedPage/serverCommand``, bounded by `limits` as ``isolated(executable:limits:)``
    /// is: the same child code, without starting the executable for every page. For reading
    /// many small pages, as the fuzzing harness does; one page at a time per executable.
    case served(executable: String, limits: DrawingLimits)

    /// The bounds, when pages are read in a child.
    public var limits: DrawingLimits? {
        switch self {
        case .inProcess: nil
        case .isolated(_, let limits), .served(_, let limits): limits
        }
    }
}

/// The bounds on reading one PDF page.
public struct DrawingLimits: Sendable, Equatable {
    /// The most memory the page's process may allocate, in bytes (`RLIMIT_DATA`): its heap,
    /// its mappings and its threads' stacks.
    public var memoryBytes: Int
    /// Wall-clock seconds the page may take, from the start of its process to its result.
    public var seconds: Double

    /// The default memory bound, 2 GiB: the largest page Legible reads, 60 million pixels
    /// drawn, peaks well below it (`Docs/PDF.md`, "Bounds on reading a page").
    public static let defaultMemoryBytes = 1 << 30

    /// Limits of `memoryBytes` bytes and `seconds` seconds.
    public init(memoryBytes: Int = DrawingLimits.defaultMemoryBytes, seconds: Double) {
        (self.memoryBytes, self.seconds) = (memoryBytes, seconds)
    }
}
