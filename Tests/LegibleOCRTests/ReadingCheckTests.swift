import Foundation
import LegibleEvaluation
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

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
        let step = try #require(layout.preprocessing?.first { $0.name == "recognition-check" })
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

    @Test("a page read with low confidence is read again from the original page, and the better reading is kept")
    func retried() throws {
        // Kristi on a legal pad: the standard preprocessing reads it with a mean word
        // confidence below 0.40.
        let layout = try Self.recogniser.get().recognise(imageAt: Repository.scans.appendingPathComponent("kristi-legal.png").path)
        let (readings, kept) = try Self.check(layout)
        #expect(readings.count >= 2 && readings[0].strategy == "the standard preprocessing" && readings[1].strategy == "the original page")
        let best = try #require(readings.max { Double($0.coverage) * $0.confidence < Double($1.coverage) * $1.confidence })
        #expect(kept == best.strategy)
        #expect(layout.preprocessing?.first { $0.name == "recognition-check" }?.applied == true)
    }

    @Test("a chosen pipeline (--preprocess, --no-preprocess) runs as chosen, without a check")
    func chosenPipeline() throws {
        var options = OCROptions()
        options.retryPoorPages = false
        let layout = try Recogniser(options: options).recognise(imageAt: Repository.scans.appendingPathComponent("kristi-legal.png").path)
        #expect(layout.preprocessing?.contains { $0.name == "recognition-check" } == false)
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
