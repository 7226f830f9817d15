import Foundation
import LegibleBatch
import LegibleHandwriting
import LegibleImage
import LegibleLayout
import LegibleLearning
import LegibleSystem

/// One truth line to learn a hand head from, with the page it is on.
struct HandTrainingLine {
    var page: String
    var line: HeadTraining.Line
}

/// `legible-learn hand-head CORPUS OUT` (`Docs/Recognition.md`, "A French hand"; run by
/// `Tools/train-hand`): learns a hand head from every truth line of the real sets in `CORPUS`
/// whose text the page script spells, and writes its bytes to `OUT`. Each line is read at a
/// width drawn by a fixed seed from ×1, ×1.25 and ×2, the widths pages are read at, so the head
/// fits every width. A tenth of the pages, chosen by a fixed seed, is kept aside: the head is
/// learnt from the rest and scored on them, before and after.
func learnHandHead(_ corpus: String, output: String) throws {
    let executable = CommandLine.arguments[0]
    let files = HandwritingModel.Files(
        folder: HandwritingModel.Files.defaultFolder(executable: executable, environment: ProcessInfo.processInfo.environment))
    let model = try HandwritingModel(files: files, features: true)
    let classes = model.latinClasses()
    let start = try HandwritingModel.startHead(files: files, classes: classes)
    let clock = Date()
    let (lines, skipped) = try handTrainingLines(corpus, model: model, classes: classes)
    guard !lines.isEmpty else {
        FileHandle.standardError.write(
            Data("legible-learn: \(corpus): no truth line to learn from (no real set with ALTO and images)\n".utf8))
        exit(65)
    }
    let pages = Array(Set(lines.map(\.page))).sorted()
    let aside = TruthCorpus.keptAside(pages)
    let training = lines.filter { !aside.contains($0.page) }.map(\.line)
    let heldOut = lines.filter { aside.contains($0.page) }.map(\.line)
    print("\(lines.count) lines on \(pages.count) pages (\(skipped) left out: characters outside the page script)")
    print("learning from \(training.count) lines; \(heldOut.count) lines on \(aside.count) pages kept aside")
    let folder = try TemporaryFolder.make(prefix: "legible-hand-head")
    defer { TemporaryFolder.remove(folder) }
    let head = try HeadTrainer.train(start, training: training, settings: .hand, folder: folder) {
        StableHash.shuffled(training.count, seed: 7 &+ UInt64($0))
    }
    print(
        String(
            format: "kept-aside greedy CER: the model's own layer %.4f, the hand head %.4f; %.0f s",
            HeadTraining.errorRate(start, heldOut, symbols: classes.symbols),
            HeadTraining.errorRate(head, heldOut, symbols: classes.symbols),
            Date().timeIntervalSince(clock)))
    try AtomicFile.write(Data(head.bytes), to: output)
    print("wrote \(output) (\(head.bytes.count) bytes)")
}

/// Every truth line of `corpus`'s real sets the page script spells, read at a width drawn by a
/// fixed seed, and how many were left out.
func handTrainingLines(_ corpus: String, model: HandwritingModel, classes: ReadingClasses) throws -> ([HandTrainingLine], Int) {
    var lines: [HandTrainingLine] = []
    var skipped = 0
    try TruthCorpus.forEachLine(corpus, classes: classes, tell: { print($0) }) { page, image, line, labels, scale in
        guard let labels else {
            skipped += 1
            return
        }
        let read = try model.features(of: image.crop(line.box, padding: 8).image, scale: scale)
        lines.append(HandTrainingLine(page: page, line: HeadTraining.Line(features: read.values, steps: read.steps, labels: labels)))
    }
    return (lines, skipped)
}
