import Foundation
import PackagePlugin

/// Writes `TrainerSource.swift` into the build before the target compiles (`Docs/Learning.md`,
/// "The trainer"): each Python file of the package's `Trainer/` folder, by name, in base64. The
/// trainer `legible adapt` runs is then the code built into the binary, written into the run's
/// private folder, never a file found at run time. A build command with the trainer's files as
/// its inputs, not a prebuild command: SwiftPM skips a build whose sources are unchanged before
/// it runs any prebuild command, so an edit to the trainer alone left the old trainer built in.
@main
struct LegibleTrainerSource: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let trainer = context.package.directoryURL.appending(path: "Trainer")
        let sources = try FileManager.default.contentsOfDirectory(atPath: trainer.path).filter { $0.hasSuffix(".py") }.sorted()
            .map { trainer.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "generated/TrainerSource.swift")
        let script = """
            mkdir -p "$(dirname "$2")" && cd "$1" || exit 1
            out="$2.new"
            {
                printf '/// Written by the LegibleTrainerSource plugin at build time from Trainer/*.py.\\n'
                printf 'package enum TrainerSource {\\n    /// Each file: its name and its bytes in base64.\\n'
                printf '    package static let files: [(name: String, base64: String)] = [\\n'
                for file in Trainer/*.py; do
                    printf '        ("%s", "%s"),\\n' "$(basename "$file")" "$(base64 -w0 "$file")"
                done
                printf '    ]\\n}\\n'
            } > "$out" && mv "$out" "$2"
            """
        return [
            .buildCommand(
                displayName: "Legible's trainer from Trainer/", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path], inputFiles: sources, outputFiles: [output])
        ]
    }
}
