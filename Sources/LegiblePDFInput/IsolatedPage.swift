import Foundation
import LegibleLayout
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One PDF page read in a child process whose memory and time are bounded (`Docs/PDF.md`,
/// "Bounds on reading a page"). The parent runs the helper executable as
/// ``command`` with the file, the page and the limits; the child caps its own memory
/// (`RLIMIT_DATA`) and processor time (`RLIMIT_CPU`), reads the page as ``ScannedPDF`` does
/// in process, and writes the result to its standard output: a 4-byte big-endian length, a JSON
/// header, then the image's bytes. The parent stops the child at the deadline.
public enum IsolatedPage {
    /// The hidden first argument that makes an executable serve one page.
    public static let command = "__legible-pdf-page"
    /// The most bytes a child may answer with: far above any page image within the pixel limit.
    static let maximumAnswer = 1 << 30

    /// What the child says.
    struct Header: Codable {
        /// `image`, `carriesText` or `failure`.
        var result: String
        var fileExtension: String?
        var origin: PDFPageOrigin?
        var failure: PDFInputFailure?
        var message: String?
    }

    /// Page `number` of `path`, read by `executable` within `limits`.
    static func read(path: String, number: Int, dpi: Int, force: Bool, executable: String, limits: DrawingLimits)
        throws(PDFInputError) -> PDFPageRead
    {
        let name = "\(path) page \(number)"
        let request = self.request(path: path, number: number, dpi: dpi, force: force, limits: limits)
        let child = try start(executable, [command] + request, name: name)
        let answer = ChildAnswer.read(child.output, deadline: Date().addingTimeInterval(limits.seconds), limit: maximumAnswer)
        if answer == nil { kill(child.process.processIdentifier, SIGKILL) }
        child.process.waitUntilExit()
        let outcome: ChildOutcome
        if let answer {
            let signalled = child.process.terminationReason == .uncaughtSignal
            outcome = signalled ? .signalled(child.process.terminationStatus) : .answered(answer)
        } else {
            outcome = .pastDeadline
        }
        return try interpret(outcome, name: name, limits: limits)
    }

    /// The arguments that ask for one page, after ``command``: file, page, dpi, force, memory
    /// bytes, seconds.
    static func request(path: String, number: Int, dpi: Int, force: Bool, limits: DrawingLimits) -> [String] {
        [path, String(number), String(dpi), force ? "1" : "0", String(limits.memoryBytes), String(limits.seconds)]
    }

    /// What a child's end means for its page: the deadline, the memory bound (any other
    /// signal: the kernel's answer to an allocation past `RLIMIT_DATA` is a failed call that
    /// the libraries turn into an abort), or its answer.
    package static func interpret(_ outcome: ChildOutcome, name: String, limits: DrawingLimits) throws(PDFInputError) -> PDFPageRead {
        let pastDeadline = PDFInputError(
            .deadline, "\(name): reading it ran past the \(Int(limits.seconds)) s page deadline (raise it with --timeout)")
        switch outcome {
        case .pastDeadline: throw pastDeadline
        case .signalled(SIGXCPU): throw pastDeadline
        case .signalled(let signal):
            throw PDFInputError(
                .tooLarge,
                "\(name): reading it needs more than the \(limits.memoryBytes >> 20) MB a page may use (it stopped on signal \(signal))")
        case .answered(let bytes): return try decode(bytes, name: name)
        }
    }

    /// The child process, its standard output a pipe and its standard error closed off.
    static func start(_ executable: String, _ arguments: [String], name: String) throws(PDFInputError)
        -> (process: Process, output: FileHandle)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PDFInputError(.unreadablePage, "\(name): cannot start \(executable) to read it (\(error))")
        }
        try? pipe.fileHandleForWriting.close()
        return (process, pipe.fileHandleForReading)
    }

    /// The child's answer as a page read, or its failure.
    static func decode(_ bytes: Data, name: String) throws(PDFInputError) -> PDFPageRead {
        guard bytes.count >= 4 else { throw PDFInputError(.unreadablePage, "\(name): the page reader ended without an answer") }
        let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard length <= bytes.count - 4,
            let header = try? JSONDecoder().decode(Header.self, from: bytes.subdata(in: 4..<(4 + length)))
        else { throw PDFInputError(.unreadablePage, "\(name): the page reader's answer is damaged") }
        switch header.result {
        case "carriesText": return .carriesText
        case "image":
            guard let origin = header.origin, let fileExtension = header.fileExtension else { break }
            return .image(PDFPageImage(bytes: bytes.subdata(in: (4 + length)..<bytes.count), fileExtension: fileExtension, origin: origin))
        default:
            throw PDFInputError(header.failure ?? .unreadablePage, header.message ?? "\(name): cannot be read")
        }
        throw PDFInputError(.unreadablePage, "\(name): the page reader's answer is damaged")
    }
}

