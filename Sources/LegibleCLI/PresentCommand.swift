/// `legible present PAGE.json...`: the notebook on the accessibility bus, so Orca and any
/// AT-SPI client read it (`Docs/ATSPI.md`). Declared here for parsing and help; it runs in
/// `legible-desktop` (``DesktopCommands``).
import LegibleCommandLine

package enum PresentCommand {
    static let spec = CommandSpec(
        name: "present", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary:
            "Serves the notebook on the accessibility bus (AT-SPI) until SIGINT, SIGTERM or the end of stdin; prints `ready` once clients can see it.",
        options: [ReadCommands.storeFile.spec, ViewCommand.title.spec], run: DesktopCommands.handOver)
}
