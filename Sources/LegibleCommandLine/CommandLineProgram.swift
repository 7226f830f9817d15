import Foundation
import LegibleSystem

/// A program's subcommands, and the one place where a command line becomes a command run and
/// any failure becomes an exit status and one line on stderr (`Docs/CLI.md`, "Command table").
package struct CommandLineProgram: Sendable {
    /// What runs a parsed command and returns its exit status.
    package typealias Runner = @Sendable (ParsedCommand) throws -> Int32

    /// Every command, declared once: its declaration gives parsing, validation, usage and
    /// `help COMMAND`.
    package var commands: [CommandSpec]
    /// The overview's last line: what each exit status means.
    package var exitCodes: String
    /// What `--version` prints: one line, or with `json` every detail as JSON.
    package var version: @Sendable (_ json: Bool) throws -> String = { _ in "legible" }
    /// The version alone (a tag, or the commit), for the manual page's header.
    package var versionNumber = ""

    /// A program of `commands`, whose overview ends with `exitCodes`.
    package init(commands: [CommandSpec], exitCodes: String) {
        self.commands = commands
        self.exitCodes = exitCodes
    }

    /// The top-level usage: every command's usage line, then the exit codes.
    package var overview: String {
        (["usage: legible <command> [options]   (legible help COMMAND for details; legible --version [--json])"]
            + commands.map { "  " + $0.usage.replacingOccurrences(of: "usage: legible ", with: "") } + [exitCodes])
            .joined(separator: "\n")
    }

    /// `help [COMMAND]`, `--help`, `COMMAND --help`.
    package func help(_ name: String?) throws -> Int32 {
        guard let name else {
            try Console.out(overview + "\n")
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            throw CLIError.usage("unknown command \"\(name)\"", usage: overview)
        }
        try Console.out(command.help + "\n")
        return 0
    }

    /// How `help` is used.
    static let helpUsage = "usage: legible help [COMMAND | --man | --completion bash|zsh]"

    /// `help --man` (the manual page) and `help --completion bash|zsh`; nil for any other
    /// `help` arguments.
    func manual(_ arguments: [String]) throws -> String? {
        switch arguments.first {
        case "--man":
            guard arguments.count == 1 else { throw CLIError.usage("help --man takes nothing more", usage: Self.helpUsage) }
            return manualPage(version: versionNumber)
        case "--completion":
            guard arguments.count == 2, let shell = Shell(rawValue: arguments[1]) else {
                throw CLIError.usage("help --completion takes bash or zsh", usage: Self.helpUsage)
            }
            return completion(shell)
        default: return nil
        }
    }

    /// Runs one command line; every failure is mapped to its status here, once. `runners`
    /// replace the table's own for the commands they name (an executable that runs some
    /// commands itself).
    package func run(_ arguments: [String], replacing runners: [String: Runner] = [:]) -> Int32 {
        do {
            guard let name = arguments.first else { throw CLIError.usage("no command given", usage: overview) }
            let rest = Array(arguments.dropFirst())
            if name == "help", let page = try manual(rest) {
                try Console.out(page)
                return 0
            }
            if ["-h", "--help", "help"].contains(name) { return try help(rest.first) }
            if name == "--version" {
                guard rest.isEmpty || rest == ["--json"] else {
                    throw CLIError.usage("--version takes only --json", usage: "usage: legible --version [--json]")
                }
                try Console.out(try version(rest == ["--json"]) + "\n")
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown command \"\(name)\"", usage: overview)
            }
            if rest.contains("--help") || rest.contains("-h") { return try help(name) }
            return try (runners[name] ?? command.run)(try ParsedCommand(rest, spec: command))
        } catch {
            let failure = CLIError(error)
            Console.message(failure.message)
            if let usage = failure.usage { Console.messageBytes(usage + "\n") }
            return failure.exitCode
        }
    }

    /// The process's arguments after its name. An argument that is not UTF-8 is refused (64):
    /// Swift would read it with replacement characters, so a file that exists was reported
    /// missing and `render -o` wrote a file of another name (`Docs/CLI.md`, "Bad input").
    package static func processArguments() throws -> [String] {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            guard let text = String(validatingCString: pointer) else {
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
                let shown = TerminalText.escaped(String(decoding: bytes, as: UTF8.self), keepingNewlines: false)
                throw CLIError.usage(
                    "argument \(index) (\(shown)) is not UTF-8; legible names files by UTF-8 paths only, so it refuses rather than read or write another name"
                )
            }
            arguments.append(text)
        }
        return arguments
    }
}
