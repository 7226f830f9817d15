import LegibleImage
import LegibleLayout

/// A page with writing of its sheet's other side showing through the paper, made from a page's
/// own lines, for the tests of `Docs/Recognition.md`, "Writing seen through the paper".
public enum SeenThroughPage {
    /// `page` (grey) with a band added below it that holds each of `lines` (image pixels) of
    /// the page turned over left to right, one under another, its ink at `contrast` of its
    /// darkness on white, as writing on the other side shows through; and where each was put
    /// (image pixels of the new page).
    public static func made(_ page: GreyImage, lines: [PixelBox], contrast: Double = 0.5) -> (page: GreyImage, shown: [PixelBox]) {
        let gap = 40
        let crops = lines.map { page.crop($0, padding: 0) }
        let height = page.height + crops.reduce(gap) { $0 + $1.image.height + gap }
        var pixels = page.pixels + [UInt8](repeating: 255, count: page.width * (height - page.height))
        var shown: [PixelBox] = []
        var top = page.height + gap
        for (crop, origin) in crops {
            let turned = crop.mirrored()
            for y in 0..<turned.height {
                for x in 0..<turned.width where origin.x + x < page.width {
                    let ink = 255 - Double(turned.pixels[y * turned.width + x])
                    pixels[(top + y) * page.width + origin.x + x] = UInt8((255 - ink * contrast).rounded())
                }
            }
            shown.append(PixelBox(x: Double(origin.x), y: Double(top), width: Double(turned.width), height: Double(turned.height)))
            top += turned.height + gap
        }
        return (GreyImage(width: page.width, height: height, pixels: pixels), shown)
    }
}
