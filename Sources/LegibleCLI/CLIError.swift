import LegibleImport
import LegibleIngest
import LegibleNotebook
import LegibleOCR
import LegiblePDF
import LegiblePDFInput
import LegibleReading
import LegibleSystem

/// An error that carries its sysexits status and a one-line message (README, "Exit codes").
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
struct CLIError: CLIFailure {
    package var exitCode: Int32
    package var message: String

    init(code: Int32, message: String) {
        self.exitCode = code
        self.message = message
    }

    /// Any error as a CLI failure: its own status when it declares one, else 70 (internal).
    init(_ error: Error) {
        if let failure = error as? CLIFailure {
            self.init(code: failure.exitCode, message: failure.message)
        } else {
            self.init(code: 70, message: "\(error)")
        }
    }

    static func usage(_ message: String) -> CLIError { CLIError(code: 64, message: message) }
    static func badData(_ message: String) -> CLIError { CLIError(code: 65, message: message) }
    static func missingInput(_ message: String) -> CLIError { CLIError(code: 66, message: message) }
    static func cannotCreate(_ message: String) -> CLIError { CLIError(code: 73, message: message) }
    static func io(_ message: String) -> CLIError { CLIError(code: 74, message: message) }
}

extension OCRError: CLIFailure {
    package var message: String { description }
}

extension ImportError: CLIFailure {
    /// A layout file that cannot be imported is bad data.
    package var exitCode: Int32 { 65 }
    package var message: String { description }
}

extension ClippingsStore.StoreError: CLIFailure {
    package var exitCode: Int32 {
        switch kind {
        case .notAStore: return 65
        case .io: return 74
        }
    }
    package var message: String { description }
}

/// A closed set of failure kinds, each with its exit status.
package protocol ExitStatus {
    /// The sysexits status of this kind of failure.
    var exitCode: Int32 { get }
}

extension KindedError: CLIFailure where Kind: ExitStatus {
    package var exitCode: Int32 { kind.exitCode }
    package var message: String { description }
}

extension FileFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .missingInput: return 66
        case .tooLarge: return 65
        case .cannotCreate: return 73
        case .io: return 74
        }
    }
}

extension IngestFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .missingInput: return 66
        case .noReader: return 70
        case .corrected: return 73
        }
    }
}

extension PDFInputFailure: ExitStatus {
    /// Every PDF that cannot be read is bad data, as an unreadable image is; a page that ran
    /// past its deadline is 75, as recognition past it is.
    package var exitCode: Int32 { self == .deadline ? 75 : 65 }
}

extension NotebookPDF.Failure: CLIFailure {
    /// A scan that cannot be placed in a PDF is bad data.
    package var exitCode: Int32 { 65 }
    package var message: String { description }
}

extension NotebookFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .badData: return 65
        case .missingInput: return 66
        case .missingDependency: return 69
        case .internalError: return 70
        case .busy: return 75
        }
    }
}
