import Foundation
import LegibleTextInput

// The machine output of the query commands (`text`, `rects`, `caret`, `hit`, `move`), one
// `Encodable` struct each, so the JSON shape is declared rather than assembled from dictionaries
// (`Docs/CLI.md`, "Command table"). Numbers are image pixels rounded to three decimals; offsets
// are UTF-16 code units.

/// Rounds to three decimals, the precision every geometry output uses.
public func round3(_ value: CGFloat) -> Double { (Double(value) * 1000).rounded() / 1000 }

/// `{x, y, width, height}`.
public struct RectOutput: Encodable {
    /// Left, top, width and height, image pixels.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// `rect` rounded to three decimals.
    public init(_ rect: CGRect) {
        x = round3(rect.minX)
        y = round3(rect.minY)
        width = round3(rect.width)
        height = round3(rect.height)
    }
}

/// A selection rect: its bounds, start and end flags, and the line's rotation when it has one
/// (`rotationDegrees` is left out otherwise).
public struct SelectionRectOutput: Encodable {
    /// Left, top, width and height, image pixels.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Whether the rect holds the range's start, and its end.
    public var containsStart: Bool
    public var containsEnd: Bool
    /// The line's rotation, degrees, when it has one.
    public var rotationDegrees: Double?

    /// `selection` rounded to three decimals.
    public init(_ selection: TextSelectionRect) {
        let rect = RectOutput(selection.rect)
        (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        containsStart = selection.containsStart
        containsEnd = selection.containsEnd
        rotationDegrees = selection.transform.map { ($0.angle * 180 / .pi * 1000).rounded() / 1000 }
    }
}

/// `{position, characterRange: [a, b] | null}`.
public struct HitOutput: Encodable {
    /// The closest position, a UTF-16 offset.
    public var position: Int
    /// The character under the point, `[start, end)` in UTF-16 units, when there is one.
    public var characterRange: [Int]?

    /// An answer at `position`, with `characterRange` when a character is under the point.
    public init(position: Int, characterRange: [Int]?) { (self.position, self.characterRange) = (position, characterRange) }

    enum CodingKeys: String, CodingKey { case position, characterRange }

    /// Encodes every field, an absent one as `null`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(characterRange, forKey: .characterRange)  // null when absent
    }
}

/// `{position: n | null, enclosing: [a, b] | null}`.
public struct MoveOutput: Encodable {
    /// The position moved to, a UTF-16 offset, when there is one.
    public var position: Int?
    /// The unit enclosing the start, `[start, end)` in UTF-16 units, when there is one.
    public var enclosing: [Int]?

    /// An answer moving to `position`, in the unit `enclosing`.
    public init(position: Int?, enclosing: [Int]?) { (self.position, self.enclosing) = (position, enclosing) }

    enum CodingKeys: String, CodingKey { case position, enclosing }

    /// Encodes every field, an absent one as `null`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)  // null when absent
        try container.encode(enclosing, forKey: .enclosing)
    }
}
