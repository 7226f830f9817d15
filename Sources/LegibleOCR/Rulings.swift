import LegibleImage
import LegibleLayout

/// The rulings left on a 1-bit page after colour drop-out and binarisation
/// (`Docs/Recognition.md`, "Rulings"): horizontal rules, vertical lines (a margin or a grid),
/// and the masks that hold them, in the pixels of the page Tesseract reads.
///
/// A rule is found as rows (or columns) where a long opening (a sixth of the page, at least
/// 120 px) keeps more than an eighth of the page's width (or height) in ink. Writing has no
/// straight stroke that long, so nothing of it is found; a ruling that colour drop-out already
/// removed is not found either, and is then left alone.
struct Rulings {
    /// Centres of the horizontal rules, px from the top, in order.
    var horizontal: [Int]
    /// Centres of the vertical lines, px from the left, in order.
    var vertical: [Int]
    /// Long horizontal and vertical strokes, ink = 1; `nil` when nothing was found.
    var mask: PixImage?

    /// The median spacing of the horizontal rules, px, when at least three are evenly spaced
    /// (60 % of the gaps within 15 % of the median).
    var period: Int? {
        let gaps = zip(horizontal.dropFirst(), horizontal).map { $0 - $1 }.sorted()
        guard gaps.count >= 2 else { return nil }
        let median = gaps[gaps.count / 2]
        let regular = gaps.filter { abs($0 - median) * 100 <= median * 15 }.count
        return regular * 10 >= gaps.count * 6 ? median : nil
    }

    /// Whether anything was found.
    var isEmpty: Bool { horizontal.isEmpty && vertical.isEmpty }

    /// One line for the page document: "14 horizontal rules every 66 px; 2 vertical lines (a
    /// margin) at x 150, 158".
    var summary: String {
        var parts: [String] = []
        if !horizontal.isEmpty {
            parts.append("\(horizontal.count) horizontal rules" + (period.map { " every \($0) px" } ?? ", unevenly spaced"))
        }
        if !vertical.isEmpty {
            let kind = vertical.count >= 3 ? "a grid" : "a margin"
            parts.append(
                "\(vertical.count) vertical lines (\(kind))"
                    + (vertical.count <= 4 ? " at x " + vertical.map(String.init).joined(separator: ", ") : ""))
        }
        return parts.isEmpty ? "no rulings left after binarisation" : parts.joined(separator: "; ")
    }

    /// Finds the rulings of `binary`.
    static func find(in binary: PixImage) -> Rulings {
        let across = max(120, binary.width / 6)
        let down = max(120, binary.height / 6)
        let horizontalMask = Leptonica.morph(binary, "o\(across).1 + d1.3")
        let verticalMask = Leptonica.morph(binary, "o1.\(down) + d3.1")
        let rows = horizontalMask.map { centres(of: Leptonica.inkProfile($0, byRow: true), above: binary.width / 8) } ?? []
        let columns = verticalMask.map { centres(of: Leptonica.inkProfile($0, byRow: false), above: binary.height / 8) } ?? []
        var mask: PixImage?
        for (part, found) in [(horizontalMask, !rows.isEmpty), (verticalMask, !columns.isEmpty)] where found {
            guard let part else { continue }
            mask = mask.flatMap { Leptonica.union($0, part) } ?? part
        }
        return Rulings(horizontal: rows, vertical: columns, mask: mask)
    }

    /// The centres of the runs of consecutive indexes whose count is above `threshold`.
    static func centres(of profile: [Int], above threshold: Int) -> [Int] {
        var centres: [Int] = []
        var start: Int?
        for (index, count) in zip(0..., profile + [0]) {
            if count > threshold {
                if start == nil { start = index }
            } else if let first = start {
                centres.append((first + index - 1) / 2)
                start = nil
            }
        }
        return centres
    }
}
