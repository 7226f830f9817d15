import Foundation
import LegibleImage
import LegibleLayout
import LegibleTestSupport
import Testing

@testable import LegibleOCR

/// Rulings found and recorded on real pages (`Docs/Recognition.md`, "Rulings"); the generator
/// draws rules every 66 px (`Tools/make-scans`, `LINE_PITCH`).
@Suite("Rulings", .serialized)
struct RulingsTests {
    static func step(_ step: RecognitionStep, of stem: String, options: OCROptions = OCROptions()) throws -> (PreprocessingStep, PageLayout)
    {
        let layout = try Recogniser(options: options).recognise(imageAt: Repository.scans.appendingPathComponent("\(stem).png").path)
        return (try #require(layout.preprocessing?.first { $0.step == step }), layout)
    }

    /// What recognition's preprocessing measures on a bundled page, as values.
    static func measures(of stem: String, options: PreprocessingOptions = OCROptions().preprocessing) throws -> Preprocessor.Measures {
        let path = Repository.scans.appendingPathComponent("\(stem).png").path
        let (_, image) = try ImageFile.decoded(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        return try #require(try Preprocessor(options: options).run(image).measures)
    }

    @Test("a ruled page records its rules and their 66-px period; a legal pad is yellow; plain paper has none")
    func found() throws {
        let ruled = try Self.measures(of: "chicago-1")
        #expect(ruled.horizontalRules >= 6 && ruled.rulePeriod.map { abs($0 - 66) <= 2 } == true, "\(ruled)")
        #expect(try Self.measures(of: "dkg-legal").paper == .yellow)
        let plain = try Self.measures(of: "humor-plain")
        #expect(plain.horizontalRules == 0 && plain.verticalLines == 0 && plain.paper == .white, "\(plain)")
        // The page document records what was measured.
        #expect(try Self.step(.rulings, of: "chicago-1").0.detail?.hasPrefix("\(ruled.horizontalRules) horizontal rules") == true)
    }

    @Test("rule removal takes only what was found and gives back crossing strokes; a page without rulings reads as without removal")
    func removal() throws {
        var options = OCROptions()
        options.preprocessing.ruleRemoval = true
        options.retryPoorPages = false
        let (step, layout) = try Self.step(.ruleRemoval, of: "dkg-legal", options: options)
        #expect(step.applied)
        #expect(try Self.measures(of: "dkg-legal", options: options.preprocessing).restoredRulePixels > 0, "\(step.detail ?? "")")
        #expect(!layout.lines.isEmpty)
        let (plain, removed) = try Self.step(.ruleRemoval, of: "humor-plain", options: options)
        let plainMeasures = try Self.measures(of: "humor-plain", options: options.preprocessing)
        #expect(!plain.applied && plainMeasures.restoredRulePixels == 0 && plainMeasures.horizontalRules == 0)
        options.preprocessing.ruleRemoval = false
        let (_, kept) = try Self.step(.ruleRemoval, of: "humor-plain", options: options)
        #expect(removed.text == kept.text && removed.lines.map(\.box) == kept.lines.map(\.box))
    }
}
