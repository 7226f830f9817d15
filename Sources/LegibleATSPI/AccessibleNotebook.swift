import Foundation
import LegiblePages
import LegibleReading
import LegibleTextInput

/// A notebook as the AT-SPI tree (`Docs/ATSPI.md`, "Tree"): node 0 is the application, 1 the
/// document frame, 2 the announcer, then one node per page, then one per text region (heading
/// or paragraph) in reading order. Pages hold their regions; the regions hold the text, the
/// caret and the focus. Every query of the bridge lands here; text and geometry come from
/// `ScannedPage`, offsets are converted at this boundary.
public final class AccessibleNotebook {
    /// What a node number stands for.
    public enum Node: Equatable, Sendable {
        /// The application, named `legible`.
        case application
        /// The document frame: the notebook's title, page count and current page.
        case document
        /// The announcer: a notification whose text is the last announcement.
        case announcer
        /// Page `index` (0-based), which holds its regions and has no text of its own.
        case page(Int)
        /// Region `index` of the notebook's regions in reading order.
        case region(Int)
    }

    /// The notebook.
    public let notebook: Notebook
    /// The document's title.
    public let title: String
    /// Where "Save selection" appends.
    public let store: ClippingsStore
    /// The vertical gap between stacked pages in the frame, pixels.
    public static let pageGap = 40.0

    /// The notebook's regions in reading order; made again when a page is edited.
    var regions: [TextRegion]
    /// The first region number of each page, and the end.
    var regionStarts: [Int]
    /// Each page's top in the frame (`Docs/ATSPI.md`, "Coordinates").
    let pageTops: [Double]
    var maps: [Int: CodePointMap] = [:]
    /// Each page's caret, UTF-16.
    var carets: [Int]
    /// The 0-based page the reader is on.
    public internal(set) var currentPage = 0
    /// Whether a window shows one page at a time (`legible view`): the document then holds only
    /// the current page and the announcer, and coordinates are on the screen (`Docs/ATSPI.md`,
    /// "Tree").
    public let windowed: Bool
    /// Where the current page is drawn on the screen; `nil` without a window.
    public var placement: ScreenPlacement?
    /// The node that has the focus: the region holding the current page's caret.
    public internal(set) var focusedNode: Int?
    /// Called after another page became current, with its 0-based index (a window redraws).
    public var onPageShown: ((Int) -> Void)?
    /// What the announcer last said.
    public internal(set) var announcement = ""
    /// Receives events (caret moves, selection changes, announcements, focus).
    public weak var events: (any AccessibleEvents)?

    /// A tree over `notebook`, saving clippings to `store`; `windowed` when a window shows one
    /// page at a time.
    public init(notebook: Notebook, title: String, store: ClippingsStore, windowed: Bool = false) {
        self.notebook = notebook
        self.windowed = windowed
        self.title = title
        self.store = store
        notebook.linkRegions()
        regions = notebook.allRegions
        regionStarts = Self.regionStarts(notebook)
        var tops: [Double] = []
        var top = 0.0
        for page in notebook.pages {
            tops.append(top)
            top += Double(page.bounds.height) + Self.pageGap
        }
        pageTops = tops
        carets = Array(repeating: 0, count: notebook.pages.count)
        let notifier = StatusNotifier()
        notebook.notifier = notifier
        notifier.tree = self
    }

    /// Whether a person may correct the text (`legible view --edit`): every page becomes
    /// editable, and the regions' states say so (`Docs/Editing.md`, "The viewer's edit mode").
    public var isEditable = false {
        didSet { for page in notebook.pages { page.isEditable = isEditable } }
    }
    /// The pages edited since they were opened or last saved, 0-based.
    public internal(set) var unsavedPages: Set<Int> = []

    /// The first region number of each page, and the end.
    static func regionStarts(_ notebook: Notebook) -> [Int] {
        var starts = [0]
        for page in notebook.regions { starts.append(starts[starts.count - 1] + page.count) }
        return starts
    }

    var pageCount: Int { notebook.pages.count }
    var firstRegionNode: Int { 3 + pageCount }

    /// What node number `number` is, or `nil` for none.
    public func node(_ number: Int) -> Node? {
        switch number {
        case 0: return .application
        case 1: return .document
        case 2: return .announcer
        case 3..<firstRegionNode: return .page(number - 3)
        case firstRegionNode..<(firstRegionNode + regions.count): return .region(number - firstRegionNode)
        default: return nil
        }
    }

    /// The number of `node`.
    public func number(_ node: Node) -> Int {
        switch node {
        case .application: return 0
        case .document: return 1
        case .announcer: return 2
        case .page(let index): return 3 + index
        case .region(let index): return firstRegionNode + index
        }
    }

    // MARK: Tree

    func children(_ number: Int) -> [Int] {
        switch node(number) {
        case .application: return windowed ? [1] : [1, 2]
        case .document: return windowed ? [3 + currentPage, 2] : (0..<pageCount).map { 3 + $0 }
        case .page(let index): return (regionStarts[index]..<regionStarts[index + 1]).map { firstRegionNode + $0 }
        default: return []
        }
    }

