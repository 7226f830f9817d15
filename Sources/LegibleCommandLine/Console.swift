import Foundation
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The CLI's one door to its standard streams (`Docs/CLI.md`, "Output and messages").
///
/// - Data goes to stdout through ``out(_:)``, which reports a lost write (a closed pipe, a full
///   disk) as ``CLIError`` 74 instead of trapping or claiming success. `SIGPIPE` is ignored so a
///   closed reader shows up as `EPIPE` here.
/// - Messages go through ``message(_:)`` to a private copy of the original stderr. Descriptor 2
///   itself is pointed at `/dev/null` by ``start()``, so whatever the C libraries print on their
///   own (libpng, libjpeg, libtiff, Leptonica, Tesseract) never reaches the user: every message
///   the user sees is ours, one line each.
/// - Text from documents may hold control characters; written to a terminal they are shown
///   escaped (`\u{1B}`), so a page cannot move the cursor, retitle the window or hide output.
package enum Console {
    /// What ``start()`` set up, fixed for the rest of the process. Descriptors 1 and 2 belong
    /// to the process, so the console is one per process; its state is made once, on the
    /// first use, and never changes after, so it needs no lock.
    private struct State: Sendable {
        /// The descriptor messages are written to: a duplicate of the original stderr.
        var messages: Int32 = 2
        var stdoutIsTerminal = false

        /// Ignores `SIGPIPE` and `SIGXFSZ`, gives `SIGQUIT` its default, and moves library
        /// chatter off the user's stderr.
        static func start() -> State {
            signal(SIGPIPE, SIG_IGN)
            signal(SIGXFSZ, SIG_IGN)
            signal(SIGQUIT, SIG_DFL)
            var state = State(stdoutIsTerminal: isatty(1) != 0)
            // A maintainer chasing a crash of legible itself wants the runtime's report, which
            // would otherwise go to /dev/null with the libraries' chatter.
            guard getenv("LEGIBLE_KEEP_STDERR") == nil else { return state }
            let copy = fcntl(2, F_DUPFD_CLOEXEC, 3)
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            guard copy >= 0, null >= 0 else { return state }
            state.messages = copy
            dup2(null, 2)
            close(null)
            return state
        }
    }

    private static let state = State.start()

    /// Where a command run in this process writes instead of the process's streams, for the
    /// task that runs it (``CommandTable/runCaptured(_:)``): its output and its messages, kept
    /// in memory. The process's descriptors are then never touched (`Docs/Architecture.md`,
    /// "Tests").
    @TaskLocal package static var capture: Capture?

    /// What a command run in process printed.
    package final class Capture: @unchecked Sendable {
        // Sendable by its lock, which guards both buffers: workers may print from their threads.
        private let lock = NSLock()
        private var outputBytes = Data()
        private var messageBytes = Data()

        /// An empty capture.
        package init() {}

        /// Everything written to stdout, byte for byte.
        package var output: Data { lock.withLock { outputBytes } }
        /// Every message line, `legible: ` first, as the user's stderr would have shown them.
        package var messages: String { lock.withLock { String(decoding: messageBytes, as: UTF8.self) } }

        /// Appends `data` to the output (`toOutput`) or to the messages.
        package func write(_ data: Data, toOutput: Bool) {
            lock.withLock {
                if toOutput { outputBytes += data } else { messageBytes += data }
            }
        }
    }

    /// The descriptor messages are written to, for a C library that must write its own line
    /// (after ``start()``, a duplicate of the original stderr).
    package static var messageDescriptor: Int32 { state.messages }

    /// Ignores `SIGPIPE` and `SIGXFSZ` and moves library chatter off the user's stderr. Call
    /// once, first. With `SIGXFSZ` ignored, a write past the file-size limit fails with `EFBIG`
    /// and is reported like a full disk (74), instead of killing the process mid-batch.
    ///
    /// `SIGQUIT` gets its default action back: the Swift runtime's backtracer catches it, so a
    /// user's Ctrl+\\ was swallowed while `legible` waited on a pipe or served the bus
    /// (`Docs/Hardening.md`, "Classes closed").
    package static func start() { _ = state }

    /// Gives descriptor 2 back its original target before `execv`, whose new image calls
    /// ``start()`` again (the private copy is close-on-exec).
    package static func restoreForExec() {
        if state.messages != 2 { dup2(state.messages, 2) }
    }

    /// Whether messages go to a terminal (progress bars are drawn only then).
    package static var messagesAreTerminal: Bool { capture == nil && isatty(state.messages) != 0 }

    /// Writes `text` to stdout, escaping control characters when stdout is a terminal.
    /// - Throws: ``CLIError`` 74 when the bytes could not all be written.
    package static func out(_ text: String) throws {
        if let capture { return capture.write(Data(text.utf8), toOutput: true) }
        let shown = state.stdoutIsTerminal ? TerminalText.escaped(text) : text
        try out(Data(shown.utf8))
    }

    /// Writes `data` to stdout unchanged (JSON, which escapes control characters itself).
    package static func out(_ data: Data) throws {
        if let capture { return capture.write(data, toOutput: true) }
        do {
            try FileDescriptor.standardOutput.writeAll(data)
        } catch {
            throw CLIError.io("cannot write to standard output: \(error)")
        }
    }

    /// Writes one message line, `legible: ` first, to the user's stderr. Control characters in
    /// it, line ends included, are escaped (`\u{A}`), so a file name holding one cannot split
    /// the message or drive the terminal. A failure to write a message is ignored: the exit
    /// status still tells.
    package static func message(_ line: String) {
        let bytes = Data("legible: \(TerminalText.escaped(line, keepingNewlines: false))\n".utf8)
        if let capture { return capture.write(bytes, toOutput: false) }
        try? FileDescriptor(rawValue: state.messages).writeAll(bytes)
    }

    /// Writes raw bytes (a progress bar's redraw) to the user's stderr.
    package static func messageBytes(_ text: String) {
        if let capture { return capture.write(Data(text.utf8), toOutput: false) }
        try? FileDescriptor(rawValue: state.messages).writeAll(Data(text.utf8))
    }
}
