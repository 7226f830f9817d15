/// Converts between UTF-16 offsets (Legible's public unit) and code-point offsets (AT-SPI's)
/// in one text (`Docs/ATSPI.md`, "Offsets"). Both directions are O(1) after an O(n) build.
struct CodePointMap: Sendable {
    /// The UTF-16 offset of each code point, plus the text's UTF-16 length at the end.
    private let utf16Offsets: [Int]
    /// For each UTF-16 offset (and the end), the code point it is in or starts.
    private let codePointIndex: [Int]

    init(_ text: String) {
        var offsets: [Int] = []
        var index: [Int] = []
        offsets.reserveCapacity(text.unicodeScalars.count + 1)
        var utf16 = 0
        for (number, scalar) in text.unicodeScalars.enumerated() {
            offsets.append(utf16)
            let width = scalar.utf16.count
            index.append(contentsOf: repeatElement(number, count: width))
            utf16 += width
        }
        offsets.append(utf16)
        index.append(offsets.count - 1)
        utf16Offsets = offsets
        codePointIndex = index
    }

    /// The UTF-16 offset of code point `codePoint`, clamped to the text.
    func utf16(_ codePoint: Int) -> Int { utf16Offsets[min(max(codePoint, 0), utf16Offsets.count - 1)] }

    /// The code point at or containing UTF-16 offset `utf16`, clamped to the text; an offset
    /// inside a surrogate pair counts as the pair's start.
    func codePoint(_ utf16: Int) -> Int { codePointIndex[min(max(utf16, 0), codePointIndex.count - 1)] }
}
