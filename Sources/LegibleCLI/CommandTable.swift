import Foundation
import LegiblePDFInput
import LegibleSystem

/// The CLI's commands and the one place where a command line becomes a command run and any
/// failure becomes an exit status (`Docs/CLI.md`, "Command table").
package enum CommandTable {
    /// Every command, declared once: its declaration gives parsing, validation, usage and
    /// `legible help COMMAND`. See README.md for the reference and exit codes.
    static let commands: [CommandSpec] = [
        IngestCommand.spec, QueryCommands.textSpec, QueryCommands.rectsSpec, QueryCommands.caretSpec, QueryCommands.hitSpec,
        QueryCommands.moveSpec, RenderCommand.spec, DumpCommand.spec, ReadCommands.readSpec, ReadCommands.saveSpec,
        ReadCommands.clippingsSpec, EditCommand.spec, AlignCommand.spec, SpeakCommand.spec, HTMLCommand.spec, PDFCommand.spec,
        PresentCommand.spec,
        ViewCommand.spec,
        EvalCommand.spec,
        StatusCommand.spec,
    ]

    /// The top-level usage: every command's usage line, then the exit codes.
    static var overview: String {
        (["usage: legible <command> [options]   (legible help COMMAND for details)"]
            + commands.map { "  " + $0.usage.replacingOccurrences(of: "usage: legible ", with: "") }
            + [
                "exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 69 missing dependency, 70 internal error, "
                    + "73 cannot create output, 74 I/O error, 75 page deadline passed or document changed meanwhile"
            ]).joined(separator: "\n")
    }

    /// `legible help [COMMAND]`, `legible --help`, `legible COMMAND --help`.
    static func help(_ name: String?) throws -> Int32 {
        guard let name else {
            try Console.out(overview + "\n")
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw CLIError.usage("unknown command \"\(name)\"\n" + overview)
        }
        try Console.out(command.help + "\n")
        return 0
    }

    /// What runs a parsed command and returns its exit status.
    package typealias Runner = @Sendable (ParsedCommand) throws -> Int32

    /// Runs one command line; every failure is mapped to its status here, once. `runners`
    /// replace the table's own for the commands they name: `legible-desktop` runs the desktop
    /// commands itself (``DesktopCommands``).
    /// Runs the process's own command line. An argument that is not UTF-8 is refused (64):
    /// Swift would read it with replacement characters, so a file that exists was reported
    /// missing and `render -o` wrote a file of another name (`Docs/CLI.md`, "Bad input").
    package static func runCommandLine(replacing runners: [String: Runner] = [:]) -> Int32 {
        // A PDF page read in a bounded process of its own is this executable again
        // (`Docs/PDF.md`, "Bounds on reading a page").
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == IsolatedPage.command {
            return IsolatedPage.serve(Array(CommandLine.arguments.dropFirst(2)))
        }
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            guard let text = String(validatingCString: pointer) else {
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
                let shown = TerminalText.escaped(String(decoding: bytes, as: UTF8.self), keepingNewlines: false)
                let failure = CLIError.usage(
                    "argument \(index) (\(shown)) is not UTF-8; legible names files by UTF-8 paths only, so it refuses rather than read or write another name"
                )
                Console.message(failure.message)
                return failure.exitCode
            }
            arguments.append(text)
        }
        return run(arguments, replacing: runners)
    }

    /// Runs one command line in this process, its output and messages captured instead of
    /// written to the process's streams (``Console/capture``): the status, stdout's bytes and
    /// the message lines. What needs a process of its own (signals, a closed or full stdout,
    /// resource limits, children that are this executable again) is run as a process instead
    /// (`Docs/Architecture.md`, "Tests").
    /// `executable` is the `legible` that children (a PDF page read in a bounded process) are
    /// started from, as this process is not it.
    package static func runCaptured(_ arguments: [String], executable: String) -> (status: Int32, output: Data, messages: String) {
        let capture = Console.Capture()
        let status = Console.$capture.withValue(capture) { $executable.withValue(executable) { run(arguments) } }
        return (status, capture.output, capture.messages)
    }

    /// The `legible` executable children are started from, when this process is not it (a
    /// command run in process by ``runCaptured(_:executable:)``); nil in `legible` itself.
    @TaskLocal package static var executable: String?

    package static func run(_ arguments: [String], replacing runners: [String: Runner] = [:]) -> Int32 {
        do {
            guard let name = arguments.first else { throw CLIError.usage(overview) }
            let rest = Array(arguments.dropFirst())
            if ["-h", "--help", "help"].contains(name) { return try help(rest.first) }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown command \"\(name)\"\n" + overview)
            }
            if rest.contains("--help") || rest.contains("-h") { return try help(name) }
            return try (runners[name] ?? command.run)(try ParsedCommand(rest, spec: command))
        } catch {
            let failure = CLIError(error)
            Console.message(failure.message)
            return failure.exitCode
        }
    }
}
