import Foundation
import LegibleLayout
import LegibleLines
import LegibleOCR

// The `line-gaps` harness (`Docs/Hardening.md`, "Fuzzing"): lines missed and run together,
// found in the rows of a page's ink, for any ink and any line boxes.
extension FuzzTarget {
    /// A page from `data`: two bytes give its width and height (1…256 each), the third how
    /// many line boxes follow (0…31), four bytes each (place and size, inside the page or not,
    /// as Tesseract could give), the rest its ink, a bit a pixel, cycled. The lines dropped are
    /// indices of lines given, ascending, each once; every line added lies inside the page, is
    /// not empty, and the same input gives the same mend.
    static func lineGaps(_ data: Data) {
        guard data.count >= 4 else { return }
        let bytes = [UInt8](data)
        let (width, height, count) = (Int(bytes[0]) + 1, Int(bytes[1]) + 1, Int(bytes[2]) % 32)
        let boxesEnd = min(bytes.count, 3 + count * 4)
        let lines = stride(from: 3, to: boxesEnd - 3, by: 4).map { at in
            PixelBox(
                x: Double(Int(bytes[at]) - 16), y: Double(Int(bytes[at + 1]) - 16), width: Double(bytes[at + 2]),
                height: Double(bytes[at + 3] % 64))
        }
        let bits = Array(bytes.dropFirst(boxesEnd))
        guard !bits.isEmpty else { return }
        let pixels = (0..<(width * height)).map { UInt8((bits[($0 / 8) % bits.count] >> ($0 % 8)) & 1) }
        let ink = LineGaps.Ink(width: width, height: height, pixels: pixels)
        let mend = LineGaps.mend(lines, ink: ink)
        precondition(zip(mend.dropped, mend.dropped.dropFirst()).allSatisfy { $0 < $1 }, "dropped lines out of order or twice")
        precondition(mend.dropped.allSatisfy { lines.indices.contains($0) }, "a dropped line that was not given")
        for box in mend.added {
            precondition(box.width > 0 && box.height > 0, "an empty line added")
            precondition(box.x >= 0 && box.y >= 0 && box.maxX <= Double(width) && box.maxY <= Double(height), "a line outside the page")
        }
        precondition(LineGaps.mend(lines, ink: ink) == mend, "the same page mended two ways")
    }
}
