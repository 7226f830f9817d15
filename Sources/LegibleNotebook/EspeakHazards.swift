/// Code points espeak-ng 1.51 reads memory it has already freed on (`Docs/Speech.md`, "What is
/// said"). Spoken alone with the `en` or `fr` voice, each of these makes espeak-ng switch to the
/// alphabet's own language and compare text against a dictionary buffer it has freed: archaic
/// Hangul vowels and finals (conjoining jamo), Indic digits and signs, Georgian and Greek code
/// points, and unassigned code points in those blocks. AddressSanitizer reports every one;
/// the normal build goes on with whatever the freed buffer holds. `Tools/espeak-sweep VOICE`
/// finds them by speaking every code point from U+0020 to U+FFFF under AddressSanitizer; this
/// table is the union for `en` and `fr` (312 code points; none above U+FFFF for `en`).
package enum EspeakHazards {
    /// The hazardous code points, as ascending, disjoint ranges of scalar values.
    package static let ranges: [ClosedRange<UInt32>] = [
        0x0380...0x0385, 0x0387...0x0387, 0x038B...0x038B, 0x038D...0x038D, 0x03A2...0x03A2, 0x03F6...0x03F6,
        0x0970...0x0970, 0x09E4...0x09EF, 0x09F2...0x09F3, 0x09F7...0x09F9, 0x09FB...0x09FB, 0x09FD...0x09FF,
        0x0A64...0x0A6F, 0x0A76...0x0A77, 0x0A7B...0x0A7B, 0x0A7E...0x0A7F, 0x0AE4...0x0AF8, 0x0AFD...0x0AFF,
        0x0B80...0x0B80, 0x0B84...0x0B84, 0x0B8B...0x0B8C, 0x0B96...0x0B98, 0x0B9B...0x0B9B, 0x0B9D...0x0B9D,
        0x0BA0...0x0BA2, 0x0BA6...0x0BA7, 0x0BAB...0x0BAD, 0x0BBA...0x0BBC, 0x0BC4...0x0BC4, 0x0BD3...0x0BD4,
        0x0BDA...0x0BEF, 0x0BFB...0x0BFF, 0x0C80...0x0C80, 0x0C84...0x0C84, 0x0CC5...0x0CC5, 0x0CCE...0x0CD2,
        0x0CE6...0x0CEF, 0x0CFD...0x0D01, 0x0D04...0x0D04, 0x0D0D...0x0D0D, 0x0D45...0x0D45, 0x0D49...0x0D49,
        0x0D52...0x0D52, 0x0D55...0x0D56, 0x0D5B...0x0D5B, 0x0D5E...0x0D5F, 0x0D62...0x0D62, 0x0D66...0x0D6F,
        0x0DC7...0x0DC9, 0x0DCB...0x0DCD, 0x0DD5...0x0DD5, 0x0DD7...0x0DD7, 0x0DE2...0x0DF1, 0x0DF5...0x0DF9,
        0x0DFB...0x0DFF, 0x10C6...0x10C6, 0x10C8...0x10CC, 0x10CE...0x10CF, 0x10FB...0x10FB, 0x1180...0x11A7,
        0x11C3...0x11FF,
    ]

    /// Whether `scalar` is one espeak-ng must not be given.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard let first = ranges.first, let last = ranges.last, value >= first.lowerBound, value <= last.upperBound else {
            return false
        }
        // The first range that ends at or after the value is the only one that can hold it.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(value)
    }
}
