import Foundation
import PackagePlugin

/// Writes `TrainerSource.swift` into the build before the target compiles (`Docs/Learning.md`,
/// "The trainer"): each Python file of the package's `Trainer/` folder, by name, in base64. The
/// trainer `legible adapt` runs is then the code built into the binary, written into the run's
/// private folder, never a file found at run time. The file is rewritten only when its text
/// changes, so an unchanged trainer recompiles nothing.
@main
struct LegibleTrainerSource: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = """
            mkdir -p "$2" && cd "$1" || exit 1
            out="$2/TrainerSource.swift.new"
            {
                printf '/// Written by the LegibleTrainerSource plugin at build time from Trainer/*.py.\\n'
                printf 'package enum TrainerSource {\\n    /// Each file: its name and its bytes in base64.\\n'
                printf '    package static let files: [(name: String, base64: String)] = [\\n'
                for file in Trainer/*.py; do
                    printf '        ("%s", "%s"),\\n' "$(basename "$file")" "$(base64 -w0 "$file")"
                done
                printf '    ]\\n}\\n'
            } > "$out"
            if cmp -s "$out" "$2/TrainerSource.swift"; then rm "$out"; else mv "$out" "$2/TrainerSource.swift"; fi
            """
        return [
            .prebuildCommand(
                displayName: "Legible's trainer from Trainer/", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path], outputFilesDirectory: folder)
        ]
    }
}
