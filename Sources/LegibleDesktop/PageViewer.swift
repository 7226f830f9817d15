import CLegibleGTK
import Foundation
import LegibleATSPI
import LegiblePages
import LegibleReading
import LegibleSystem
import LegibleTextInput

#if canImport(Glibc)
    import Glibc
#endif

/// The model of `legible view` (`Docs/Viewer.md`): one page at a time, a caret and a selection
/// on the handwriting, moved by keys and clicks through `ScannedPage`, and every change told to
/// the accessibility tree, whose page object is the window's canvas.
public final class PageViewer {
    /// Why the window could not open (one line).
    public struct OpenError: Error, CustomStringConvertible {
        /// The message.
        public var description: String
    }

    /// The accessibility tree; its current page is the page shown.
    public let tree: AccessibleNotebook
    /// The notebook's title.
    public let title: String
    /// Each page's scan, or `nil` to draw white.
    public let imagePaths: [String?]
    let bridge: ATSPIBridge
    /// The selection's fixed end on the current page, UTF-16; `nil` without a selection.
    var anchor: Int?
    /// The x (image pixels) that Up and Down keep.
    var goalX: Double?
    /// Where F7 last put the caret (page, UTF-16 offset): the next F7 goes on from the word
    /// there rather than finding it again.
    var uncertainCaret: (page: Int, offset: Int)?
    /// The overlays of the draw in progress (built when the canvas asks how many there are).
    var drawnOverlays: [LegibleOverlay] = []
    /// Called once the first page has been drawn.
    public var onFirstDraw: (() -> Void)?
    /// Each page's document, where edit mode saves it; `nil` for a page not read from a file.
    public let documents: [PageDocumentFile?]
    /// Whether closing was refused once already for unsaved corrections.
    var warnedUnsaved = false
    /// Where the viewer's one-line messages go (without the `legible: ` prefix): the command
    /// points it at the user's standard error. By default, descriptor 2.
    public var onMessage: (String) -> Void = { FileHandle.standardError.write(Data("legible: \($0)\n".utf8)) }
    /// Corrections that could not be kept when the viewer was stopped by a signal.
    public struct Unkept: Sendable {
        /// The page document whose corrections were lost.
        public var document: String
        /// Why the file beside it could not be written.
        public var error: FileError
    }
    /// The pages whose unsaved corrections could not be kept when SIGINT or SIGTERM closed the
    /// viewer; empty when nothing was lost.
    public internal(set) var unkept: [Unkept] = []

    /// A viewer of `tree` showing `imagePaths`; in edit mode (`tree.isEditable`) Control+S
    /// saves page `i` to `documents[i]`.
    public init(tree: AccessibleNotebook, title: String, imagePaths: [String?], documents: [PageDocumentFile?] = []) {
        self.tree = tree
        self.title = title
        self.imagePaths = imagePaths
        self.documents = tree.notebook.pages.indices.map { documents.indices.contains($0) ? documents[$0] : nil }
        bridge = ATSPIBridge(tree: tree)
        tree.onPageShown = { [unowned self] _ in pageShown() }
    }

    var page: Int { tree.currentPage }
    var scanned: ScannedPage { tree.notebook.pages[page] }
    var caret: Int { tree.caret(onPage: page) }

    /// The notebook's title. It does not name the page: Orca speaks a window's new title, and
    /// the page turn is announced already (`Docs/Viewer.md`, "Announcements").
    var windowTitle: String { title }

    /// Opens the window. Throws ``OpenError`` without a display.
    public func open() throws {
        bridge.attachToToolkit()
        var callbacks = Self.callbacks
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        var error: UnsafeMutablePointer<CChar>?
        guard legible_view_open(&callbacks, windowTitle, &error) == 0 else {
            defer { free(error) }
            throw OpenError(description: error.map { String(cString: $0) } ?? "could not open a window")
        }
    }

    /// Runs until the window closes, SIGINT or SIGTERM.
    public func run() { legible_view_run() }
}
