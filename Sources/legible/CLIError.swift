/// A failure the CLI reports as one line on stderr with a sysexits code (README, "Exit codes"):
/// 64 usage, 65 bad data, 66 input missing, 69 missing dependency, 70 internal, 73 cannot
/// create output, 74 I/O error.
struct CLIError: Error {
    var code: Int32
    var message: String

    static func usage(_ message: String) -> CLIError { CLIError(code: 64, message: message) }
    static func badData(_ message: String) -> CLIError { CLIError(code: 65, message: message) }
    static func missingInput(_ message: String) -> CLIError { CLIError(code: 66, message: message) }
    static func cannotCreate(_ message: String) -> CLIError { CLIError(code: 73, message: message) }
    static func io(_ message: String) -> CLIError { CLIError(code: 74, message: message) }
}
