import Foundation
import LegibleATSPI
import LegibleCLI
import LegibleCommandLine
import LegibleDesktop
import LegibleNotebook
import LegiblePages
import LegibleReading

/// What `present` and `view` run: the commands' declarations, parsing and help are in
/// ``LegibleCLI``; only their work, which needs ATK, AT-SPI and GTK, is here.
enum DesktopRunners {
    /// `present`: every document is read and checked before anything is registered, so a bad
    /// document exits 65 with nothing on the bus. With a display it opens a window without the
    /// scans, so that a screen reader's keys reach the notebook; without one it serves the bus
    /// alone, for other programs (`Docs/ATSPI.md`, "Two ways to present").
    @Sendable static func present(_ command: ParsedCommand) throws -> Int32 {
        let pages = try command.positionals.map(PageDocuments.load)
        if ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false,
            (try? window(accessibleNotebook(pages, command, windowed: true), scans: pages.map { _ in nil })) != nil
        {
            return 0
        }
        let tree = accessibleNotebook(pages, command)
        let bridge = ATSPIBridge(tree: tree)
        try bridge.start()
        try Console.out("ready\n")
        bridge.run()
        return 0
    }

    /// `view`: the window on the notebook, with each page's scan found and checked
    /// (`Docs/Viewer.md`).
    @Sendable static func view(_ command: ParsedCommand) throws -> Int32 {
        let paths = command.positionals
        // Only a viewer that may save opens the documents for correcting.
        let editing = command[ViewCommand.edit]
        let opened: [(page: ScannedPage, file: PageDocumentFile?)] =
            try paths.map { editing ? try PageDocuments.open($0) : (try PageDocuments.load($0), nil) }
        let pages = opened.map(\.page)
        var scans: [String?] = []
        for (path, page) in zip(paths, pages) {
            scans.append(try VerifiedScan.find(for: page.layout, documentPath: path, searching: command[ViewCommand.scans]).path)
        }
        let tree = accessibleNotebook(pages, command, windowed: true)
        tree.isEditable = editing
        try window(tree, scans: scans, documents: opened.map(\.file))
        return 0
    }

    /// Opens the viewer window on `tree` and runs it until it closes; prints `ready` once the
    /// first page is drawn. Throws ``PageViewer/OpenError`` without a display.
    static func window(_ tree: AccessibleNotebook, scans: [String?], documents: [PageDocumentFile?] = []) throws {
        let viewer = PageViewer(tree: tree, title: tree.title, imagePaths: scans, documents: documents)
        viewer.onFirstDraw = { try? Console.out("ready\n") }
        viewer.onMessage = { Console.message($0) }
        try viewer.open()
        viewer.run()
        // Corrections that a signal's close could not keep are said, with their file's status.
        if let first = viewer.unkept.first {
            let pages = viewer.unkept.map { "\($0.document) (\($0.error.description))" }.joined(separator: "; ")
            throw UnkeptCorrections(exitCode: first.error.kind.exitCode, message: "unsaved corrections could not be kept: \(pages)")
        }
    }

    /// The notebook of `pages` with its title (`--title` or the default) and the command's
    /// clippings store.
    static func accessibleNotebook(_ pages: [ScannedPage], _ command: ParsedCommand, windowed: Bool = false) -> AccessibleNotebook {
        let notebook = Notebook(pages: pages)
        let title = command[ViewCommand.title] ?? Notebook.defaultTitle(for: notebook)
        return AccessibleNotebook(notebook: notebook, title: title, store: ReadCommands.store(command), windowed: windowed)
    }
}

/// Corrections that the viewer, closed by a signal, could not keep: the file's status (73, 74).
struct UnkeptCorrections: CLIFailure {
    var exitCode: Int32
    var message: String
}

extension ATSPIBridge.StartError: CLIFailure {
    package var exitCode: Int32 { 69 }
    package var message: String { description }
}

extension PageViewer.OpenError: CLIFailure {
    package var exitCode: Int32 { 69 }
    package var message: String { description }
}
