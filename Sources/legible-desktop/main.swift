import Foundation
import LegibleATSPI
import LegibleCLI
import LegibleCommandLine

/// Entry point of `legible-desktop`: the whole command table, with `present` and `view` run
/// here rather than handed over. `legible present` and `legible view` exec this executable
/// (`Docs/CLI.md`, "Two executables").
Console.start()
ATSPIBridge.reportUnansweredBus(to: Console.messageDescriptor)
exit(CommandTable.runCommandLine(replacing: ["present": DesktopRunners.present, "view": DesktopRunners.view]))
