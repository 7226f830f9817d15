import LegibleNotebook
import LegibleSpeech
import Testing

/// What espeak-ng is given (`Docs/Speech.md`, "What is said"): control characters and the code
/// points espeak-ng 1.51 reads freed memory on become spaces, one for one, so every offset into
/// the script still points at the page.
@Suite("Spoken form")
struct SpokenFormTests {
    @Test("the hazard table is ascending and disjoint, and holds what the sweep found")
    func table() {
        let ranges = EspeakHazards.ranges
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound })
        #expect(ranges.reduce(0) { $0 + $1.count } == 312)
        for value: UInt32 in [0x1186, 0x09E6, 0x0BE6, 0x0D66, 0x10FB, 0x11FF, 0x0380] {
            #expect(EspeakHazards.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        // Letters of the same scripts that espeak-ng reads safely stay.
        for value: UInt32 in [0x41, 0x1161, 0x1175, 0x0995, 0x0B95, 0x03B1, 0xD55C, 0x11A8, 0x1200] {
            #expect(!EspeakHazards.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    @Test(
        "hazards and control characters are spoken as spaces, code point for code point",
        arguments: ["word\u{1186}word", "\u{09E6}\u{09E7} taka", "t,\u{8}\u{1186} \u{03C6}", "plain text", "\u{1}80S fast"])
    func spaces(_ text: String) {
        let script = TimingMap.script([SpeechPiece(text: text, range: 0..<text.utf16.count)])
        let given = Array(script.text.unicodeScalars)
        let page = Array(text.unicodeScalars)
        #expect(given.count == page.count)
        for (spoken, written) in zip(given, page) {
            let replaced = written.value < 0x20 || EspeakHazards.contains(written)
            #expect(spoken == (replaced ? " " : written))
        }
    }
}
