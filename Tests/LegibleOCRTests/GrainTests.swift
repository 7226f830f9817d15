import Foundation
import LegibleImage
import LegibleLayout
import LegibleRaster
import Testing

@testable import LegibleOCR

/// Otsu's split, made again below the paper's grain, and pages of grain, noise and dust that
/// must not be read as text (`Docs/Recognition.md`, "Grain"). Pages are drawn in Swift
/// (``DrawnPage``) and read in process by the real Tesseract.
@Suite("Ink below the paper's grain", .serialized)
struct GrainTests {
    static let greyPaper = Bitmap.Colour(232, 230, 226)
    static let whitePaper = Bitmap.Colour(235, 235, 235)

    static func read(_ page: DrawnPage) throws -> PageLayout {
        try Recogniser().recognise(imageData: try page.png(), path: "drawn.png")
    }

    /// `page` read, with its recognition check as values.
    static func checked(_ page: DrawnPage) throws -> (layout: PageLayout, check: RecognitionCheck?) {
        try Recogniser().recogniseChecked(imageData: try page.png(), path: "drawn.png")
    }

    /// Whether every line lies on the ink that was laid, give or take 10 pixels.
    static func linesOnInk(_ layout: PageLayout, _ page: DrawnPage) -> Bool {
        let area = page.inked.map { PixelBox(x: $0.x - 10, y: $0.y - 10, width: $0.width + 20, height: $0.height + 20) }
        return layout.lines.allSatisfy { line in area.contains { $0.intersection(line.box) != nil } }
    }

    static func step(_ layout: PageLayout, _ step: RecognitionStep) -> PreprocessingStep? {
        layout.preprocessing?.first { $0.step == step }
    }

    @Test("a word on paper with a heavy grain is read: Otsu's split fell in the grain, and is made again below it")
    func wordOnGrain() throws {
        var page = DrawnPage(paper: Self.greyPaper, spread: 12)
        try page.write(from: "kristi-plain", words: 1, x: 200, y: 300, height: 90, ink: Bitmap.Colour(31, 58, 147))
        let layout = try Self.read(page)
        let (_, image) = try ImageFile.decoded(try page.png(), path: "drawn.png")
        #expect(try Preprocessor(options: OCROptions().preprocessing).run(image).measures?.fellInGrain == true)
        #expect(layout.lines.count == 1, "\(layout.text)")
        #expect(Self.linesOnInk(layout, page), "\(layout.lines.map(\.box)) on \(page.inked)")
        #expect(Self.step(layout, .grain) == nil, "a page with writing is read")
    }

    @Test("a short line in grey pencil on heavy grain is read: the split below the grain stops at the grain's floor")
    func pencilOnGrain() throws {
        var page = DrawnPage(paper: Self.greyPaper, spread: 12)
        try page.write(from: "kristi-plain", words: 2, x: 200, y: 300, height: 52, ink: Bitmap.Colour(120, 120, 120))
        let layout = try Self.read(page)
        #expect(layout.lines.count == 1, "\(layout.text)")
        #expect(Self.linesOnInk(layout, page), "\(layout.lines.map(\.box)) on \(page.inked)")
        #expect(Self.step(layout, .grain) == nil)
    }

    @Test(
        "blank paper, with a heavy grain or a scanner's faint noise, comes back empty and is read once, not as text invented from its specks",
        arguments: [(12.0, greyPaper), (3.0, whitePaper)])
    func blankGrain(spread: Double, paper: Bitmap.Colour) throws {
        let (layout, check) = try Self.checked(DrawnPage(paper: paper, spread: spread))
        #expect(layout.lines.isEmpty && layout.text.isEmpty, "\(layout.text)")
        #expect(Self.step(layout, .grain)?.applied == true)
        #expect(check?.readings.count == 1 && check?.kept == .standard, "read once: \(String(describing: check))")
    }

    @Test("a white page with a few dots of dust is read once: dust is no writing a reading could miss")
    func dustOnWhite() throws {
        var page = DrawnPage(paper: Self.whitePaper, spread: 3)
        page.dust(5)
        let (layout, check) = try Self.checked(page)
        #expect(layout.lines.isEmpty, "\(layout.text)")
        #expect(check?.readings.count == 1 && check?.kept == .standard, "read once: \(String(describing: check))")
    }

    @Test(
        "a page of noise, or of blank paper with a grain, gives no lines: no reading along lines found in it invents text",
        arguments: [false, true])
    func noisePage(grain: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        // Grain: an A5 page at 200 dpi of 230-249 grey from a fixed xorshift sequence, which
        // read along the lines found in its specks gave 35 lines of invented text. Noise: black
        // or white at random.
        var noise = grain ? Bitmap(width: 1166, height: 1654) : Bitmap(width: 800, height: 1000)
        var state: UInt64 = 1
        for index in stride(from: 0, to: noise.pixels.count, by: 4) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let grey: UInt8 = grain ? 230 + UInt8(state % 20) : (Bool.random(using: &generator) ? 0 : 255)
            noise.pixels.replaceSubrange(index..<index + 4, with: [grey, grey, grey, 255])
        }
        let (layout, check) = try Recogniser().recogniseChecked(imageData: try PNGCodec.encode(noise), path: "noise.png")
        #expect(layout.lines.isEmpty && layout.text.isEmpty, "\(layout.text)")
        // If lines were looked for in the ink, none were found.
        let found = check?.readings.filter { $0.strategy == .foundLines } ?? []
        #expect(found.allSatisfy { $0.lines == 0 }, "\(String(describing: check))")
    }

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
