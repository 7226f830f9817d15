import LegibleLayout

/// Lines Tesseract's layout analysis missed or ran together on a page of handwriting, found
/// from the ink's rows (`Docs/Recognition.md`, "Lines missed and run together"). On a diary
/// written in even lines it drops a line here and there, and reads two lines as one box of
/// twice the height, whose reading is noise.
///
/// The lines are grouped into columns; in each, the ink of every pixel row across the column
/// gives a profile whose peaks are the rows of writing. A line box about two lines high that
/// holds two peaks is dropped; a peak no line covers becomes a line, as high as the column's
/// lines and placed on its peak as they sit on theirs.
package enum LineGaps {
    /// What mending changes: the indices of the lines dropped, and the lines added, in the
    /// ink's pixels.
    package struct Mend: Equatable {
        /// Indices into the lines given, ascending.
        package var dropped: [Int]
        /// New lines' boxes, in the ink's pixels.
        package var added: [PixelBox]

        /// `dropped` line indices and `added` boxes (the ink's pixels).
        package init(dropped: [Int], added: [PixelBox]) { (self.dropped, self.added) = (dropped, added) }
    }

    /// A 1-bit page, row-major, one byte a pixel (1 for ink).
    package struct Ink {
        /// Size, px.
        package var width: Int
        package var height: Int
        /// `width × height` bytes, row-major.
        package var pixels: [UInt8]

        /// A page of `width × height` px from `pixels` (row-major, 1 for ink; `width × height`
        /// of them).
        package init(width: Int, height: Int, pixels: [UInt8]) {
            (self.width, self.height, self.pixels) = (width, height, pixels)
        }

        /// Ink pixels in each row `rows` between columns `left..<right`.
        package func rowProfile(rows: Range<Int>, left: Int, right: Int) -> [Int] {
            rows.map { row in
                let start = row * width
                var count = 0
                for column in left..<right { count += Int(pixels[start + column]) }
                return count
            }
        }

        /// Ink pixels in each column `left..<right` between rows `rows`.
        package func columnProfile(rows: Range<Int>, left: Int, right: Int) -> [Int] {
            var counts = [Int](repeating: 0, count: max(right - left, 0))
            for row in rows {
                let start = row * width
                for column in left..<right { counts[column - left] += Int(pixels[start + column]) }
            }
            return counts
        }
    }

    /// Fewer lines than this in a column give no measure of its lines' height and spacing.
    package static let leastLines = 4
    /// A box at least this many times the column's line height may hold two lines.
    package static let tallLine = 1.6

    /// The mend of `lines` (boxes in `ink`'s pixels).
    package static func mend(_ lines: [PixelBox], ink: Ink) -> Mend {
        var mend = Mend(dropped: [], added: [])
        for column in columns(lines) where column.count >= leastLines {
            let found = Self.mend(column: column, lines: lines, ink: ink)
            mend.dropped += found.dropped
            mend.added += found.added
        }
        mend.dropped.sort()
        return mend
    }

    /// Whether `a` and `b` lie in one column: they overlap side by side by half the narrower's
    /// width (heights do not count).
    package static func sameColumn(_ a: PixelBox, _ b: PixelBox) -> Bool {
        a.overlapAcross(b) >= 0.5 * min(a.width, b.width)
    }

    /// Lines grouped into columns, widest first: a line joins the first column whose first
    /// line it shares a column with (``sameColumn(_:_:)``). Each column is a list of indices
    /// into `lines`.
    package static func columns(_ lines: [PixelBox]) -> [[Int]] {
        var columns: [[Int]] = []
        for index in lines.indices.sorted(by: { lines[$0].width > lines[$1].width }) {
            if let joined = columns.firstIndex(where: { sameColumn(lines[$0[0]], lines[index]) }) {
                columns[joined].append(index)
            } else {
                columns.append([index])
            }
        }
        return columns
    }

    /// The mend of one column of `lines` (indices into them).
    package static func mend(column: [Int], lines: [PixelBox], ink: Ink) -> Mend {
        let boxes = column.map { lines[$0] }
        let height = lowerMedian(boxes.map(\.height))
        let left = max(0, Int(boxes.map(\.x).min() ?? 0))
        let right = min(ink.width, Int((boxes.map(\.maxX).max() ?? 0).rounded(.up)))
        let top = max(0, Int((boxes.map(\.y).min() ?? 0) - height))
        let bottom = min(ink.height, Int(((boxes.map(\.maxY).max() ?? 0) + height).rounded(.up)))
        guard height >= 4, right > left, bottom > top else { return Mend(dropped: [], added: []) }
        let profile = smoothed(ink.rowProfile(rows: top..<bottom, left: left, right: right), window: max(3, Int(height / 3)))
        let peaks = Self.peaks(profile, spacing: 0.6 * height).map { (y: Double($0.index + top), ink: $0.value) }
        let dropped = column.filter { index in
            lines[index].height >= tallLine * height && peaks.filter { inside($0.y, lines[index], margin: 0.15) }.count >= 2
        }
        let kept = column.filter { !dropped.contains($0) }.map { lines[$0] }
        // Each peak a line covers, with the first line covering it.
        let covered = peaks.compactMap { peak in kept.first { inside(peak.y, $0, margin: 0.15) }.map { (peak, line: $0) } }
        guard !covered.isEmpty else { return Mend(dropped: [], added: []) }
        let typical = median(covered.map { Double($0.0.ink) })
        let offset = median(covered.map { $0.0.y - $0.line.midY })
        let added = peaks.filter { peak in Double(peak.ink) >= typical / 3 && !kept.contains { inside(peak.y, $0, margin: 0) } }
            .compactMap { peak in
                box(around: peak.y - offset, height: height, left: left, right: right, ink: ink)
            }
        return Mend(dropped: dropped, added: added)
    }

    /// A line `height` high centred on `centre`, as wide as its ink between `left` and
    /// `right`; nil when it holds less ink across than one line height.
    package static func box(around centre: Double, height: Double, left: Int, right: Int, ink: Ink) -> PixelBox? {
        let top = max(0, Int(centre - height / 2))
        let bottom = min(ink.height, Int(centre + height / 2))
        guard bottom > top else { return nil }
        let columns = ink.columnProfile(rows: top..<bottom, left: left, right: right)
        let total = columns.reduce(0, +)
        guard total > 0 else { return nil }
        var seen = 0
        var first: Int?
        var last = 0
        for (offset, count) in columns.enumerated() {
            seen += count
            if first == nil, seen * 200 >= total { first = offset }
            if seen * 200 <= total * 199 { last = offset }
        }
        guard let first, Double(last - first) >= height else { return nil }
        return PixelBox(left: Double(left + first), top: Double(top), right: Double(left + last + 1), bottom: Double(bottom))
    }

    /// Whether `y` lies in `box`, less `margin` of its height at top and bottom.
    package static func inside(_ y: Double, _ box: PixelBox, margin: Double) -> Bool {
        y >= box.y + margin * box.height && y <= box.maxY - margin * box.height
    }

    /// The peaks of `profile`, strongest first taken, each at least `spacing` from a stronger
    /// one, with a trough under half its value between it and each stronger one. Only the
    /// nearest stronger peak on each side is looked at: a trough between it and the peak holds
    /// for every stronger peak beyond.
    package static func peaks(_ profile: [Int], spacing: Double) -> [(index: Int, value: Int)] {
        let maxima = profile.indices.filter { index in
            profile[index] > 0 && (index == 0 || profile[index] >= profile[index - 1])
                && (index == profile.count - 1 || profile[index] > profile[index + 1])
        }
        var kept: [Int] = []  // ascending
        for index in maxima.sorted(by: { profile[$0] > profile[$1] || (profile[$0] == profile[$1] && $0 < $1) }) {
            let after = kept.partitioningIndex(where: { $0 > index })
            let neighbours = [after > 0 ? kept[after - 1] : nil, after < kept.count ? kept[after] : nil].compactMap { $0 }
            let apart = neighbours.allSatisfy { other in
                guard Double(abs(other - index)) >= spacing else { return false }
                return (profile[min(other, index)...max(other, index)].min() ?? 0) * 2 < profile[index]
            }
            if apart { kept.insert(index, at: after) }
        }
        return kept.map { ($0, profile[$0]) }
    }

    /// `values` averaged over a window of `window` around each.
    package static func smoothed(_ values: [Int], window: Int) -> [Int] {
        guard !values.isEmpty else { return [] }
        var sums = [0]
        for value in values { sums.append(sums[sums.count - 1] + value) }
        let half = window / 2
        return values.indices.map { index in
            let (low, high) = (max(0, index - half), min(values.count, index + half + 1))
            return (sums[high] - sums[low]) / (high - low)
        }
    }

    /// The middle value of `values` (the lower one of an even count); 0 when empty.
    package static func lowerMedian(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[(values.count - 1) / 2]
    }

    /// The middle value of `values` (the upper one of an even count); 0 when empty.
    package static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

}

extension Array {
    /// The index of the first element for which `isAfter` holds, in an array where it holds
    /// for a tail: a binary search.
    fileprivate func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
