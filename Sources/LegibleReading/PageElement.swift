import Foundation
import LegiblePages
import LegibleTextInput

/// Line-oriented reading content of a page (the analogue of `UIAccessibilityReadingContent`):
/// Speak Screen and VoiceOver's line-by-line touch reading ask it for lines by number.
public protocol AccessibilityReadingContent {
    /// The 0-based line under a screen point, or `nil` over margins and gaps.
    func lineNumber(forScreenPoint point: CGPoint) -> Int?
    /// The text of a line (no trailing separator), or `nil` for an invalid number.
    func content(forLineNumber lineNumber: Int) -> String?
    /// The line's text with attributes (asked first by assistive technology); `nil` if invalid.
    func attributedContent(forLineNumber lineNumber: Int) -> AttributedString?
    /// The line's frame in screen points, `.zero` for an invalid number.
    func frame(forLineNumber lineNumber: Int) -> CGRect
    /// All text of the page.
    func pageContent() -> String?
}

/// A page as reading content. Line numbers are the OCR lines in reading order, 0-based, the
/// same units as the page tokenizer's `.line` granularity.
public final class PageElement: AccessibilityReadingContent {
    /// The page.
    public let page: ScannedPage
    /// Its position in the notebook, 0-based.
    public let pageIndex: Int
    /// Page ↔ screen mapping.
    public var converter: any CoordinateConverter

    init(page: ScannedPage, pageIndex: Int, converter: any CoordinateConverter) {
        self.page = page
        self.pageIndex = pageIndex
        self.converter = converter
    }

    public func lineNumber(forScreenPoint point: CGPoint) -> Int? {
        page.lineIndex(at: converter.pagePoint(fromScreen: point))
    }

    public func content(forLineNumber lineNumber: Int) -> String? {
        page.lineRange(lineNumber).flatMap { page.text(in: $0) }
    }

    public func attributedContent(forLineNumber lineNumber: Int) -> AttributedString? {
        content(forLineNumber: lineNumber).map { AttributedString($0) }
    }

    public func frame(forLineNumber lineNumber: Int) -> CGRect {
        guard let rect = page.lineRect(lineNumber) else { return .zero }
        return converter.screenRect(fromPage: rect)
    }

    public func pageContent() -> String? { page.string }
}
