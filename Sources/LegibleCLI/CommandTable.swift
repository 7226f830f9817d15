import Foundation
import LegibleCommandLine
import LegibleNotebook
import LegibleOCR
import LegiblePDFInput
import LegibleRecognition
import LegibleSystem

/// The CLI's commands (`Docs/CLI.md`, "Command table"), run by ``CommandLineProgram``.
package enum CommandTable {
    /// Every command, declared once: its declaration gives parsing, validation, usage and
    /// `legible help COMMAND`. See `Docs/CLI.md`, "Reference" and "Exit codes".
    static let program: CommandLineProgram = {
        var program = CommandLineProgram(
            commands: [
                IngestCommand.spec, QueryCommands.textSpec, QueryCommands.rectsSpec, QueryCommands.caretSpec, QueryCommands.hitSpec,
                QueryCommands.moveSpec, RenderCommand.spec, DumpCommand.spec, ReadCommands.readSpec, ReadCommands.saveSpec,
                ReadCommands.clippingsSpec, EditCommand.spec, AlignCommand.spec, SpeakCommand.spec, HTMLCommand.spec, PDFCommand.spec,
                PresentCommand.spec, ViewCommand.spec, EvalCommand.spec, ReviewCommand.spec, AdaptCommand.spec, StatusCommand.spec,
            ],
            exitCodes: "exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 69 missing dependency, 70 internal error, "
                + "73 cannot create output, 74 I/O error, 75 page deadline passed or document changed meanwhile")
        program.versionNumber = BuildVersion.describe
        program.version = { json in
            let report = VersionReport(
                version: BuildVersion.describe, commit: BuildVersion.commit, executable: DesktopCommands.ownPath(),
                environment: ProcessInfo.processInfo.environment)
            return json ? try report.json() : report.line
        }
        return program
    }()

    /// Runs the process's own command line. `runners` replace the table's own for the commands
    /// they name: `legible-desktop` runs the desktop commands itself (``DesktopCommands``).
    package static func runCommandLine(replacing runners: [String: CommandLineProgram.Runner] = [:]) -> Int32 {
        // A PDF page read in a bounded process of its own is this executable again
        // (`Docs/PDF.md`, "Bounds on reading a page").
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == IsolatedPage.command {
            return IsolatedPage.serve(Array(CommandLine.arguments.dropFirst(2)))
        }
        // A model given to --model is tried by this executable again, in a bounded process
        // (`Docs/Hardening.md`, "Models that crash Tesseract").
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == AdaptedModel.trialCommand {
            return AdaptedModel.serveTrial(Array(CommandLine.arguments.dropFirst(2)))
        }
        if CommandLine.arguments.count == 2, CommandLine.arguments[1] == IsolatedPage.serverCommand {
            return IsolatedPage.serveRequests()
        }
        do {
            return program.run(try CommandLineProgram.processArguments(), replacing: runners)
        } catch {
            let failure = CLIError(error)
            Console.message(failure.message)
            return failure.exitCode
        }
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
        let status = Console.$capture.withValue(capture) { $executable.withValue(executable) { program.run(arguments) } }
        return (status, capture.output, capture.messages)
    }

    /// The `legible` executable children are started from, when this process is not it (a
    /// command run in process by ``runCaptured(_:executable:)``); nil in `legible` itself.
    @TaskLocal package static var executable: String?
}
