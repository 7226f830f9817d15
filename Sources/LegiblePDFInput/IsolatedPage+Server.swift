import Foundation
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page server: one process, started once, that reads many pages, each in a child forked
/// for it (`Docs/PDF.md`, "Bounds on reading a page"). Most of a started child's time is the
/// start itself (it maps 129 shared libraries): measured on a one-page seed, release build,
/// 99 ms a page started against 22 ms a page served. Each child is bounded and answers exactly as
/// the child of ``IsolatedPage/read(path:number:dpi:force:executable:limits:)`` does: it runs
/// the same ``IsolatedPage/serve(_:)``. The server itself never opens a PDF, so it holds no
/// thread and no library state at the fork.
///
/// On its standard input the server takes requests: a 4-byte big-endian length, then a JSON
/// array of the strings ``IsolatedPage/request(path:number:dpi:force:limits:)`` makes. For
/// each it writes a frame to its standard output: one byte for how the child ended (0
/// answered, 1 past the deadline, 2 signalled), the signal as 4 bytes, the answer's length
/// as 4 bytes, then the answer. It ends, with 0, when its input ends.
extension IsolatedPage {
    /// The hidden first argument that makes an executable a page server.
    public static let serverCommand = "__legible-pdf-page-server"
    /// The longest request the server reads, in bytes: a path is at most `PATH_MAX`.
    static let maximumRequest = 1 << 16

    /// The server's loop. Returns its exit status: 0 when its input ends, 65 for a request
    /// that is not one, 74 when it cannot write a frame.
    public static func serveRequests() -> Int32 {
        let input = FileHandle(fileDescriptor: 0, closeOnDealloc: false)
        while true {
            guard let length = ChildAnswer.read(input, upTo: 4, deadline: .distantFuture), length.count == 4 else { return 0 }
            let count = length.reduce(0) { $0 << 8 | Int($1) }
            guard count <= maximumRequest, let body = ChildAnswer.read(input, upTo: count, deadline: .distantFuture),
                body.count == count, let arguments = try? JSONDecoder().decode([String].self, from: body),
                arguments.count == 6, let seconds = Double(arguments[5]), seconds.isFinite, seconds > 0, seconds < 1e9
            else { return 65 }
            let outcome = forkedOutcome(arguments, seconds: seconds)
            guard (try? FileDescriptor.standardOutput.writeAll(frame(outcome))) != nil else { return 74 }
        }
    }

    /// One request served in a forked child, whose answer is read within `seconds`.
    static func forkedOutcome(_ arguments: [String], seconds: Double) -> ChildOutcome {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .answered(Data()) }
        let child = fork()
        if child == 0 {
            // The child's standard output is the pipe, its input nothing: as a started child's.
            dup2(ends[1], 1)
            close(ends[0])
            close(ends[1])
            let null = open("/dev/null", O_RDONLY)
            if null >= 0 { dup2(null, 0) }
            _exit(serve(arguments))
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard child > 0 else { return .answered(Data()) }
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        let answer = ChildAnswer.read(output, deadline: Date().addingTimeInterval(seconds), limit: maximumAnswer)
        if answer == nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        guard let answer else { return .pastDeadline }
        // The wait status's low seven bits are the signal that ended the child, 0 on an exit.
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f ? .signalled(signal) : .answered(answer)
    }

    /// `outcome` as the server writes it.
    package static func frame(_ outcome: ChildOutcome) -> Data {
        let (kind, signal, answer): (UInt8, Int32, Data) =
            switch outcome {
            case .answered(let bytes): (0, 0, bytes)
            case .pastDeadline: (1, 0, Data())
            case .signalled(let signal): (2, signal, Data())
            }
        return Data([kind]) + bigEndian(Int(signal)) + bigEndian(answer.count) + answer
    }

    /// `value`'s low 32 bits, most significant byte first.
    static func bigEndian(_ value: Int) -> Data {
        Data([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }
}
