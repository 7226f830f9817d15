import Foundation
import LegibleLayout
import LegiblePages
import LegibleTextInput

/// The pages of a scanned notebook in order, exposed as accessibility elements for continuous
/// reading (`Docs/TextInputContract.md`, "Reading layer"): paragraphs as text regions linked across pages, a page-turn trait,
/// a scroll handler that turns pages and announces "Page 2 of 3", reading-content queries per
/// page, and edit-category actions including "Save selection".
public final class Notebook {
    /// How pages are cut into accessibility elements.
    public enum RegionGranularity: Sendable {
        /// One element per paragraph (headings get their own element and the header trait).
        case paragraph
        /// One element per page.
        case page
    }

    /// The pages, in reading order.
    public let pages: [ScannedPage]
    /// The regions of each page, in reading order; a page's are made again after it is edited
    /// (``refreshRegions(ofPage:)``).
    public private(set) var regions: [[TextRegion]]
    /// How pages are cut into regions.
    public let granularity: RegionGranularity
    /// One reading-content element per page.
    public let pageElements: [PageElement]
    /// Where notifications go.
    public var notifier: any AccessibilityNotifier
    /// The page on screen, 0-based.
    public private(set) var currentPageIndex = 0
    /// Whether the last region of each page carries `.causesPageTurn`.
    public private(set) var turnsPages = false

    /// Builds a notebook from scanned pages.
    public init(
        pages: [ScannedPage], granularity: RegionGranularity = .paragraph, notifier: any AccessibilityNotifier = RecordingNotifier(),
        converter: any CoordinateConverter = ScaleOffsetConverter.identity
    ) {
        self.pages = pages
        self.notifier = notifier
        self.granularity = granularity
        self.regions = pages.enumerated().map { Self.regions(of: $0.element, pageIndex: $0.offset, granularity: granularity) }
        self.pageElements = pages.enumerated().map { PageElement(page: $0.element, pageIndex: $0.offset, converter: converter) }
    }

    /// The regions of `page`, tiling its text in reading order.
    static func regions(of page: ScannedPage, pageIndex: Int, granularity: RegionGranularity) -> [TextRegion] {
        guard granularity == .paragraph else { return [TextRegion(page: page, pageIndex: pageIndex, range: TextRange(0, page.length))] }
        let headings = Headings.paragraphIndices(in: page.layout)
        let paragraphs = page.layout.paragraphs.isEmpty ? [Paragraph(range: UTF16Span(0, page.length))] : page.layout.paragraphs
        return paragraphs.enumerated().map { index, paragraph in
            // Each region runs to the next paragraph's start and the first from 0, so the
            // slices tile the page and no text before the first paragraph is lost.
            let start = index == 0 ? 0 : paragraph.range.start
            let end = index + 1 < paragraphs.count ? paragraphs[index + 1].range.start : page.length
            let region = TextRegion(page: page, pageIndex: pageIndex, range: TextRange(start, end))
            if headings.contains(index) { region.traits.insert(.header) }
            return region
        }
    }

    /// Makes page `pageIndex`'s regions again from its text as edited, linked as the old ones
    /// were and with the page-turn trait where it was (`Docs/Editing.md`, "The viewer's edit mode").
    public func refreshRegions(ofPage pageIndex: Int) {
        guard pages.indices.contains(pageIndex) else { return }
        let linked = regions.joined().contains { $0.nextTextNavigationElement != nil || $0.previousTextNavigationElement != nil }
        regions[pageIndex] = Self.regions(of: pages[pageIndex], pageIndex: pageIndex, granularity: granularity)
        setPageTurning(turnsPages)
        if linked { linkRegions() }
    }

    /// Reads page documents (JSON) in the given order.
    /// - Throws: ``PageDocumentError`` or the file system's error, naming nothing by itself;
    ///   the CLI adds the path.
    public convenience init(
        documents urls: [URL], granularity: RegionGranularity = .paragraph, notifier: any AccessibilityNotifier = RecordingNotifier()
    ) throws {
        self.init(pages: try urls.map { try ScannedPage(contentsOf: $0) }, granularity: granularity, notifier: notifier)
    }

    /// What every surface says of a page with no recognised text, rather than nothing: the
    /// HTML notebook's note and the tagged PDF's text (`Docs/PDF.md`, "Text layer").
    public static let emptyPageNote = "No text was recognised on this page."

    /// The title used when none is given: the first page's image name without its extension,
    /// and how many more pages follow ("chicago-1 and 2 more pages").
    public static func defaultTitle(for notebook: Notebook) -> String {
        let count = notebook.pages.count
        let first = notebook.pages.first?.layout.image.file.map { ($0 as NSString).deletingPathExtension } ?? "Scanned notebook"
        return count == 1 ? first : "\(first) and \(count - 1) more page\(count == 2 ? "" : "s")"
    }

    /// Every region in reading order.
    public var allRegions: [TextRegion] { regions.flatMap { $0 } }

    /// Links every region to the next in reading order, across pages (the imperative way).
    public func linkRegions() {
        let all = allRegions
        for (index, region) in all.enumerated() {
            region.previousTextNavigationElement = index > 0 ? all[index - 1] : nil
            region.nextTextNavigationElement = index + 1 < all.count ? all[index + 1] : nil
        }
    }

    /// Removes every link (each region is then an island for line navigation).
    public func unlinkRegions() {
        for region in allRegions {
            region.nextTextNavigationElement = nil
            region.previousTextNavigationElement = nil
        }
    }

    /// Puts `.causesPageTurn` on the last region of each page (or removes it).
    public func setPageTurning(_ enabled: Bool) {
        turnsPages = enabled
        for page in regions {
            for region in page { region.traits.remove(.causesPageTurn) }
            if enabled { page.last?.traits.insert(.causesPageTurn) }
        }
    }

    /// Turns the page: `.next`/`.down` forward, `.previous`/`.up` back. On success posts exactly
    /// one `.pageScrolled("Page N of M")` and returns `true`; when there is no page that way (or
    /// for `.left`/`.right`) returns `false` and posts nothing.
    @discardableResult
    public func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
        let target: Int
        switch direction {
        case .next, .down: target = currentPageIndex + 1
        case .previous, .up: target = currentPageIndex - 1
        case .left, .right: return false
        }
        guard pages.indices.contains(target) else { return false }
        turnPage(to: target)
        return true
    }

    /// Makes page `index` (0-based) the visible one; when that changes the page, posts exactly
    /// one `.pageScrolled("Page N of M")`. Every route onto another page comes through here
    /// (`Docs/Reading.md`, "Page turns").
    public func turnPage(to index: Int) {
        guard pages.indices.contains(index), index != currentPageIndex else { return }
        currentPageIndex = index
        notifier.post(.pageScrolled(pagePositionString))
    }

    /// "Page 2 of 3" for the current page.
    public var pagePositionString: String { "Page \(currentPageIndex + 1) of \(pages.count)" }

    /// Every element sharing `region`'s text storage — the regions of its page, in order
    /// (AppKit's `accessibilitySharedTextUIElements`).
    public func sharedTextElements(of region: TextRegion) -> [TextRegion] {
        regions.indices.contains(region.pageIndex) ? regions[region.pageIndex] : [region]
    }

    /// The region holding `offset` on page `pageIndex`.
    public func region(onPage pageIndex: Int, containing offset: Int) -> TextRegion? {
        guard regions.indices.contains(pageIndex) else { return nil }
        return regions[pageIndex].last { $0.range.start.offset <= offset } ?? regions[pageIndex].first
    }
}
