import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// The two executables (`Docs/CLI.md`, "Two executables"): what each links, and what `legible`
/// says when its desktop helper is missing. Both need the built binaries.
@Suite("legible and legible-desktop")
struct DesktopHelperTests {
    /// `legible` links none of the GTK stack (`Docs/CLI.md`, "Two executables"); the desktop
    /// commands run in `legible-desktop` beside it.
    @Test("legible links no GTK, ATK or AT-SPI library; legible-desktop does")
    func desktopLibrariesStayOutOfLegible() throws {
        let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
        let lean = try runProcess(ldd, [Repository.legibleExecutable.path], environment: [:])
        let helper = Repository.legibleExecutable.deletingLastPathComponent().appendingPathComponent("legible-desktop")
        let desktop = try runProcess(ldd, [helper.path], environment: [:])
        #expect(lean.status == 0 && desktop.status == 0)
        for library in ["libgtk-3", "libatk-1.0", "libatk-bridge-2.0", "libatspi"] {
            #expect(!lean.stdout.contains(library), "legible links \(library)")
            #expect(desktop.stdout.contains(library), "legible-desktop does not link \(library)")
        }
    }

    @Test("a desktop command without legible-desktop beside legible: one line, exit 69")
    func desktopHelperMissing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = URL(fileURLWithPath: folder).appendingPathComponent("legible")
        // Copied by `cp`, not in this process: a file this process holds open for writing is
        // inherited by any child another test forks meanwhile, and running it then fails with
        // "Text file busy" (ETXTBSY).
        let cp = try runProcess(
            URL(fileURLWithPath: "/bin/cp"), [Repository.legibleExecutable.path, copy.path], environment: [:])
        try #require(cp.status == 0, "\(cp.stderr)")
        for command in ["view", "present"] {
            let run = try runProcess(copy, [command, "page.json"], environment: [:])
            #expect(run.status == 69)
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("legible-desktop"), "\(run.stderr)")
        }
    }
}
