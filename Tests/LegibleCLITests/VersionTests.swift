import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// `legible --version`, the manual page and the completions (`Docs/CLI.md`, "Version",
/// "Manual and completion"), in process.
@Suite("legible --version, the manual page and the completions")
struct VersionTests {
    /// The commit the checkout is at, nil outside a git checkout.
    static var head: String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", Repository.root.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test("one line names the version, the commit built, Tesseract and ONNX Runtime; --json every model file with its SHA-256")
    func version() throws {
        let line = try legible(["--version"])
        #expect(line.status == 0 && line.stdout.split(separator: "\n").count == 1, "\(line.stderr)")
        #expect(line.stdout.hasPrefix("legible ") && line.stdout.contains(", Tesseract 5.") && line.stdout.contains("ONNX Runtime "))
        let json = try legible(["--version", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        if let head = Self.head {
            // Built from this checkout: the commit is the one checked out (the tree may be dirty).
            #expect(report["commit"] as? String == head, "\(report["commit"] ?? "")")
        }
        let models = try #require(report["models"] as? [[String: Any]])
        let pinned = try String(contentsOf: Repository.root.appendingPathComponent("Models/MANIFEST.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").prefix(2).reversed().map(String.init) }
        #expect(Set(models.map { [$0["sha256"] as? String ?? "", $0["name"] as? String ?? ""] }) == Set(pinned))
        if models.allSatisfy({ $0["path"] is String }) { #expect(report["onnxRuntime"] as? String == "1.22.0") }
        // A usage error: its line, then the usage.
        let yaml = try legible(["--version", "--yaml"])
        #expect(yaml.status == 64 && yaml.stderr.hasPrefix("legible: --version takes only --json\nusage: "), "\(yaml.stderr)")
    }

    @Test("the manual page and the completions name every command and option of the table, and every value of a closed set")
    func manualAndCompletion() throws {
        let overview = try legible(["help"]).stdout
        let commands = overview.split(separator: "\n").dropFirst().compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ").first : nil }
        #expect(commands.count >= 20)
        let man = try legible(["help", "--man"])
        #expect(man.status == 0 && man.stdout.hasPrefix(".TH LEGIBLE 1 "))
        let bash = try legible(["help", "--completion", "bash"]).stdout
        let zsh = try legible(["help", "--completion", "zsh"]).stdout
        for command in commands {
            #expect(man.stdout.contains(".SS \(command)\n"), "man: \(command)")
            let help = try legible(["help", String(command)]).stdout
            // Every option spelling in `help COMMAND` is offered by both completions and in the page.
            let options = Set(
                help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "," })
                    .filter { $0.hasPrefix("--") && $0.count > 2 && $0.allSatisfy { $0.isLetter || $0 == "-" } }.map(String.init))
            for option in options {
                #expect(bash.contains(option) && zsh.contains(option), "\(command) \(option)")
                #expect(man.stdout.contains(option.replacingOccurrences(of: "-", with: "\\-")), "man: \(command) \(option)")
            }
        }
        #expect(bash.contains("\"ingest --reader\") COMPREPLY=($(compgen -W \"tesseract handwriting auto\""))
        let fish = try legible(["help", "--completion", "fish"])
        #expect(fish.status == 64 && fish.stderr.hasPrefix("legible: help --completion takes bash or zsh\nusage: "), "\(fish.stderr)")
    }
}
