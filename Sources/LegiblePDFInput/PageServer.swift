import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parent's side of a page server (``IsolatedPage/serverCommand``): one server process per
/// executable, started on first use and again after it stops. Requests are served one at a
/// time. A server that stops, or answers nothing within the page's deadline and a margin, is
/// killed; its page gets a failure and the next page a new server.
package final class PageServer: @unchecked Sendable {
    /// The executable run as the server.
    let executable: String
    /// How long past the page's own deadline a server may take to say so, in seconds.
    static let margin = 5.0
    private let lock = NSLock()
    private var running: (process: Process, input: Int32, output: FileHandle)?

    private init(executable: String) { self.executable = executable }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var servers: [String: PageServer] = [:]

    /// The one server of `executable` in this process.
    static func shared(_ executable: String) -> PageServer {
        lock.lock()
        defer { lock.unlock() }
        if let server = servers[executable] { return server }
        let server = PageServer(executable: executable)
        servers[executable] = server
        return server
    }

    /// Page `number` of `path`, read by a child of the server within `limits`.
    func read(path: String, number: Int, dpi: Int, force: Bool, limits: DrawingLimits) throws(PDFInputError) -> PDFPageRead {
        let name = "\(path) page \(number)"
        let request = IsolatedPage.request(path: path, number: number, dpi: dpi, force: force, limits: limits)
        lock.lock()
        defer { lock.unlock() }
        return try IsolatedPage.interpret(served(request, seconds: limits.seconds, name: name), name: name, limits: limits)
    }

    /// What the server says about `request`; the server is stopped when it says nothing whole.
    private func served(_ request: [String], seconds: Double, name: String) throws(PDFInputError) -> ChildOutcome {
        if running == nil { running = try start(name: name) }
        guard let server = running else { throw PDFInputError(.unreadablePage, "\(name): the page server did not start") }
        guard let body = try? JSONEncoder().encode(request),
            Self.send(IsolatedPage.bigEndian(body.count) + body, to: server.input),
            let outcome = Self.frame(from: server.output, deadline: Date().addingTimeInterval(seconds + Self.margin))
        else {
            stop()
            throw PDFInputError(.unreadablePage, "\(name): the page server stopped without an answer")
        }
        return outcome
    }

    /// One frame read from the server, or nil when it is damaged, cut short or late.
    package static func frame(from output: FileHandle, deadline: Date) -> ChildOutcome? {
        guard let head = ChildAnswer.read(output, upTo: 9, deadline: deadline), head.count == 9 else { return nil }
        let signal = Int32(truncatingIfNeeded: head[1..<5].reduce(0) { $0 << 8 | Int($1) })
        let length = head[5..<9].reduce(0) { $0 << 8 | Int($1) }
        guard length <= IsolatedPage.maximumAnswer, let answer = ChildAnswer.read(output, upTo: length, deadline: deadline),
            answer.count == length
        else { return nil }
        switch head[0] {
        case 0: return .answered(answer)
        case 1: return .pastDeadline
        case 2: return .signalled(signal)
        default: return nil
        }
    }

    /// Writes all of `data` to the socket `descriptor`; false when the server is gone. A socket,
    /// not a pipe, carries the requests so that a server that died cannot end this process
    /// with `SIGPIPE` (`MSG_NOSIGNAL`).
    static func send(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let result = Glibc.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                sent += result
            }
            return true
        }
    }

    /// Starts the server, its requests on a socket, its standard error closed off.
    private func start(name: String) throws(PDFInputError) -> (process: Process, input: Int32, output: FileHandle) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw PDFInputError(.unreadablePage, "\(name): cannot start \(executable) to read it (no socket)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [IsolatedPage.serverCommand]
        let output = Pipe()
        let theirs = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        (process.standardInput, process.standardOutput, process.standardError) = (theirs, output, FileHandle.nullDevice)
        do {
            try process.run()
        } catch {
            close(pair[0])
            throw PDFInputError(.unreadablePage, "\(name): cannot start \(executable) to read it (\(error))")
        }
        try? theirs.close()
        try? output.fileHandleForWriting.close()
        return (process, pair[0], output.fileHandleForReading)
    }

    /// Kills and reaps the server, if one runs.
    private func stop() {
        guard let server = running else { return }
        running = nil
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        close(server.input)
        try? server.output.close()
    }
}
