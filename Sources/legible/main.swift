import Foundation
import LegibleCLI
import LegibleCommandLine

/// Entry point of the `legible` CLI: the commands are in ``CommandTable``. The desktop
/// commands hand over to `legible-desktop` (``DesktopCommands``), so this executable links
/// none of the GTK stack (`Docs/CLI.md`, "Two executables").
Console.start()
exit(CommandTable.runCommandLine())
