import Testing

@testable import LegibleOCR

/// Otsu's split, made again below the paper's grain (`Docs/Recognition.md`, "Grain"); a whole
/// page is tested through the CLI (`HardeningTests.wordOnGrain`).
@Suite("Ink below the paper's grain")
struct GrainTests {
    @Test("Otsu's threshold parts two levels of grey, and leaves an empty histogram at 0")
    func otsu() {
        var histogram = [Int](repeating: 0, count: 256)
        histogram[40] = 100
        histogram[200] = 900
        let threshold = Preprocessor.otsu(histogram)
        #expect(threshold > 40 && threshold <= 200)
        histogram[120] = 50
        #expect(Preprocessor.otsu(histogram) > 40 && Preprocessor.otsu(histogram) <= 200)
        #expect(Preprocessor.otsu([Int](repeating: 0, count: 256)) == 0)
    }
}