extension IsolatedPage {
    /// The child's side: `arguments` are those after ``command`` (file, page, dpi, force,
    /// memory bytes, seconds). Caps this process, reads the page in process, writes the answer
    /// to standard output. Returns the exit status: 0 once an answer is written, 64 for
    /// arguments that are not a request.
    public static func serve(_ arguments: [String]) -> Int32 {
        guard arguments.count == 6, let number = Int(arguments[1]), let dpi = Int(arguments[2]),
            let memory = Int(arguments[4]), let seconds = Double(arguments[5]),
            // A bound that is not a positive, finite number is not a request: it would trap
            // where it becomes a limit.
            memory > 0, seconds.isFinite, seconds > 0, seconds < 1e9
        else { return 64 }
        ProcessLimits.cap(memoryBytes: memory, seconds: seconds)
        let answer: (Header, Data)
        do {
            let pdf = try ScannedPDF(path: arguments[0])
            switch try pdf.page(number, dpi: dpi, force: arguments[3] == "1") {
            case .carriesText: answer = (Header(result: "carriesText"), Data())
            case .image(let image):
                answer = (Header(result: "image", fileExtension: image.fileExtension, origin: image.origin), image.bytes)
            }
        } catch let error as PDFInputError {
            answer = (Header(result: "failure", failure: error.kind, message: error.description), Data())
        } catch {
            answer = (Header(result: "failure", failure: .unreadablePage, message: "\(arguments[0]) page \(number): \(error)"), Data())
        }
        guard let header = try? JSONEncoder().encode(answer.0) else { return 70 }
        let length = bigEndian(header.count)
        return (try? FileDescriptor.standardOutput.writeAll(length + header + answer.1)) == nil ? 74 : 0
    }
}

/// How a page's child process ended, as its parent saw it.
package enum ChildOutcome: Equatable, Sendable {
    /// It wrote these bytes and exited.
    case answered(Data)
    /// It gave no whole answer before the deadline, and was killed.
    case pastDeadline
    /// It was ended by this signal (`SIGXCPU` at the processor-time bound).
    case signalled(Int32)
}

/// Reading a child's answer from a pipe, with a deadline.
enum ChildAnswer {
    /// Everything written to `handle` until its end, or nil when `deadline` passes first or the
    /// answer grows past `limit` bytes.
    static func read(_ handle: FileHandle, deadline: Date, limit: Int) -> Data? {
        guard let answer = read(handle, upTo: limit + 1, deadline: deadline), answer.count <= limit else { return nil }
        return answer
    }

    /// Up to `count` bytes from `handle`, fewer only when it ends; nil when `deadline` passes
    /// first.
    static func read(_ handle: FileHandle, upTo count: Int, deadline: Date) -> Data? {
        let descriptor = handle.fileDescriptor
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while answer.count < count {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            guard ready > 0 else { continue }
            let wanted = min(buffer.count, count - answer.count)
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return answer }
            answer.append(contentsOf: buffer[0..<got])
        }
        return answer
    }
}
