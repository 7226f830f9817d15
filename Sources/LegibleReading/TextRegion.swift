import Foundation
import LegiblePages
import LegibleTextInput

/// One accessibility element of a notebook: a paragraph (or a whole page) of a scanned page's
/// text. Regions in reading order form a doubly linked chain of text navigation elements
/// (the analogue of `accessibilityNextTextNavigationElement`, iOS 18), so line-by-line reading
/// continues across paragraphs and pages instead of stopping at the element's edge.
public final class TextRegion {
    /// The page the region belongs to.
    public let page: ScannedPage
    /// The page's position in its notebook, 0-based.
    public let pageIndex: Int
    /// The region's slice of the page text: UTF-16 offsets, without the paragraph's newline.
    /// Slices of one page's regions tile the page (AppKit's shared character ranges).
    public let range: TextRange
    /// Traits: always `.staticText`; `.header` for a heading; `.causesPageTurn` on the last
    /// region of a page when page turning is on.
    public internal(set) var traits: AccessibilityTraits = .staticText
    /// The next text element in reading order, if linked; weak like UIKit's.
    public weak var nextTextNavigationElement: TextRegion?
    /// The previous text element in reading order, if linked; weak like UIKit's.
    public weak var previousTextNavigationElement: TextRegion?

    init(page: ScannedPage, pageIndex: Int, range: TextRange) {
        self.page = page
        self.pageIndex = pageIndex
        self.range = range
    }

    /// The region's text, without the newline that ends its paragraph.
    public var text: String {
        var text = page.text(in: range) ?? ""
        while let last = text.last, last.isNewline { text.removeLast() }
        return text
    }

    /// `true` for a heading.
    public var isHeading: Bool { traits.contains(.header) }

    /// The region's text as a screen reader speaks it: a heading gets ". Heading." appended
    /// ("Morning. Heading.").
    public var spokenLabel: String { isHeading ? "\(text). Heading." : text }

    /// The range of this element inside the page's shared text storage (AppKit's
    /// `accessibilitySharedCharacterRange`): UTF-16 offsets.
    public var sharedCharacterRange: TextRange { range }
}
