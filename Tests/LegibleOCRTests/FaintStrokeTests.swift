import Foundation
import LegibleImage
import LegibleLayout
import Testing

@testable import LegibleOCR

/// The faint strokes that the ink mask keeps (`Docs/Recognition.md`, "What Tesseract reads",
/// "Faint strokes"), on a drawn page: two dark strokes joined by a pale hairline, and a pale
/// mark of the same grey that touches nothing.
@Suite("Faint strokes joined to the ink")
struct FaintStrokeTests {
    static let (width, height) = (400, 200)
    static let paper: UInt8 = 230
    static let hairline = PixelBox(left: 72, top: 99, right: 148, bottom: 101)
    static let loneMark = PixelBox(left: 250, top: 99, right: 330, bottom: 101)

    /// A grey PGM of the page, drawn as a scan looks: grain of ±8 levels on everything, paper
    /// of 230, strokes of 40 whose edges fade to the paper over 12 px, and a hairline and a
    /// lone mark of 150.
    static func page() throws -> PixImage {
        var grain: UInt32 = 12345
        func grained(_ value: Int) -> UInt8 {
            grain = grain &* 1_103_515_245 &+ 12345
            return UInt8(min(255, max(0, value - 8 + Int((grain >> 16) % 17))))
        }
        var pixels = (0..<(width * height)).map { _ in grained(Int(paper)) }
        func darken(_ x: Int, _ y: Int, to value: Int) { pixels[y * width + x] = min(pixels[y * width + x], grained(value)) }
        for centre in [60, 160] {
            for x in (centre - 18)...(centre + 18) {
                let fade = max(0, abs(x - centre) - 6)  // 0 in the core, 1...12 on the edge
                for y in 50..<150 { darken(x, y, to: 40 + (230 - 40) * fade / 12) }
            }
        }
        for box in [hairline, loneMark] {
            for y in Int(box.y)..<Int(box.maxY) { for x in Int(box.x)..<Int(box.maxX) { darken(x, y, to: 150) } }
        }
        let bytes = Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
        return try #require(Leptonica.decode(bytes))
    }

    /// Pixels of `image` darker than the paper inside `box`.
    static func marked(_ image: PixImage, in box: PixelBox) throws -> Int {
        let dark = try #require(Leptonica.darker(image, than: 215))
        return Leptonica.inkCount(dark) - Leptonica.inkOutside(dark, boxes: [box])
    }

    @Test("a hairline between strokes reaches Tesseract; a pale mark touching no ink does not")
    func hairline() throws {
        let original = try Self.page()
        let result = try Preprocessor(options: OCROptions().preprocessing).run(original)
        // Away from the strokes' 3 px margin, the middle of the hairline is kept, as drawn.
        let middle = PixelBox(left: 80, top: 99, right: 140, bottom: 101)
        let kept = try Self.marked(result.image, in: middle)
        #expect(kept == 120, "\(kept) of 120; \(result.steps.compactMap(\.detail))")
        #expect(try Self.marked(result.image, in: Self.loneMark) == 0)
        #expect(result.measures?.faintStrokesTraced == true)
        // The 1-bit page the check and the line finder measure keeps only the dark strokes.
        let binary = try #require(result.binary)
        #expect(Leptonica.inkCount(binary) - Leptonica.inkOutside(binary, boxes: [middle]) == 0)
    }
}
