import Foundation
import LegibleEvaluation
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

/// The check after recognition and the retries it starts (`Docs/Recognition.md`, "Check and
/// retry"), on real pages through the real Tesseract.
@Suite("Recognition check and retry", .serialized)
struct ReadingCheckTests {
    static let recogniser = Result { try Recogniser() }

    /// The page at `path` recognised, with its check as values.
    static func read(_ path: String, by recogniser: Recogniser? = nil) throws -> (layout: PageLayout, check: RecognitionCheck) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let (layout, check) = try (recogniser ?? Self.recogniser.get()).recogniseChecked(imageData: data, path: path)
        return (layout, try #require(check, "no check ran"))
    }

    @Test(
        "every bundled page is read with at least 90 % of its ink inside its lines, and the check says so", arguments: Repository.scanStems)
    func bundledPages(stem: String) throws {
        let (_, check) = try Self.read(Repository.scans.appendingPathComponent("\(stem).png").path)
        let chosen = try #require(check.readings.first { $0.strategy == check.kept })
        #expect(chosen.coverage >= 0.90, "\(check)")
        #expect(
            check.readings.count == 1 || check.readings.allSatisfy { $0.coverage * $0.confidence <= chosen.coverage * chosen.confidence })
    }

    @Test("a page with all its ink in lines is kept as read, however low its confidence")
    func confidenceAlone() throws {
        // Kristi on a legal pad: the standard preprocessing reads all of it, with a mean word
        // confidence near 0.3.
        let (layout, check) = try Self.read(Repository.scans.appendingPathComponent("kristi-legal.png").path)
        #expect(check.readings.count == 1 && check.kept == .standard, "\(check)")
        #expect(try #require(check.readings.first).confidence < 0.5)
        #expect(layout.preprocessing?.first { $0.step == .recognitionCheck }?.applied == false)
    }

    @Test("coverage alone decides a retry; a page missing most of its ink is read along found lines first")
    func retryOrder() {
        func reading(coverage: Double, confidence: Double) -> Reading {
            Reading(strategy: .standard, lines: [], steps: [], coverage: coverage, confidence: confidence)
        }
        let preprocessing = OCROptions().preprocessing
        #expect(reading(coverage: 0.95, confidence: 0.1).isGood)
        #expect(!reading(coverage: 0.85, confidence: 0.9).isGood)
        #expect(Recogniser.alternatives(after: reading(coverage: 0.7, confidence: 0.5), options: preprocessing).first == .original)
        let lost = Recogniser.alternatives(after: reading(coverage: 0.3, confidence: 0.5), options: preprocessing)
        #expect(Array(lost.prefix(2)) == [.foundLines, .halfSize])
        #expect(Set(lost) == Set(ReadingStrategy.allCases).subtracting([.standard, .detectedLines]))
        // With a text detector, its lines come first, and every strategy is tried.
        let detecting = Recogniser.alternatives(after: reading(coverage: 0.3, confidence: 0.5), options: preprocessing, detecting: true)
        #expect(Array(detecting.prefix(2)) == [.detectedLines, .foundLines])
        #expect(Set(detecting) == Set(ReadingStrategy.allCases).subtracting([.standard]))
    }

    @Test("a reading tried later replaces the detector's lines only by holding more of the ink; others by score")
    func replacingDetectedLines() {
        func reading(_ strategy: ReadingStrategy, coverage: Double, confidence: Double) -> Reading {
            Reading(strategy: strategy, lines: [], steps: [], coverage: coverage, confidence: confidence)
        }
        // Tables décennales' page 6 (CC BY 4.0, NOTICE): the detector's 120 lines held 90 % of
        // the ink at a confidence of 0.30; two lines of print found in the ink held 77 % at 0.88.
        let detected = reading(.detectedLines, coverage: 0.90, confidence: 0.30)
        #expect(!reading(.foundLines, coverage: 0.77, confidence: 0.88).replaces(detected))
        #expect(!reading(.halfSize, coverage: 0.94, confidence: 0.9).replaces(detected))
        #expect(reading(.halfSize, coverage: 0.96, confidence: 0.1).replaces(detected))
        let layout = reading(.standard, coverage: 0.70, confidence: 0.5)
        #expect(reading(.original, coverage: 0.60, confidence: 0.7).replaces(layout))
        #expect(!reading(.original, coverage: 0.80, confidence: 0.4).replaces(layout))
    }

    @Test("a chosen pipeline (--preprocess, --no-preprocess) runs as chosen, without a check")
    func chosenPipeline() throws {
        var options = OCROptions()
        options.retryPoorPages = false
        let layout = try Recogniser(options: options).recognise(imageAt: Repository.scans.appendingPathComponent("kristi-legal.png").path)
        #expect(layout.preprocessing?.contains { $0.step == .recognitionCheck } == false)
        #expect(options.digest != OCROptions().digest)
    }

    @Test("a real cursive letter whose lines Tesseract does not find is read along the lines found in its ink")
    func foundLines() throws {
        let letter = Repository.realCorpus.appendingPathComponent("jane-stanford-memorials/Lettre253.jpg")
        guard FileManager.default.fileExists(atPath: letter.path) else {
            print("skipping: the real corpus is not at \(Repository.realCorpus.path) (set LEGIBLE_REAL_CORPUS)")
            return
        }
        let (layout, check) = try Self.read(letter.path)
        #expect(check.readings.first?.coverage ?? 1 < 0.5, "Tesseract's own reading already covers this letter: \(check)")
        #expect(check.kept == .foundLines, "\(check)")
        let truth = try GroundTruth.load(letter.deletingPathExtension().appendingPathExtension("xml"))
        let score = Scorer.score(ScoredPage(layout), against: truth)
        #expect(score.lineRecall >= 0.85, "line recall \(score.lineRecall)")
        for line in layout.lines { #expect(line.box.maxX <= Double(layout.image.width) && line.box.maxY <= Double(layout.image.height)) }
        // A line read alone has a row with an empty box, whose baseline Tesseract gives as
        // running from +32,767 to −32,767 px: such a baseline is left out, not written to ALTO or hOCR.
        for line in layout.lines {
            guard let baseline = line.baseline else { continue }
            #expect(baseline.count == 2, "\(baseline)")
            #expect(
                baseline.allSatisfy { abs($0.x - line.box.midX) < 2 * line.box.width && abs($0.y - line.box.midY) < 2 * line.box.height },
                "\(baseline) \(line.box)")
        }
    }
}
