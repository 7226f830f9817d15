/// Accessibility traits of a text element (the analogue of `UIAccessibilityTraits`).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Text that does not change (every region of a scanned page).
    public static let staticText = AccessibilityTraits(rawValue: 1 << 0)
    /// The element that finishes a page: reaching its end during read-all turns the page
    /// through ``Notebook/accessibilityScroll(_:)``.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 1)
    /// A heading; spoken with ". Heading." after its text.
    public static let header = AccessibilityTraits(rawValue: 1 << 2)
}

/// Directions of an accessibility scroll (the analogue of `UIAccessibilityScrollDirection`).
/// `.next`/`.down` advance a page, `.previous`/`.up` go back; a notebook does not scroll
/// sideways, so `.left`/`.right` always fail.
public enum AccessibilityScrollDirection: Sendable, Hashable, CaseIterable {
    case right, left, up, down, next, previous
}
