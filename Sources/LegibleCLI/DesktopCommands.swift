import Foundation
import LegibleCommandLine
import LegibleSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The commands that need a desktop's libraries — `present` (ATK, AT-SPI) and `view` (GTK) —
/// run in a second executable, `legible-desktop`, installed beside `legible` (`Docs/CLI.md`,
/// "Two executables"). `legible` itself then links none of the GTK stack, whose libraries
/// cost every ingest resident memory (`Docs/Recognition.md`, "Speed and memory").
package enum DesktopCommands {
    /// The executable that runs the desktop commands.
    package static let executableName = "legible-desktop"

    /// Replaces this process with `legible-desktop` beside it, given the same arguments (argv[0]
    /// included): the command's output, exit status and signals are then the helper's own. Throws 69 when the
    /// helper is missing or cannot start.
    @Sendable static func handOver(_ command: ParsedCommand) throws -> Int32 {
        let helper = (ownPath() as NSString).deletingLastPathComponent + "/" + executableName
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            throw CLIError(code: 69, message: "`legible \(command.spec.name)` needs \(executableName) beside legible, at \(helper)")
        }
        // The helper keeps our argv[0], so the window, the bus and `ps` still name "legible".
        var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        Console.restoreForExec()
        execv(helper, &arguments)
        let reason = Errno.current.description
        Console.start()
        throw CLIError(code: 69, message: "could not start \(helper): \(reason)")
    }

    /// This executable's path, symbolic links resolved; for a command run in process, the
    /// `legible` executable it was given (``CommandTable/executable``).
    static func ownPath() -> String {
        CommandTable.executable ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}
