import Foundation
import LegibleHandwriting
import LegibleImage
import LegibleLayout

// The `line` harness (`Docs/Hardening.md`, "Fuzzing"): the handwriting reader on line crops of
// any size and content, through the real model.
extension FuzzTarget {
    /// The reader the harness runs, loaded once from where `ingest` finds it; nil where
    /// `Tools/install-dependencies` has not put its files (the harness then checks the crops
    /// and their resizing alone).
    nonisolated(unsafe) package static let lineReader: (model: HandwritingModel, classes: ReadingClasses, words: CTCDecoding.Vocabulary)? =
        {
            let folder = HandwritingModel.Files.defaultFolder(
                executable: CommandLine.arguments.first ?? "", environment: ProcessInfo.processInfo.environment)
            guard let model = try? HandwritingModel(files: HandwritingModel.Files(folder: folder)) else { return nil }
            let classes = model.latinClasses()
            return (model, classes, CTCDecoding.Vocabulary(alphabet: classes.symbols, words: decodingWords))
        }()

    /// Whether inputs whose first byte is 0 are read by the model: not when
    /// `LEGIBLE_FUZZ_LINE_MODEL` is `off`, for a long campaign of the crops and their resizing
    /// alone, each input at one width (a reading takes most of a second under the sanitizers;
    /// `Docs/Hardening.md`, "Fuzzing").
    static let modelReads = ProcessInfo.processInfo.environment["LEGIBLE_FUZZ_LINE_MODEL"] != "off"

    /// A page from `data`: after a first byte that chooses whether the model reads it (when it
    /// is 0: the model takes most of a run, and the crops and their resizing are what vary
    /// most), two bytes give its width (1…256) and height (1…64), the next eight two line boxes
    /// (any position and size, inside the page or not, as a line finder could give), the rest
    /// its grey pixels, cycled. The harness is both parts: ``lineCrops(_:everyWidth:)`` on every
    /// input, then ``lineReadings(_:reader:)`` where the model reads.
    static func line(_ data: Data) {
        lineCrops(data, everyWidth: modelReads)
        guard modelReads, let reader = lineReader else { return }
        lineReadings(data, reader: reader)
    }

    /// The outline each of `boxes` is read from, as a detector gives a slanted line's: the box
    /// turned about its centre by an angle from `byte` (up to about ±34°, the second box the other
    /// way), and grown by a fifth of its height; image pixels, clockwise from the top-left.
    static func lineOutlines(_ boxes: [PixelBox], byte: UInt8) -> [[PixelPoint]?] {
        let angle = (Double(byte) - 127.5) / 127.5 * 0.6
        return boxes.enumerated().map { index, box in
            let turn = index == 0 ? angle : -angle
            let (c, s, grow) = (cos(turn), sin(turn), box.height / 5)
            let (cx, cy) = (box.x + box.width / 2, box.y + box.height / 2)
            return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
                let (dx, dy) = (sx * box.width / 2, sy * (box.height / 2 + grow))
                return PixelPoint(x: cx + dx * c - dy * s, y: cy + dx * s + dy * c)
            }
        }
    }

    /// The page and its two line boxes in `data` (``line(_:)``); nil for fewer than 12 bytes.
    static func linePage(_ data: Data) -> (image: GreyImage, boxes: [PixelBox], first: UInt8)? {
        guard data.count >= 12 else { return nil }
        let bytes = [UInt8](data)
        let (width, height) = (Int(bytes[1]) + 1, Int(bytes[2]) % 64 + 1)
        let ink = Array(bytes.dropFirst(11))
        let image = GreyImage(width: width, height: height, pixels: (0..<(width * height)).map { ink[$0 % ink.count] })
        let boxes = [3, 7].map { at in
            PixelBox(
                x: Double(Int(bytes[at]) - 64), y: Double(Int(bytes[at + 1]) - 64) / 2, width: Double(bytes[at + 2]),
                height: Double(bytes[at + 3]) / 2)
        }
        return (image, boxes, bytes[0])
    }

    /// The harness's part that needs no model, so the fast tier's replay loads none
    /// (`Docs/Hardening.md`, "Fuzzing"): every box's crop lies in the page and resizes, at
    /// every width (one, chosen by the first byte, unless `everyWidth`), to a tensor of the
    /// model's height, at most the widest line, of values in [-1, 1].
    package static func lineCrops(_ data: Data, everyWidth: Bool = true) {
        guard let (image, boxes, first) = linePage(data) else { return }
        for (box, outline) in zip(boxes, lineOutlines(boxes, byte: data[data.startIndex + 11])) {
            let (upright, origin) = image.crop(box, padding: 8)
            precondition(
                origin.x >= 0 && origin.y >= 0 && origin.x + upright.width <= image.width && origin.y + upright.height <= image.height,
                "a crop outside the page")
            // A slanted line is read turned level, from no more than the page and its padding.
            let crop = HandwritingModel.cropped(image, box: box, outline: outline, padding: 8).image
            precondition(
                crop.width > 0 && crop.height > 0 && crop.pixels.count == crop.width * crop.height
                    && crop.width <= 2 * image.width + 16 && crop.height <= image.height + 16,
                "a turned crop of another size")
            let scales = HandwritingModel.widthScales
            for scale in everyWidth ? scales : [scales[Int(first) % scales.count]] {
                let tensor = LineTensor(grey: crop.pixels, width: crop.width, height: crop.height, widthScale: scale)
                precondition(
                    tensor.height == LineTensor.height && (16...LineTensor.maximumWidth).contains(tensor.width), "a tensor of another size")
                precondition(tensor.values.count == 3 * tensor.height * tensor.width, "a tensor of another length")
                precondition(tensor.values.allSatisfy { $0 >= -1.0001 && $0 <= 1.0001 }, "a value outside [-1, 1]")
            }
        }
    }

    /// The harness's model part, for inputs whose first byte is 0 (a real-parts test replays
    /// it): every box gets one reading, from its crop only, whose characters are the page
    /// script's, in order on the steps, each of confidence 0…1.
    package static func lineReadings(
        _ data: Data, reader: (model: HandwritingModel, classes: ReadingClasses, words: CTCDecoding.Vocabulary)
    ) {
        guard let (image, boxes, first) = linePage(data), first == 0 else { return }
        let (width, height) = (image.width, image.height)
        let outlines = lineOutlines(boxes, byte: data[data.startIndex + 11])
        guard
            let readings = try? reader.model.readPage(image, boxes: boxes, outlines: outlines, classes: reader.classes, words: reader.words)
        else {
            preconditionFailure("the model failed on a line crop")
        }
        precondition(readings.count == boxes.count, "not one reading for each line")
        for reading in readings {
            precondition(reading.crop.x >= 0 && reading.crop.y >= 0, "a crop outside the page")
            precondition(
                reading.crop.x + reading.crop.width <= Double(width) && reading.crop.y + reading.crop.height <= Double(height),
                "a crop outside the page")
            precondition(reading.steps > 0 && reading.steps <= LineTensor.maximumWidth / 4 + 1, "a reading with no steps or too many")
            var next = 0
            for character in reading.characters {
                precondition(reader.classes.symbols.dropFirst().contains(character.symbol), "a symbol outside the page's script")
                precondition(
                    character.steps.lowerBound >= next && character.steps.upperBound < reading.steps,
                    "characters overlap or leave the steps")
                precondition((0...1.0001).contains(character.confidence), "a confidence outside 0…1")
                next = character.steps.upperBound + 1
            }
        }
    }
}
