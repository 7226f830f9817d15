import Testing

@testable import LegibleNotebook

/// Where a writer's head starts (`Docs/Recognition.md`, "A French hand"): from the French hand
/// head only when every page it learns from was read in the language it reads (French), as
/// `ingest` reads the writer's other pages without a model.
@Suite("the layer a writer's head starts from")
struct AdaptationStartTests {
    @Test(
        "French pages start from the French hand head; English, another language, an unknown language or no page, from the model's own layer",
        arguments: [
            (["fra"], Adaptation.Record.Head.Start.frenchHand), (["fra", "fra"], .frenchHand), (["eng"], .model),
            (["fra", "eng"], .model), (["fra+eng"], .model), (["deu"], .model), (["fra", "deu"], .model),
            (["fra+deu"], .model), (["fra", nil], .model), ([], .model),
        ])
    func start(_ languages: [String?], _ expected: Adaptation.Record.Head.Start) {
        var collected = Adaptation.Collected()
        collected.languages = languages
        #expect(Adaptation.HeadSource.startLayer(collected) == expected)
    }

    @Test("a head is measured on the last page learnt from when there are two or more, else on one line in five")
    func aside() {
        #expect(Adaptation.HeadSource.aside([0, 0, 0, 1, 1, 1], seed: 1) == [3, 4, 5])
        #expect(Adaptation.HeadSource.aside([0, 1, 1, 2], seed: 7) == [3])
        let one = Adaptation.HeadSource.aside(Array(repeating: 0, count: 12), seed: 1)
        #expect(one.count == 2 && Set(one).count == 2 && one.allSatisfy { (0..<12).contains($0) })
        #expect(Adaptation.HeadSource.aside([0, 0, 0, 0], seed: 1).count == 1)
    }
}
