import Foundation

/// One rectangle of a selection highlight (the analogue of `UITextSelectionRect`).
public struct TextSelectionRect: Hashable, Sendable {
    /// Axis-aligned bounds in page coordinates (points, origin top-left, y down).
    public var rect: CGRect
    /// Direction of the text inside the rect.
    public var writingDirection: WritingDirection
    /// `true` only on the rect that holds the range's start.
    public var containsStart: Bool
    /// `true` only on the rect that holds the range's end.
    public var containsEnd: Bool
    /// Always `false`: scanned notebook text is horizontal.
    public var isVertical: Bool
    /// For a skewed OCR line, the rotation about the rect's centre that turns the upright
    /// highlight into the line's slant (mirrors iOS 17.4's `transform`); `nil` when level.
    public var transform: Affine2D?

    /// Creates a selection rect; `rect` in page coordinates.
    public init(
        rect: CGRect, writingDirection: WritingDirection, containsStart: Bool, containsEnd: Bool,
        isVertical: Bool = false, transform: Affine2D? = nil
    ) {
        self.rect = rect
        self.writingDirection = writingDirection
        self.containsStart = containsStart
        self.containsEnd = containsEnd
        self.isVertical = isVertical
        self.transform = transform
    }
}
