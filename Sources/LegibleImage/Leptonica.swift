// The one door to Leptonica. Every `pix*` call of the package is in this file
// (Docs/Architecture.md, "One door per C library"), each `PIX` is owned by a Swift value that
// frees it, and results are converted to Swift values before they leave. The one `PIX` pointer
// that leaves is handed to Tesseract's door, which reads it and keeps no reference.
import CLeptonica
import Foundation
import LegibleLayout

/// Owns a Leptonica `PIX` and destroys it when released (`Docs/Platform.md`, "C library pitfalls": `pixDestroy`
/// needs an optional `var`).
package final class PixImage {
    /// The owned `PIX`, for Tesseract's door to read (it keeps no reference).
    package let pointer: UnsafeMutablePointer<PIX>

    fileprivate init?(_ pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&owned)
    }

    /// Pixels across.
    package var width: Int { Int(pixGetWidth(pointer)) }
    /// Pixels down.
    package var height: Int { Int(pixGetHeight(pointer)) }
    /// Bits per pixel: 1, 8 or 32.
    package var depth: Int { Int(pixGetDepth(pointer)) }
    /// Horizontal resolution from the file's header, dots per inch; 0 when absent.
    package var resolution: Int { Int(pixGetXRes(pointer)) }
}

/// Image header facts read without decoding pixels.
package struct ImageHeader {
    /// Pixels, as displayed once ``orientation`` is applied.
    package var width: Int
    package var height: Int
    /// EXIF/TIFF orientation, 1...8.
    package var orientation = 1
    /// The decoder will not apply ``orientation`` itself (JPEG), so it must be applied after.
    package var needsOrienting = false
}

