import LegibleLayout

/// Operations on small 1-bit images held as Swift bytes (1 set, 0 clear; row-major, `width ×
/// height`), for measures made on a reduced page (``PaperRegion``). Pixels outside the image
/// are ignored: a square window is clipped to it.
package enum BinaryGrid {
    /// A 4-connected piece: its pixels' indices and their count.
    package struct Piece {
        package var pixels: [Int]
        package var area: Int { pixels.count }
    }

    /// Set where any pixel of the `(2 radius + 1)`-square around it is set.
    package static func dilated(_ grid: [UInt8], _ width: Int, _ height: Int, _ radius: Int) -> [UInt8] {
        squareFilter(grid, width, height, radius, all: false)
    }

    /// Set where every pixel of the `(2 radius + 1)`-square around it (inside the image) is set.
    package static func eroded(_ grid: [UInt8], _ width: Int, _ height: Int, _ radius: Int) -> [UInt8] {
        squareFilter(grid, width, height, radius, all: true)
    }

    /// The square filter as two passes of a window along rows, then along columns, each
    /// counted by running sums: any (`all` false) or every (`all` true) pixel of the window.
    private static func squareFilter(_ grid: [UInt8], _ width: Int, _ height: Int, _ radius: Int, all: Bool) -> [UInt8] {
        let rows = windowed(grid, count: width, lines: height, step: 1, stride: width, radius: radius, all: all)
        return windowed(rows, count: height, lines: width, step: width, stride: 1, radius: radius, all: all)
    }

    /// One pass of the window along `lines` runs of `count` pixels, `step` apart within a run
    /// and `stride` apart between runs.
    private static func windowed(
        _ grid: [UInt8], count: Int, lines: Int, step: Int, stride: Int, radius: Int, all: Bool
    ) -> [UInt8] {
        var out = grid
        var sums = [Int](repeating: 0, count: count + 1)
        for line in 0..<lines {
            let start = line * stride
            for index in 0..<count { sums[index + 1] = sums[index] + Int(grid[start + index * step]) }
            for index in 0..<count {
                let (low, high) = (max(0, index - radius), min(count - 1, index + radius))
                let set = sums[high + 1] - sums[low]
                out[start + index * step] = (all ? set == high - low + 1 : set > 0) ? 1 : 0
            }
        }
        return out
    }

    /// The 4-connected pieces of the set pixels.
    package static func pieces(_ grid: [UInt8], _ width: Int, _ height: Int) -> [Piece] {
        pieces(width, height, eightConnected: false) { grid[$0] == 1 }
    }

    /// The pieces of the pixels (indices, row-major) for which `isSet` holds, 4- or
    /// 8-connected, each in the order it was found.
    package static func pieces(_ width: Int, _ height: Int, eightConnected: Bool, where isSet: (Int) -> Bool) -> [Piece] {
        var seen = [Bool](repeating: false, count: width * height)
        var pieces: [Piece] = []
        var stack: [Int] = []
        let steps =
            eightConnected
            ? [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] : [(-1, 0), (1, 0), (0, -1), (0, 1)]
        for start in 0..<(width * height) where !seen[start] && isSet(start) {
            var piece: [Int] = []
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                piece.append(index)
                let (x, y) = (index % width, index / width)
                for (dx, dy) in steps {
                    let (nx, ny) = (x + dx, y + dy)
                    guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                    let next = ny * width + nx
                    if !seen[next] && isSet(next) {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            pieces.append(Piece(pixels: piece))
        }
        return pieces
    }

    /// `grid` with every clear piece that does not touch the image's edge set: its holes.
    package static func holesFilled(_ grid: [UInt8], _ width: Int, _ height: Int) -> [UInt8] {
        var filled = grid
        let clear = grid.map { 1 - $0 }
        for piece in pieces(clear, width, height) {
            let touchesEdge = piece.pixels.contains { index in
                let (x, y) = (index % width, index / width)
                return x == 0 || y == 0 || x == width - 1 || y == height - 1
            }
            if !touchesEdge { for index in piece.pixels { filled[index] = 1 } }
        }
        return filled
    }

    /// The bounds of the set pixels, in pixels (a pixel at x spans x…x + 1); an empty box
    /// when none is set.
    package static func bounds(_ grid: [UInt8], _ width: Int, _ height: Int) -> PixelBox {
        var (left, top, right, bottom) = (width, height, 0, 0)
        for index in grid.indices where grid[index] == 1 {
            let (x, y) = (index % width, index / width)
            (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x + 1), max(bottom, y + 1))
        }
        guard right > left else { return PixelBox(x: 0, y: 0, width: 0, height: 0) }
        return PixelBox(left: Double(left), top: Double(top), right: Double(right), bottom: Double(bottom))
    }
}
