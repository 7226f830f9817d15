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

    /// Each reading's summary in a check step: strategy, ink share, confidence.
    struct Summary: Equatable {
        var strategy: String
        var coverage: Int
        var confidence: Double
    }

    /// The readings a page's check step lists, and the strategy it kept.
    static func check(_ layout: PageLayout) throws -> (readings: [Summary], kept: String) {
        let step = try #require(layout.preprocessing?.first { $0.step == .recognitionCheck })
        let parts = (step.detail ?? "").components(separatedBy: "; ")
        let readings = parts.dropLast().compactMap { part -> Summary? in
            guard let colon = part.firstIndex(of: ":"), let percent = part.range(of: "% of ink"),
                let confidence = part.range(of: "confidence ")
            else { return nil }
            let share = part[part.index(colon, offsetBy: 2)..<percent.lowerBound]
            return Summary(
                strategy: String(part[..<colon]), coverage: Int(share) ?? -1, confidence: Double(part[confidence.upperBound...]) ?? -1)
        }
        let last = parts.last ?? ""
        let kept = last == "kept" ? readings.first?.strategy ?? "" : String(last.dropFirst("kept ".count))
        return (readings, kept)
    }

    @Test(
        "every bundled page is read with at least 90 % of its ink inside its lines, and the check says so", arguments: Repository.scanStems)
    func bundledPages(stem: String) throws {
        let layout = try Self.recogniser.get().recognise(imageAt: Repository.scans.appendingPathComponent("\(stem).png").path)
        let (readings, kept) = try Self.check(layout)
        let chosen = try #require(readings.first { $0.strategy == kept })
        #expect(chosen.coverage >= 90, "\(readings)")
        #expect(
            readings.count == 1
                || readings.allSatisfy { Double($0.coverage) * $0.confidence <= Double(chosen.coverage) * chosen.confidence })
    }

    @Test("a page with all its ink in lines is kept as read, however low its confidence")
    func confidenceAlone() throws {
        // Kristi on a legal pad: the standard preprocessing reads all of it, with a mean word
        // confidence near 0.3.
        let layout = try Self.recogniser.get().recognise(imageAt: Repository.scans.appendingPathComponent("kristi-legal.png").path)
        let (readings, kept) = try Self.check(layout)
        #expect(readings.count == 1 && kept == "the standard preprocessing", "\(readings)")
        #expect(try #require(readings.first).confidence < 0.5)
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
        #expect(Set(lost) == Set(ReadingStrategy.allCases).subtracting([.standard]))
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
        let layout = try Self.recogniser.get().recognise(imageAt: letter.path)
        let (readings, kept) = try Self.check(layout)
        #expect(readings.first?.coverage ?? 100 < 50, "Tesseract's own reading already covers this letter: \(readings)")
        #expect(kept == "lines found in the ink", "\(readings)")
        let truth = try GroundTruth.load(letter.deletingPathExtension().appendingPathExtension("xml"))
        let score = Scorer.score(ScoredPage(layout), against: truth)
        #expect(score.lineRecall >= 0.85, "line recall \(score.lineRecall)")
        for line in layout.lines { #expect(line.box.maxX <= Double(layout.image.width) && line.box.maxY <= Double(layout.image.height)) }
    }
}
