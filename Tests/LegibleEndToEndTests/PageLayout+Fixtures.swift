import LegibleLayout

extension PageLayout {
    /// The document with every line's and word's confidence (0…1) rounded to 10⁻⁴, as the
    /// reading-layer fixtures are compared: the handwriting reader's line confidence comes from
    /// ONNX Runtime, whose kernels are chosen by the CPU's vector instructions, so its last
    /// float bits differ from one CPU to another while the reading does not
    /// (`Docs/Recognition.md`, "Handwriting").
    func confidencesRounded() -> PageLayout {
        func rounded(_ value: Double?) -> Double? { value.map { ($0 * 10_000).rounded() / 10_000 } }
        var layout = self
        layout.lines = lines.map { line in
            var line = line
            line.confidence = rounded(line.confidence)
            line.words = line.words?.map { word in
                var word = word
                word.confidence = rounded(word.confidence)
                return word
            }
            return line
        }
        return layout
    }
}
