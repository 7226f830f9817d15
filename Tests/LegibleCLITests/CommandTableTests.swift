import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// The command table is the one declaration of every command (`Docs/CLI.md`, "Command
/// table"): `--help` comes from it, and `Docs/CLI.md`'s reference must say the same.
@Suite("Command table, --help and the CLI reference agree")
struct CommandTableTests {
    /// Option names (`-o`, `--format`) in a usage or reference line, in order.
    static func options(in line: String) -> [String] {
        line.split(whereSeparator: { " []|.".contains($0) }).map(String.init).filter { token in
            (token.hasPrefix("--") && token.count > 2) || (token.count == 2 && token.hasPrefix("-") && token.last!.isLetter)
        }
    }

    /// The reference lines of `Docs/CLI.md`, `legible COMMAND …`, by command.
    static func readmeReference() throws -> [String: String] {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        var lines: [String: String] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("legible ") {
            let name = String(line.split(separator: " ")[1])
            if lines[name] == nil { lines[name] = String(line) }
        }
        return lines
    }

    static func commands() throws -> [String] {
        let overview = try legible(["--help"])
        return overview.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
    }

    @Test("every command's options appear in its --help and in the CLI reference, and no others")
    func helpAndReadmeAgree() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 12, "\(commands)")
        let reference = try Self.readmeReference()
        for command in commands {
            let help = try legible(["help", command])
            #expect(help.status == 0)
            let usage = String(help.stdout.split(separator: "\n").first ?? "")
            #expect(usage.hasPrefix("usage: legible \(command)"))
            let declared = Self.options(in: usage)
            #expect(!declared.isEmpty || ["text", "rects", "hit", "dump", "edit"].contains(command), "no options found for \(command)")
            guard let documented = reference[command] else {
                Issue.record("Docs/CLI.md's reference has no line for \(command)")
                continue
            }
            #expect(Self.options(in: documented) == declared, "Docs/CLI.md: \(documented)\n--help: \(usage)")
            #expect(documented == "legible " + usage.dropFirst("usage: legible ".count), "the reference line differs from --help")
            for option in declared { #expect(help.stdout.contains("  \(option)"), "\(command) --help does not explain \(option)") }
        }
    }

    @Test("a command's --help and `legible help COMMAND` are the same text, exit 0")
    func helpSpellings() throws {
        for command in try Self.commands() {
            let flag = try legible([command, "--help"])
            let word = try legible(["help", command])
            #expect(flag.status == 0 && flag.stdout == word.stdout)
        }
    }

    @Test("an unknown command or option, and a missing required option, are usage errors with the usage shown")
    func usageErrors() throws {
        for arguments in [
            ["frobnicate"], ["text", "--frob", "x"], ["move", "page.json", "0"], ["eval", "x.json"], ["render", "x.json"],
        ] {
            let run = try legible(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status)")
            #expect(run.stderr.contains("usage: legible"), "\(arguments): \(run.stderr)")
        }
    }

}
