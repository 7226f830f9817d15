/// An error that carries its sysexits status and a one-line message (`Docs/CLI.md`, "Exit codes").
/// Every error type the CLI can meet conforms, so the status is decided where the error is
/// made, and ``CLIError/init(_:)`` is the one place that turns any error into a status.
package protocol CLIFailure: Error {
    /// The exit status: 64 usage, 65 bad data, 66 input missing, 69 missing dependency,
    /// 70 internal, 73 cannot create output, 74 I/O error, 75 deadline passed.
    var exitCode: Int32 { get }
    /// One line for stderr (after `legible: `).
    var message: String { get }
}

/// A failure the CLI reports as one line on stderr with a sysexits code.
package struct CLIError: CLIFailure {
    /// The sysexits status.
    package var exitCode: Int32
    /// The line for stderr.
    package var message: String
    /// A usage text of ours shown after the message, as it is written (several lines): the
    /// message itself stays one line, whatever names it holds (`Docs/CLI.md`, "Output and
    /// messages").
    package var usage: String?

    /// A failure with `code` (sysexits), the one line `message` and, for a usage error, the
    /// `usage` to show after it.
    package init(code: Int32, message: String, usage: String? = nil) {
        self.exitCode = code
        self.message = message
        self.usage = usage
    }

    /// Any error as a CLI failure: its own status when it declares one, else 70 (internal).
    package init(_ error: Error) {
        if let error = error as? CLIError {
            self = error
        } else if let failure = error as? CLIFailure {
            self.init(code: failure.exitCode, message: failure.message)
        } else {
            self.init(code: 70, message: "\(error)")
        }
    }

    /// 64: the command line is wrong; `usage`, when given, is shown after the message.
    package static func usage(_ message: String, usage: String? = nil) -> CLIError {
        CLIError(code: 64, message: message, usage: usage)
    }
    /// 65: an input is not what it claims to be.
    package static func badData(_ message: String) -> CLIError { CLIError(code: 65, message: message) }
    /// 66: an input is missing.
    package static func missingInput(_ message: String) -> CLIError { CLIError(code: 66, message: message) }
    /// 73: an output cannot be created.
    package static func cannotCreate(_ message: String) -> CLIError { CLIError(code: 73, message: message) }
    /// 74: reading or writing failed.
    package static func io(_ message: String) -> CLIError { CLIError(code: 74, message: message) }
}

/// A closed set of failure kinds, each with its exit status.
package protocol ExitStatus {
    /// The sysexits status of this kind of failure.
    var exitCode: Int32 { get }
}
