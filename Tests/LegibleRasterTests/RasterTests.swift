import Foundation
import LegibleRaster
import Testing

@Suite("PNG codec, drawing and pixel diff")
struct RasterTests {
    @Test("PNG round trip through libpng keeps every pixel; bytes that are not a PNG are refused")
    func pngRoundTrip() throws {
        var bitmap = Bitmap(width: 17, height: 9)
        bitmap.stroke(x: 1, y: 1, width: 10, height: 5, thickness: 1, Bitmap.Colour(10, 200, 30))
        bitmap.fill(x: 3, y: 2, width: 4, height: 4, Bitmap.Colour(255, 0, 0, 128))
        #expect(try PNGCodec.decode(PNGCodec.encode(bitmap), maximumPixels: 1 << 20) == bitmap)
        #expect(throws: PNGError.self) { try PNGCodec.decode(Data("not a png".utf8), maximumPixels: 1 << 20) }
    }

    @Test("the diff counts pixels beyond the tolerance, and only those")
    func pixelDiff() {
        var reference = Bitmap(width: 20, height: 10)
        reference.fill(x: 0, y: 0, width: 20, height: 10, Bitmap.Colour(255, 255, 255))
        var actual = reference
        #expect(PixelDiff(actual: actual, reference: reference, perPixelTolerance: 0).differingPixels == 0)
        actual.fill(x: 2, y: 2, width: 3, height: 2, Bitmap.Colour(250, 250, 250))
        #expect(PixelDiff(actual: actual, reference: reference, perPixelTolerance: 10).differingPixels == 0)
        actual.fill(x: 10, y: 5, width: 4, height: 2, Bitmap.Colour(0, 0, 0))
        let diff = PixelDiff(actual: actual, reference: reference, perPixelTolerance: 10)
        #expect(diff.differingPixels == 8)
        #expect(abs(diff.differingShare - 8.0 / 200.0) < 1e-9)
    }
}
