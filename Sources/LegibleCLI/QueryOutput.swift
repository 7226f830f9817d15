import Foundation
import LegibleTextInput

/// The machine output of the query commands, one `Encodable` struct each, so the JSON shape is
/// declared rather than assembled from dictionaries. Numbers are image pixels rounded to three
/// decimals; offsets are UTF-16 code units.

/// Rounds to three decimals, the precision every geometry output uses.
func round3(_ value: CGFloat) -> Double { (Double(value) * 1000).rounded() / 1000 }

/// `{x, y, width, height}`.
struct RectOutput: Encodable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    init(_ rect: CGRect) {
        x = round3(rect.minX)
        y = round3(rect.minY)
        width = round3(rect.width)
        height = round3(rect.height)
    }
}

/// A selection rect: its bounds, start and end flags, and the line's rotation when it has one
/// (`rotationDegrees` is left out otherwise).
struct SelectionRectOutput: Encodable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var containsStart: Bool
    var containsEnd: Bool
    var rotationDegrees: Double?

    init(_ selection: TextSelectionRect) {
        let rect = RectOutput(selection.rect)
        (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        containsStart = selection.containsStart
        containsEnd = selection.containsEnd
        rotationDegrees = selection.transform.map { ($0.angle * 180 / .pi * 1000).rounded() / 1000 }
    }
}

/// `{position, characterRange: [a, b] | null}`.
struct HitOutput: Encodable {
    var position: Int
    var characterRange: [Int]?

    enum CodingKeys: String, CodingKey { case position, characterRange }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(characterRange, forKey: .characterRange)  // null when absent
    }
}

/// `{position: n | null, enclosing: [a, b] | null}`.
struct MoveOutput: Encodable {
    var position: Int?
    var enclosing: [Int]?

    enum CodingKeys: String, CodingKey { case position, enclosing }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)  // null when absent
        try container.encode(enclosing, forKey: .enclosing)
    }
}
