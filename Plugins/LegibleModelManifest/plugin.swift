import Foundation
import PackagePlugin

/// Writes `ModelManifest.swift` into the build before the target compiles (`Docs/Recognition.md`,
/// "Handwriting"): each model file's pinned SHA-256 from the package's `Models/MANIFEST.tsv`,
/// the one list the install tools and the tests read too, so a model is swapped by one edit.
/// The file is rewritten only when its text changes, so an unchanged manifest recompiles
/// nothing.
@main
struct LegibleModelManifest: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = """
            mkdir -p "$2" && cd "$1" || exit 1
            out="$2/ModelManifest.swift.new"
            {
                printf '/// Written by the LegibleModelManifest plugin at build time from Models/MANIFEST.tsv.\\n'
                printf 'package enum ModelManifest {\\n'
                printf '    /// Each model file'"'"'s pinned SHA-256 (lower-case hex), by its name as installed.\\n'
                printf '    package static let sha256: [String: String] = [\\n'
                awk -F '\\t' '!/^#/ && NF >= 2 && $1 ~ /^[A-Za-z0-9._-]+$/ && $2 ~ /^[0-9a-f]+$/ { printf "        \\"%s\\": \\"%s\\",\\n", $1, $2 }' Models/MANIFEST.tsv
                printf '    ]\\n}\\n'
            } > "$out"
            if cmp -s "$out" "$2/ModelManifest.swift"; then rm "$out"; else mv "$out" "$2/ModelManifest.swift"; fi
            """
        return [
            .prebuildCommand(
                displayName: "Legible's model manifest from Models/MANIFEST.tsv", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path], outputFilesDirectory: folder)
        ]
    }
}
