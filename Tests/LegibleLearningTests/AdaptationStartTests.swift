import Testing

@testable import LegibleLearning

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

    @Test("a head is measured on each of the last four pages learnt from in turn when there are two or more, else on one line in five")
    func asides() {
        #expect(Adaptation.HeadSource.asides([0, 0, 0, 1, 1, 1], seed: 1) == [[0, 1, 2], [3, 4, 5]])
        #expect(Adaptation.HeadSource.asides([0, 1, 1, 2], seed: 7) == [[0], [1, 2], [3]])
        // More pages than that: the last four, each whole.
        #expect(Adaptation.HeadSource.asides([0, 1, 2, 2, 3, 4, 5], seed: 1) == [[2, 3], [4], [5], [6]])
        let one = Adaptation.HeadSource.asides(Array(repeating: 0, count: 12), seed: 1)
        #expect(one.count == 1 && one[0].count == 2 && Set(one[0]).count == 2 && one[0].allSatisfy { (0..<12).contains($0) })
        #expect(Adaptation.HeadSource.asides([0, 0, 0, 0], seed: 1).map(\.count) == [1])
    }

    @Test(
        "a head is kept when it reads the pages kept aside together and more than half of them better; its memory when it reads them better"
    )
    func verdict() {
        typealias Trial = Adaptation.HeadTrial
        // Better on one page of four, much better: together better, but not on most pages.
        let strange = [
            Trial(characters: 100, before: 10, after: 30, withMemory: nil), Trial(characters: 100, before: 10, after: 12, withMemory: nil),
            Trial(characters: 100, before: 10, after: 11, withMemory: nil), Trial(characters: 100, before: 50, after: 10, withMemory: nil),
        ]
        let byPage = Adaptation.HeadVerdict(strange, byPage: true)
        #expect(!byPage.kept && !byPage.remembers && byPage.better == 1 && byPage.withMemory == nil)
        #expect(byPage.before == 0.2 && byPage.after == 0.1575)
        // The same lines of one page: the head is always kept.
        #expect(Adaptation.HeadVerdict(strange, byPage: false).kept)
        // Its memory read the pages better than the head alone: kept, and the head with it
        // is what must read most pages better than the start.
        let remembering = [
            Trial(characters: 100, before: 20, after: 21, withMemory: 15), Trial(characters: 50, before: 10, after: 10, withMemory: 8),
            Trial(characters: 50, before: 10, after: 12, withMemory: 11),
        ]
        let kept = Adaptation.HeadVerdict(remembering, byPage: true)
        #expect(kept.kept && kept.remembers && kept.better == 2 && kept.withMemory == 0.17 && kept.after == 0.215)
        // Two pages: both must read better.
        let half = [Trial(characters: 10, before: 5, after: 1, withMemory: 4), Trial(characters: 10, before: 5, after: 6, withMemory: 6)]
        #expect(!Adaptation.HeadVerdict(half, byPage: true).kept)
        #expect(Adaptation.HeadVerdict([Trial(characters: 0, before: 0, after: 0, withMemory: nil)], byPage: true).before == 0)
    }
}

/// When a writer's network is kept (`Docs/Learning.md`, "Which lines are kept aside"): only
/// when it reads the lines kept aside better by more than chance.
@Suite("the gain a writer's network must show")
struct NetworkGainTests {
    @Test(
        "kept for a gain beyond twice the standard error on the characters kept aside; not for one within it, a loss, or no characters",
        arguments: [
            (0.207, 0.145, 2_148, true),  // the diary's second page: 0.062 against 0.017
            (0.0917, 0.0872, 450, false),  // two English letters: 0.0045 against 0.027
            (0.2, 0.15, 100, false),  // 0.05 against 0.08 on a hundred characters
            (0.2, 0.15, 10_000, true), (0.1, 0.12, 5_000, false), (0.1, 0.0, 0, false),
        ])
    func gain(_ before: Double, _ after: Double, _ characters: Int, _ kept: Bool) {
        #expect(Adaptation.readsBetter(before: before, after: after, characters: characters) == kept)
    }
}
