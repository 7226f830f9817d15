import LegibleImage
import LegibleLayout

extension HeadTraining {
    /// `text` as positions in `classes` (``ReadingClasses/symbols``), one a character; nil
    /// when a character is none of them (the head cannot learn to write it) or the text is empty.
    public static func labels(_ text: String, classes: ReadingClasses) -> [Int]? {
        var positions: [String: Int] = [:]
        for (position, symbol) in classes.symbols.enumerated() where position > 0 { positions[symbol] = positions[symbol] ?? position }
        let labels = text.map { positions[String($0)] }
        guard !labels.isEmpty, labels.allSatisfy({ $0 != nil }) else { return nil }
        return labels.compactMap { $0 }
    }
}

extension HandwritingModel {
    /// The width factor (one of ``widthScales``) ``readPage(_:boxes:outlines:padding:classes:words:settings:until:)``
    /// chooses for a page of `image` whose lines are `page` (image pixels), each read under its
    /// ``HandwritingLineReader/readBox(_:)``.
    public func pageScale(of image: GreyImage, page: [PixelBox], classes: ReadingClasses) throws(LoadFailure) -> Double {
        let sample = page.prefix(Self.sampleLines).map { image.crop(HandwritingLineReader.readBox($0), padding: 8).image }
        return Self.widthScales[try sampledWidth(sample, classes: classes).width]
    }

    /// A line of `image` under `box` as `ingest` reads it: its ``HandwritingLineReader/readBox(_:)``
    /// padded 8 pixels, in grey.
    public static func lineCrop(of image: GreyImage, box: PixelBox) -> GreyImage {
        image.crop(HandwritingLineReader.readBox(box), padding: 8).image
    }

    /// The network's features for a line crop (``lineCrop(of:box:)``) at `scale` times its
    /// width at the model's height.
    public func features(of line: GreyImage, scale: Double) throws(LoadFailure) -> (steps: Int, values: [Float]) {
        try features(LineTensor(grey: line.pixels, width: line.width, height: line.height, widthScale: scale))
    }
}
