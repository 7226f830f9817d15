import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` into the build before the target compiles (`Docs/CLI.md`,
/// "Version"): the version `git describe --tags` gives (the commit where there is no tag) and
/// the commit, read from the package's own checkout; "unknown" outside one. The file is
/// rewritten only when its text changes, so an unchanged checkout recompiles nothing.
@main
struct LegibleVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = """
            mkdir -p "$2" && cd "$1" || exit 1
            describe=$(git describe --tags --always --dirty 2>/dev/null || echo unknown)
            commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
            printf '/// Written by the LegibleVersion plugin at build time.\\npackage enum BuildVersion {\\n    /// `git describe --tags --always --dirty` of the checkout built.\\n    package static let describe = "%s"\\n    /// The commit built.\\n    package static let commit = "%s"\\n}\\n' "$describe" "$commit" > "$2/BuildVersion.swift.new"
            if cmp -s "$2/BuildVersion.swift.new" "$2/BuildVersion.swift"; then rm "$2/BuildVersion.swift.new"; else mv "$2/BuildVersion.swift.new" "$2/BuildVersion.swift"; fi
            """
        return [
            .prebuildCommand(
                displayName: "Legible's version from git", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path], outputFilesDirectory: folder)
        ]
    }
}