/// Leptonica's calls as Swift functions over ``PixImage``.
package enum Leptonica {
    /// Leptonica prints "Error in pixRead…" on bad input; we report through our own errors.
    package static func silence() { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }

    /// Reads only the header (no pixel allocation), so oversized images can be refused first.
    package static func header(of data: Data) -> ImageHeader? {
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        let status = data.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return 1 }
            return pixReadHeaderMem(base, bytes.count, &format, &width, &height, &bps, &spp, &colormap)
        }
        guard status == 0 else { return nil }
        // A zero or negative size is returned as zero, so the caller can say so.
        return ImageHeader(width: Int(max(0, width)), height: Int(max(0, height)))
    }

    /// Decodes PNG, JPEG or TIFF bytes; `nil` when the bytes are truncated or not an image.
    package static func decode(_ data: Data) -> PixImage? {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return PixImage(pixReadMem(base, bytes.count))
        }
    }

    /// The image as displayed under EXIF `orientation` (1...8): flips and quarter turns
    /// (`pixRotateOrth` turns clockwise). `nil` when Leptonica fails.
    package static func oriented(_ image: PixImage, orientation: Int) -> PixImage? {
        func turn(_ image: PixImage?, _ quarters: Int32) -> PixImage? { image.flatMap { PixImage(pixRotateOrth($0.pointer, quarters)) } }
        func mirror(_ image: PixImage?) -> PixImage? { image.flatMap { PixImage(pixFlipLR(nil, $0.pointer)) } }
        switch orientation {
        case 2: return mirror(image)
        case 3: return turn(image, 2)
        case 4: return PixImage(pixFlipTB(nil, image.pointer))
        case 5: return mirror(turn(image, 1))
        case 6: return turn(image, 1)
        case 7: return turn(mirror(image), 1)
        case 8: return turn(image, 3)
        default: return image
        }
    }

    /// Writes a PNG (for inspecting preprocessing: ``Recogniser/preprocessedImageFolder``).
    package static func writePNG(_ image: PixImage, to path: String) {
        _ = pixWrite(path, image.pointer, Int32(IFF_PNG))
    }

    /// The image encoded as PNG bytes; `nil` when encoding fails.
    package static func pngData(_ image: PixImage) -> Data? {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&bytes, &size, image.pointer, Int32(IFF_PNG)) == 0, let bytes else { return nil }
        // Leptonica's buffer becomes the Data, not a copy of it: a 60-megapixel scan's PNG is
        // held once while `html` stages it (`Docs/Web.md`, "Images").
        return Data(bytesNoCopy: bytes, count: size, deallocator: .custom { pointer, _ in lept_free(pointer) })
    }

    /// Writes `image` as PNG straight to the open file `descriptor` (through a duplicate, which
    /// is closed; `descriptor` stays open), so that the PNG is never held in memory; false when
    /// Leptonica or the write fails.
    package static func writePNG(_ image: PixImage, to descriptor: Int32) -> Bool {
        let copy = dup(descriptor)
        guard copy >= 0 else { return false }
        guard let stream = fdopen(copy, "wb") else {
            close(copy)
            return false
        }
        let written = pixWriteStreamPng(stream, image.pointer, 0) == 0
        return fclose(stream) == 0 && written
    }

    /// The image as 32-bit RGB (colormaps resolved): the image itself when it already is, else
    /// a converted copy. A 2500 × 3242 photo is 32 MB in RGB, which a needless copy doubled.
    package static func rgb(_ image: PixImage) -> PixImage? {
        image.depth == 32 && pixGetColormap(image.pointer) == nil ? image : PixImage(pixConvertTo32(image.pointer))
    }

    /// 8-bit luminance of an RGB image.
    package static func luminance(_ rgb: PixImage) -> PixImage? { PixImage(pixConvertRGBToLuminance(rgb.pointer)) }

    /// The red channel of an RGB image: blue and red rulings are light in it, dark inks are dark.
    package static func redChannel(_ rgb: PixImage) -> PixImage? { PixImage(pixGetRGBComponent(rgb.pointer, Int32(COLOR_RED))) }

    /// Fraction of non-white pixels that are coloured (largest channel difference ≥ 40). Pale
    /// blue grid paper differs by only 20–30 between channels and so counts as colourless, which
    /// sends grid pages down the grey path. Measured on the 40-page evaluation corpus, that is
    /// better: a threshold of 20 (grid treated as colour, red channel) raised CER from 0.137 to
    /// 0.177, because the red channel makes a pale-blue grid darker than luminance does, and
    /// the brightest channel instead did no better (0.177).
    package static func colourFraction(_ rgb: PixImage) -> Double {
        var pixelFraction: Float = 0, colourFraction: Float = 0
        guard pixColorFraction(rgb.pointer, 20, 244, 40, 2, &pixelFraction, &colourFraction) == 0 else { return 0 }
        return Double(colourFraction)
    }

    /// Background normalisation (paper to 255) and Otsu on the normalised page, as
    /// `pixOtsuThreshOnBackgroundNorm` does them (`Docs/Recognition.md`, "Measured settings"):
    /// the normalised page, its 1-bit ink (ink = 1) and the threshold that made it.
    package static func otsuOnBackgroundNorm(_ grey: PixImage) -> (normalised: PixImage, ink: PixImage, otsu: Int)? {
        guard let normalised = PixImage(pixBackgroundNorm(grey.pointer, nil, nil, 10, 15, 100, 50, 255, 2, 2)) else { return nil }
        var thresholds: UnsafeMutablePointer<PIX>?
        var binary: UnsafeMutablePointer<PIX>?
        let (width, height) = (pixGetWidth(normalised.pointer), pixGetHeight(normalised.pointer))
        let status = pixOtsuAdaptiveThreshold(normalised.pointer, width, height, 0, 0, 0.1, &thresholds, &binary)
        // Both are owned from here, so both are freed whatever happens next.
        let (map, ink) = (PixImage(thresholds), PixImage(binary))
        var value: UInt32 = 0
        guard status == 0, let map, let ink, pixGetPixel(map.pointer, 0, 0, &value) == 0 else { return nil }
        return (normalised, ink, Int(value))
    }

    /// The 256-bin grey histogram of 8-bit `grey` (pixel counts by level); empty on failure.
    package static func histogram(_ grey: PixImage) -> [Int] { integers(pixGetGrayHistogram(grey.pointer, 1)) }

    /// 1-bit image of the pixels of 8-bit `grey` darker than `threshold` (ink = 1).
    package static func darker(_ grey: PixImage, than threshold: Int) -> PixImage? {
        PixImage(pixThresholdToBinary(grey.pointer, Int32(min(max(threshold, 0), 256))))
    }

    /// The pixels of `mask` 8-connected to `seed` through `mask` (`seed` is treated as within
    /// it); 1-bit images of one size.
    package static func seedFilled(_ seed: PixImage, within mask: PixImage) -> PixImage? {
        PixImage(pixSeedfillBinary(nil, seed.pointer, mask.pointer, 8))
    }

    /// Plain Otsu-free global threshold at 50 % for images that skip background normalisation.
    package static func binarise(_ grey: PixImage) -> PixImage? { PixImage(pixConvertTo1(grey.pointer, 160)) }

    /// Morphology: runs a Leptonica sequence such as `"o150.1"` on a 1-bit image.
    package static func morph(_ binary: PixImage, _ sequence: String) -> PixImage? {
        PixImage(pixMorphCompSequence(binary.pointer, sequence, 0))
    }

    /// `a OR b` for 1-bit images of one size.
    package static func union(_ a: PixImage, _ b: PixImage) -> PixImage? { PixImage(pixOr(nil, a.pointer, b.pointer)) }

    /// `a AND b` for 1-bit images of one size.
    package static func intersection(_ a: PixImage, _ b: PixImage) -> PixImage? { PixImage(pixAnd(nil, a.pointer, b.pointer)) }

    /// Whether `image`, as 32-bit colour, matches `rgb` (row-major, three samples a pixel)
    /// within `tolerance` in every channel of every pixel. Compared word by word, so no second
    /// copy of a large image is made.
    package static func matches(_ image: PixImage, rgb: [UInt8], width: Int, height: Int, tolerance: Int) -> Bool {
        guard image.width == width, image.height == height, rgb.count == width * height * 3,
            let colour = PixImage(pixConvertTo32(image.pointer)), let data = pixGetData(colour.pointer)
        else { return false }
        let wordsPerLine = Int(pixGetWpl(colour.pointer))
        for row in 0..<height {
            let line = data + row * wordsPerLine
            for column in 0..<width {
                // Leptonica's 32-bit pixels hold red in the top byte, then green and blue.
                let word = line[column], at = (row * width + column) * 3
                guard abs(Int(word >> 24) - Int(rgb[at])) <= tolerance, abs(Int((word >> 16) & 0xFF) - Int(rgb[at + 1])) <= tolerance,
                    abs(Int((word >> 8) & 0xFF) - Int(rgb[at + 2])) <= tolerance
                else { return false }
            }
        }
        return true
    }

    /// An image's pixels as 8-bit grey, row-major, one byte each (0 black … 255 white).
    package static func greyPixels(_ image: PixImage) -> [UInt8]? {
        guard let grey = PixImage(pixConvertTo8(image.pointer, 0)), let data = pixGetData(grey.pointer) else { return nil }
        let (width, height) = (grey.width, grey.height)
        let wordsPerLine = Int(pixGetWpl(grey.pointer))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for row in 0..<height {
            let line = data + row * wordsPerLine
            // Leptonica keeps four 8-bit pixels in a 32-bit word, the first in its top byte.
            for column in 0..<width { pixels[row * width + column] = UInt8((line[column >> 2] >> (24 - 8 * UInt32(column & 3))) & 0xFF) }
        }
        return pixels
    }

    /// `image` without a colormap (a palette PNG's): a copy holding the colours it maps to, or
    /// `image` itself when it has none. Tesseract is never given a colormapped image: reading a
    /// rectangle of one, it read freed memory and crashed (`Docs/Hardening.md`, "A palette image
    /// and a rectangle").
    package static func withoutColormap(_ image: PixImage) -> PixImage? {
        guard pixGetColormap(image.pointer) != nil else { return image }
        return PixImage(pixRemoveColormap(image.pointer, Int32(REMOVE_CMAP_BASED_ON_SRC)))
    }

    /// 8-bit `grey` reduced by area averaging so that its longer side is at most `longerSide`
    /// pixels (unchanged when it already is), as Swift bytes, row-major.
    package static func reducedGreyPixels(_ grey: PixImage, longerSide: Int) -> GreyImage? {
        let scale = min(1, Float(longerSide) / Float(max(grey.width, grey.height, 1)))
        guard let reduced = scale < 1 ? PixImage(pixScaleAreaMap(grey.pointer, scale, scale)) : grey,
            let pixels = greyPixels(reduced)
        else { return nil }
        return GreyImage(width: reduced.width, height: reduced.height, pixels: pixels)
    }

    /// A copy of 8-bit `grey` with every pixel outside `mask` set to `value`. The mask (1 inside,
    /// row-major, `width × height`) is a reduced map of the whole image, scaled up to it.
    package static func filledOutside(_ grey: PixImage, mask: [UInt8], width: Int, height: Int, value: UInt8) -> PixImage? {
        guard width > 0, height > 0, mask.count == width * height,
            let outside = PixImage(pixCreate(Int32(width), Int32(height), 1)),
            let copy = PixImage(pixCopy(nil, grey.pointer))
        else { return nil }
        for index in mask.indices where mask[index] == 0 {
            pixSetPixel(outside.pointer, Int32(index % width), Int32(index / width), 1)
        }
        guard let full = PixImage(pixScaleToSize(outside.pointer, Int32(grey.width), Int32(grey.height))),
            full.width == grey.width, full.height == grey.height, pixSetMasked(copy.pointer, full.pointer, UInt32(value)) == 0
        else { return nil }
        return copy
    }

    /// An 8-bit grey image of `width × height` `pixels` (row-major, 0 black … 255 white), the
    /// inverse of ``greyPixels(_:)``; nil when the sizes disagree or Leptonica cannot make it.
    package static func greyImage(width: Int, height: Int, pixels: [UInt8]) -> PixImage? {
        guard width > 0, height > 0, pixels.count == width * height,
            let image = PixImage(pixCreate(Int32(width), Int32(height), 8)), let data = pixGetData(image.pointer)
        else { return nil }
        let wordsPerLine = Int(pixGetWpl(image.pointer))
        for row in 0..<height {
            let line = data + row * wordsPerLine
            for word in 0..<wordsPerLine {
                var packed: UInt32 = 0
                for byte in 0..<4 {
                    let column = word * 4 + byte
                    let value = column < width ? UInt32(pixels[row * width + column]) : 255
                    packed |= value << (24 - 8 * UInt32(byte))
                }
                line[word] = packed
            }
        }
        return image
    }

    /// A 1-bit image's pixels, row-major, one byte each (1 for ink), as Swift values.
    package static func pixels(_ binary: PixImage) -> [UInt8] {
        let (width, height) = (binary.width, binary.height)
        guard binary.depth == 1, let data = pixGetData(binary.pointer) else { return [] }
        let wordsPerLine = Int(pixGetWpl(binary.pointer))
        var pixels = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = data + row * wordsPerLine
            for column in 0..<width where (line[column >> 5] >> (31 - UInt32(column & 31))) & 1 != 0 {
                pixels[row * width + column] = 1
            }
        }
        return pixels
    }

    /// Ink pixels in each row (`byRow`) or each column of a 1-bit image, as Swift integers.
    package static func inkProfile(_ binary: PixImage, byRow: Bool) -> [Int] {
        integers(byRow ? pixCountPixelsByRow(binary.pointer, nil) : pixCountPixelsByColumn(binary.pointer))
    }

    /// The values of a Leptonica number array as Swift integers, the array destroyed; empty
    /// for nil.
    private static func integers(_ numa: UnsafeMutablePointer<NUMA>?) -> [Int] {
        var owned = numa
        guard let counts = owned else { return [] }
        defer { numaDestroy(&owned) }
        return (0..<numaGetCount(counts)).map { index in
            var value: Int32 = 0
            return numaGetIValue(counts, index, &value) == 0 ? Int(value) : 0
        }
    }

    /// The colour of the paper: per channel, the median of the brighter half of a 64 × 64 grid
    /// of samples of an RGB image (the page is mostly paper; ink and rulings are darker).
    package static func paperColour(_ rgb: PixImage) -> (red: Int, green: Int, blue: Int) {
        var samples: [(Int, Int, Int)] = []
        for row in 0..<64 {
            for column in 0..<64 {
                var red: Int32 = 0, green: Int32 = 0, blue: Int32 = 0
                let x = Int32((column * 2 + 1) * rgb.width / 128), y = Int32((row * 2 + 1) * rgb.height / 128)
                if pixGetRGBPixel(rgb.pointer, x, y, &red, &green, &blue) == 0 { samples.append((Int(red), Int(green), Int(blue))) }
            }
        }
        let bright = samples.sorted { $0.0 + $0.1 + $0.2 > $1.0 + $1.1 + $1.2 }.prefix(max(1, samples.count / 2))
        func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
        return (median(bright.map(\.0)), median(bright.map(\.1)), median(bright.map(\.2)))
    }

    /// `a AND NOT b` for 1-bit images.
    package static func subtract(_ a: PixImage, _ b: PixImage) -> PixImage? { PixImage(pixSubtract(nil, a.pointer, b.pointer)) }

    /// Number of ink pixels of a 1-bit image.
    package static func inkCount(_ binary: PixImage) -> Int {
        var count: Int32 = 0
        return pixCountPixels(binary.pointer, &count, nil) == 0 ? Int(count) : 0
    }

    /// The 1-bit image without connected components far longer than they are thick (width ÷
    /// height outside 1/12…12): rulings, margins and their fragments, however tilted.
    package static func withoutThinLines(_ binary: PixImage) -> PixImage? {
        var changed: Int32 = 0
        guard let tall = PixImage(pixSelectByWidthHeightRatio(binary.pointer, 1.0 / 12, 8, Int32(L_SELECT_IF_GTE), &changed)) else {
            return nil
        }
        return PixImage(pixSelectByWidthHeightRatio(tall.pointer, 12, 8, Int32(L_SELECT_IF_LTE), &changed))
    }

    /// An image of `image`'s size and depth with every pixel 0 (for 1-bit: no ink).
    package static func blank(like image: PixImage) -> PixImage? { PixImage(pixCreateTemplate(image.pointer)) }

    /// The 1-bit image without its 8-connected components of fewer than `area` pixels.
    package static func withoutSpecks(_ binary: PixImage, smallerThan area: Int) -> PixImage? {
        var changed: Int32 = 0
        return PixImage(pixSelectByArea(binary.pointer, Float(area), 8, Int32(L_SELECT_IF_GTE), &changed))
    }

    /// A 1-bit or 8-bit image at half size as 8-bit grey, each pixel the mean of its four:
    /// smooth strokes for Tesseract when the writing is too large for it.
    package static func halfSizeGrey(_ image: PixImage) -> PixImage? {
        PixImage(image.depth == 1 ? pixScaleToGray2(image.pointer) : pixScaleAreaMap2(image.pointer))
    }

    /// A 1-bit image at half size, a pixel set where any of its four was (rank 1).
    package static func halved(_ binary: PixImage) -> PixImage? { PixImage(pixReduceRankBinary2(binary.pointer, 1, nil)) }

    /// Ink pixels of a 1-bit image that lie outside every box (clipped to the image): the
    /// image is copied and the boxes cleared in the copy.
    package static func inkOutside(_ binary: PixImage, boxes: [PixelBox]) -> Int {
        guard let copy = PixImage(pixCopy(nil, binary.pointer)) else { return inkCount(binary) }
        for box in boxes {
            var owned = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width.rounded(.up)), Int32(box.height.rounded(.up)))
            guard let cBox = owned else { continue }
            pixClearInRect(copy.pointer, cBox)
            boxDestroy(&owned)
        }
        return inkCount(copy)
    }

    /// The 8-connected components of a 1-bit image, each with its box, ink and centre of ink
    /// (``LineFinder``), in the image's pixels.
    package static func components(_ binary: PixImage) -> [InkComponent] {
        var pieces: UnsafeMutablePointer<PIXA>?
        var boxes = pixConnComp(binary.pointer, &pieces, 8)
        defer {
            boxaDestroy(&boxes)
            pixaDestroy(&pieces)
        }
        guard boxes != nil else { return [] }
        return (0..<boxaGetCount(boxes)).compactMap { index in
            var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            var piece = pixaGetPix(pieces, index, Int32(L_CLONE))
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &width, &height) == 0, let owned = piece else { return nil }
            defer { pixDestroy(&piece) }
            var ink: Int32 = 0
            var centreX: Float = 0, centreY: Float = 0
            guard pixCountPixels(owned, &ink, nil) == 0, pixCentroid(owned, nil, nil, &centreX, &centreY) == 0 else { return nil }
            return InkComponent(
                box: PixelBox(x: Double(x), y: Double(y), width: Double(width), height: Double(height)), ink: Int(ink),
                centreY: Double(y) + Double(centreY))
        }
    }

    /// `grey` with every pixel outside the ink of `binary` (grown by `grow` px) set to white.
    package static func masked(_ grey: PixImage, by binary: PixImage, grow: Int) -> PixImage? {
        guard let copy = PixImage(pixCopy(nil, grey.pointer)),
            let grown = morph(binary, "d\(2 * grow + 1).\(2 * grow + 1)"), let outside = PixImage(pixInvert(nil, grown.pointer)),
            pixSetMasked(copy.pointer, outside.pointer, 255) == 0
        else { return nil }
        return copy
    }

    /// Skew in degrees (rotate clockwise by it to deskew) and confidence, or `nil`.
    package static func skew(_ binary: PixImage) -> (degrees: Double, confidence: Double)? {
        var angle: Float = 0, confidence: Float = 0
        guard pixFindSkew(binary.pointer, &angle, &confidence) == 0 else { return nil }
        return (Double(angle), Double(confidence))
    }

    /// Rotates about the centre by `degrees` (clockwise positive), keeping the size, white fill.
    package static func rotate(_ image: PixImage, degrees: Double) -> PixImage? {
        PixImage(
            pixRotate(
                image.pointer, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE),
                0, 0))
    }
}
