import Foundation
import LegibleLayout
import LegibleOCR
import LegibleTestSupport
import Testing

/// Rulings found and recorded on real pages (`Docs/Recognition.md`, "Rulings"); the generator
/// draws rules every 66 px (`Tools/make-scans`, `LINE_PITCH`).
@Suite("Rulings", .serialized)
struct RulingsTests {
    static func step(_ step: RecognitionStep, of stem: String, options: OCROptions = OCROptions()) throws -> (PreprocessingStep, PageLayout)
    {
        let layout = try Recogniser(options: options).recognise(imageAt: Repository.scans.appendingPathComponent("\(stem).png").path)
        return (try #require(layout.preprocessing?.first { $0.step == step }), layout)
    }

    @Test("a ruled page records its rules and their 66-px period; a legal pad is yellow; plain paper has none")
    func found() throws {
        let ruled = try Self.step(.rulings, of: "chicago-1").0.detail ?? ""
        #expect(ruled.contains("horizontal rules every 6"), "\(ruled)")
        let period = ruled.split(separator: " ").drop { $0 != "every" }.dropFirst().first.flatMap { Int($0) }
        #expect(period.map { abs($0 - 66) <= 2 } == true, "\(ruled)")
        let legal = try Self.step(.rulings, of: "dkg-legal").0.detail ?? ""
        #expect(legal.contains("paper yellow"), "\(legal)")
        let plain = try Self.step(.rulings, of: "humor-plain").0.detail ?? ""
        #expect(plain.hasPrefix("no rulings left after binarisation") && plain.contains("paper white"), "\(plain)")
    }

    @Test("rule removal takes only what was found and gives back crossing strokes; a page without rulings reads as without removal")
    func removal() throws {
        var options = OCROptions()
        options.preprocessing.ruleRemoval = true
        options.retryPoorPages = false
        let (step, layout) = try Self.step(.ruleRemoval, of: "dkg-legal", options: options)
        #expect(step.applied)
        let restored = (step.detail ?? "").split(separator: " ").drop { $0 != "restored" }.dropFirst().first.flatMap { Int($0) }
        #expect((restored ?? 0) > 0, "\(step.detail ?? "")")
        #expect(!layout.lines.isEmpty)
        let (plain, removed) = try Self.step(.ruleRemoval, of: "humor-plain", options: options)
        #expect(!plain.applied && plain.detail == "no rulings found")
        options.preprocessing.ruleRemoval = false
        let (_, kept) = try Self.step(.ruleRemoval, of: "humor-plain", options: options)
        #expect(removed.text == kept.text && removed.lines.map(\.box) == kept.lines.map(\.box))
    }
}
