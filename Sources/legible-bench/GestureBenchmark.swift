import Foundation
import LegiblePages
import LegibleReading

/// `legible-bench gestures`: replays one 10,000-gesture script on notebooks of 3 and of 300
/// pages (the Chicago pages cycled) and prints the cost per gesture; the cost must stay flat as
/// the notebook grows (`Docs/Reading.md`, "Scripted gestures").
func gestureBenchmark() throws {
    let fixtures = try (1...3).map { try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/chicago-\($0).json")) }
    var costs: [Int: Double] = [:]
    var coldCosts: [Int: Double] = [:]
    for count in [3, 300] {
        let gestures = script(pages: count)
        var runs: [Double] = []
        var coldRuns: [Double] = []
        for _ in 0..<7 {
            // A fresh notebook each run: selections and caches start as a new reader finds them.
            let pages = try (0..<count).map { try ScannedPage(documentData: fixtures[$0 % 3]) }
            let notebook = Notebook(pages: pages)
            notebook.linkRegions()
            notebook.setPageTurning(true)
            let reader = ScreenReader(notebook: notebook)
            // The first pass also builds each visited page's segmentation and geometry, once per
            // page; the second pass is the steady cost of a gesture.
            for pass in 0..<2 {
                let start = Date()
                for gesture in gestures { reader.perform(gesture) }
                let cost = Date().timeIntervalSince(start) / Double(gestures.count) * 1e6
                if pass == 0 { coldRuns.append(cost) } else { runs.append(cost) }
            }
        }
        costs[count] = runs.sorted()[runs.count / 2]
        coldCosts[count] = coldRuns.sorted()[coldRuns.count / 2]
        let subject = "\(count) pages, medians of 7 runs of \(grouped(gestures.count)) gestures"
        BenchResults.record("a gesture", on: subject, costs[count]!, "µs")
        BenchResults.record("a gesture, first pass", on: subject, coldCosts[count]!, "µs")
    }
    BenchResults.record("a gesture", on: "300 pages against 3", costs[300]! / costs[3]!, "×", decimals: 2)
    BenchResults.record("a gesture, first pass", on: "300 pages against 3", coldCosts[300]! / coldCosts[3]!, "×", decimals: 2)
}

/// 10,000 gestures of every kind except read-all (whose cost grows with what it reads), from a
/// fixed seed so every run replays the same script.
func script(pages: Int) -> [Gesture] {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    let rotors: [ScreenReader.Rotor] = [.lines, .words, .characters, .selectByWord, .selectByLine]
    var gestures: [Gesture] = []
    while gestures.count < 10_000 {
        switch next(10) {
        case 0: gestures.append(.start(page: next(pages) + 1, line: next(6) + 1))
        case 1: gestures.append(.touch(x: Double(200 + next(700)), y: Double(150 + next(500))))
        case 2: gestures.append(.rotor(rotors[next(rotors.count)]))
        case 3: gestures.append(.scroll(forward: next(2) == 0))
        case 4, 5: gestures.append(.swipe(forward: false, count: 1))
        default: gestures.append(.swipe(forward: true, count: 1))
        }
    }
    return gestures
}
