import Foundation
import PackagePlugin

/// Writes `ModelManifest.swift` into the build before the target compiles (`Docs/Recognition.md`,
/// "Handwriting"): each model file's pinned SHA-256 from the package's `Models/MANIFEST.tsv`,
/// the one list the install tools and the tests read too, so a model is swapped by one edit.
/// A build command with the manifest as its input, not a prebuild command: SwiftPM skips a
/// build whose sources are unchanged before it runs any prebuild command, so an edit to the
/// manifest alone left the old hashes built in.
@main
struct LegibleModelManifest: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let manifest = context.package.directoryURL.appending(path: "Models/MANIFEST.tsv")
        let output = context.pluginWorkDirectoryURL.appending(path: "generated/ModelManifest.swift")
        let script = """
            mkdir -p "$(dirname "$2")" || exit 1
            out="$2.new"
            {
                printf '/// Written by the LegibleModelManifest plugin at build time from Models/MANIFEST.tsv.\\n'
                printf 'package enum ModelManifest {\\n'
                printf '    /// Each model file'"'"'s pinned SHA-256 (lower-case hex), by its name as installed.\\n'
                printf '    package static let sha256: [String: String] = [\\n'
                awk -F '\\t' '!/^#/ && NF >= 2 && $1 ~ /^[A-Za-z0-9._-]+$/ && $2 ~ /^[0-9a-f]+$/ { printf "        \\"%s\\": \\"%s\\",\\n", $1, $2 }' "$1"
                printf '    ]\\n}\\n'
            } > "$out" && mv "$out" "$2"
            """
        return [
            .buildCommand(
                displayName: "Legible's model manifest from Models/MANIFEST.tsv", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", manifest.path, output.path], inputFiles: [manifest], outputFiles: [output])
        ]
    }
}