    func childCount(_ number: Int) -> Int {
        switch node(number) {
        case .application: return windowed ? 1 : 2
        case .document: return windowed ? 2 : pageCount
        case .page(let index): return regionStarts[index + 1] - regionStarts[index]
        default: return 0
        }
    }

    func child(_ number: Int, _ index: Int) -> Int {
        guard index >= 0, index < childCount(number) else { return -1 }
        // Computed, not looked up in `children`: a client walking a 300-page document asks for
        // each child in turn, and building the list every time made that quadratic.
        switch node(number) {
        case .application: return index == 0 ? 1 : 2
        case .document: return windowed ? (index == 0 ? 3 + currentPage : 2) : 3 + index
        case .page(let page): return firstRegionNode + regionStarts[page] + index
        default: return -1
        }
    }

    func parent(_ number: Int) -> Int {
        switch node(number) {
        case .document: return 0
        case .announcer: return windowed ? 1 : 0
        case .page: return 1
        case .region(let index): return 3 + regions[index].pageIndex
        default: return -1
        }
    }

    func indexInParent(_ number: Int) -> Int {
        switch node(number) {
        case .document: return 0
        case .announcer: return 1
        case .page(let index): return windowed ? 0 : index
        case .region(let index): return index - regionStarts[regions[index].pageIndex]
        default: return -1
        }
    }

    func name(_ number: Int) -> String {
        switch node(number) {
        case .application: return "legible"
        case .document: return title
        case .announcer: return announcement
        case .page(let index): return "Page \(index + 1) of \(pageCount)"
        default: return ""
        }
    }

    func headingLevel(_ number: Int) -> Int {
        if case .region(let index) = node(number), regions[index].isHeading { return 2 }
        return 0
    }

    /// The next or previous region in reading order, across pages (`flows-to`/`flows-from`).
    func flow(_ number: Int, forward: Bool) -> Int {
        guard case .region(let index) = node(number) else { return -1 }
        let target = index + (forward ? 1 : -1)
        return regions.indices.contains(target) ? firstRegionNode + target : -1
    }
}

/// Where a window draws the current page: the screen position of its image's top-left corner
/// and the scale from image pixels to screen pixels, and the window's own origin on the screen.
public struct ScreenPlacement: Equatable, Sendable {
    /// Screen x of the image's left edge, pixels.
    public var x: Double
    /// Screen y of the image's top edge, pixels.
    public var y: Double
    /// Screen pixels per image pixel.
    public var scale: Double
    /// Screen x of the toplevel window, pixels (window coordinates subtract it).
    public var windowX: Double
    /// Screen y of the toplevel window, pixels.
    public var windowY: Double

    /// A placement; all values in screen pixels, `scale` in screen pixels per image pixel.
    public init(x: Double, y: Double, scale: Double, windowX: Double, windowY: Double) {
        (self.x, self.y, self.scale, self.windowX, self.windowY) = (x, y, scale, windowX, windowY)
    }
}

/// Where the tree's events go: the bridge emits them on the bus; tests may record them.
public protocol AccessibleEvents: AnyObject {
    /// The caret of node `node` moved to code point `offset`.
    func caretMoved(node: Int, offset: Int)
    /// The selection of node `node` changed.
    func selectionChanged(node: Int)
    /// The announcer now says `text`.
    func announced(_ text: String)
    /// The current page is now `page` (1-based).
    func pageChanged(_ page: Int)
    /// Node `node` has the focus.
    func focused(node: Int)
    /// Child `index` of node `node` is now node `added` instead of node `removed`.
    func childReplaced(node: Int, index: Int, removed: Int, added: Int)
    /// Node `node`'s text lost `removed` and gained `inserted` at code point `offset`.
    func textChanged(node: Int, offset: Int, removed: String, inserted: String)
    /// Nodes from `node` on may stand for other regions now: their parents are asked again.
    func renumbered(from node: Int)
}

/// The roles of the tree's nodes (the C side maps each to its ATK role).
public enum AccessibleRole: Int32, Sendable {
    /// `ATK_ROLE_APPLICATION`.
    case application = 0
    /// `ATK_ROLE_DOCUMENT_FRAME`.
    case document = 1
    /// `ATK_ROLE_PAGE`.
    case page = 2
    /// `ATK_ROLE_HEADING`.
    case heading = 3
    /// `ATK_ROLE_PARAGRAPH`.
    case paragraph = 4
    /// `ATK_ROLE_NOTIFICATION`: Orca speaks it when it becomes showing.
    case notification = 5
}

extension AccessibleNotebook {
    /// The role of node `number`.
    public func role(_ number: Int) -> AccessibleRole {
        switch node(number) {
        case .application, nil: return .application
        case .document: return .document
        case .announcer: return .notification
        case .page: return .page
        case .region(let index): return regions[index].isHeading ? .heading : .paragraph
        }
    }
}
