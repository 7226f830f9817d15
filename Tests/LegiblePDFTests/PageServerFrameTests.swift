import Foundation
import LegiblePDFInput
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The page server's frames (`Docs/PDF.md`, "Bounds on reading a page"): every way a child can
/// end crosses from the server to its parent unchanged, a damaged frame is no answer, and
/// each end means for the page what it means for a child started for it.
@Suite("Page server frames")
struct PageServerFrameTests {
    /// The frame read back from a file of `bytes` (a pipe would hold only 64 KiB unread).
    static func readBack(_ bytes: Data) throws -> ChildOutcome? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-frame-\(UUID().uuidString)")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return PageServer.frame(from: handle, deadline: Date().addingTimeInterval(5))
    }

    @Test(
        "every outcome survives its frame",
        arguments: [
            ChildOutcome.answered(Data("an answer".utf8)), .answered(Data()), .answered(Data(repeating: 7, count: 200_000)),
            .pastDeadline, .signalled(SIGXCPU), .signalled(SIGKILL), .signalled(SIGSEGV),
        ])
    func roundTrip(_ outcome: ChildOutcome) throws {
        #expect(try Self.readBack(IsolatedPage.frame(outcome)) == outcome)
    }

    @Test("a frame cut short, of an unknown kind or longer than any answer is no answer")
    func damaged() throws {
        let whole = IsolatedPage.frame(.answered(Data("an answer".utf8)))
        for cut in [0, 1, 8, 9, whole.count - 1] {
            #expect(try Self.readBack(whole.prefix(cut)) == nil, "cut at \(cut)")
        }
        var unknown = whole
        unknown[0] = 3
        #expect(try Self.readBack(unknown) == nil)
        let huge = Data([0, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff])
        #expect(try Self.readBack(huge) == nil)
    }

    @Test("the processor-time signal and a late child are the deadline; any other signal is the memory bound")
    func meaning() {
        let limits = DrawingLimits(seconds: 3)
        func kind(_ outcome: ChildOutcome) -> PDFInputFailure? {
            do {
                _ = try IsolatedPage.interpret(outcome, name: "scan.pdf page 1", limits: limits)
                return nil
            } catch { return error.kind }
        }
        #expect(kind(.pastDeadline) == .deadline)
        #expect(kind(.signalled(SIGXCPU)) == .deadline)
        #expect(kind(.signalled(SIGKILL)) == .tooLarge)
        #expect(kind(.signalled(SIGABRT)) == .tooLarge)
        #expect(kind(.answered(Data([0, 0, 0, 2, 0x7b]))) == .unreadablePage)
    }
}
