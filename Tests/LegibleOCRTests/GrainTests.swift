import Foundation
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

    @Test("the grain's floor lies five spreads below a Gaussian grain's mean, though white clips its lighter half")
    func grainFloor() {
        // A grain of mean 244 and spread 6, clipped at 255 as normalisation leaves it.
        var histogram = [Int](repeating: 0, count: 256)
        for level in 0..<256 {
            let z = (Double(level) - 244) / 6
            histogram[level] = Int((1_000_000 * exp(-z * z / 2)).rounded())
        }
        histogram[255] += histogram[245...].reduce(0, +)
        for level in 245..<255 { histogram[level] = 0 }
        let floor = Preprocessor.grainFloor(histogram)
        #expect(abs(floor - 214) <= 3, "\(floor)")
        // Black and white noise has no grain to measure: the floor is black, and nothing is below it.
        var noise = [Int](repeating: 0, count: 256)
        (noise[0], noise[255]) = (500, 500)
        #expect(Preprocessor.grainFloor(noise) == 0)
    }
}
