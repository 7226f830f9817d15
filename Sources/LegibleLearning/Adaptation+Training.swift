import Foundation
import LegibleBatch
import LegibleNotebook
import LegibleSystem

extension Adaptation {
    /// The training samples and those kept aside, as list files of `tools`' folder: each line
    /// written as an image and a box file and made a sample by Tesseract; a seeded shuffle
    /// keeps one line in five aside (at least one).
    /// Past `end`, no more samples are made once ``fewestLines`` are: the lines kept aside
    /// are then a fifth of those made, still a random share of them.
    static func samples(
        _ collected: Collected, tools: TesseractTraining, seed: UInt64, until end: Date = .distantFuture
    ) throws -> (training: [String], heldOut: [String]) {
        let count = collected.lines.count
        guard count >= fewestLines else {
            let left = collected.skipped > 0 ? " (\(collected.skipped) more left out for characters the start model cannot spell)" : ""
            throw NotebookError(
                .badData, "\(count) corrected lines to learn from\(left); at least \(fewestLines) are needed: correct more lines first")
        }
        let order = StableHash.shuffled(count, seed: seed)
        var made: [String?] = []
        for (position, index) in order.enumerated() {
            if Date() >= end, made.count(where: { $0 != nil }) >= fewestLines { break }
            let base = tools.folder + String(format: "/line-%05d", position)
            do { try write(collected.lines[index], base: base) } catch {
                throw FileError(.io, "\(base).pgm: cannot be written (\(error.localizedDescription))")
            }
            made.append(try tools.sample(base + ".pgm"))
        }
        let heldOutCount = max(1, made.count / 5)
        let heldOut = made.prefix(heldOutCount).compactMap { $0 }
        let training = made.dropFirst(heldOutCount).compactMap { $0 }
        guard !heldOut.isEmpty, !training.isEmpty else {
            throw NotebookError(.badData, "Tesseract could not take the corrected lines as training samples")
        }
        try Data(training.joined(separator: "\n").utf8 + [10]).write(to: URL(fileURLWithPath: tools.folder + "/training.txt"))
        try Data(heldOut.joined(separator: "\n").utf8 + [10]).write(to: URL(fileURLWithPath: tools.folder + "/held-out.txt"))
        return (training, heldOut)
    }

    /// `line` as `base.pgm` (binary grey) and `base.box`: one box over the whole line holding
    /// its text, the form Tesseract's `lstm.train` takes a line in.
    static func write(_ line: TrainingLine, base: String) throws {
        var image = Data("P5\n\(line.width) \(line.height)\n255\n".utf8)
        image.append(contentsOf: line.pixels)
        try image.write(to: URL(fileURLWithPath: base + ".pgm"))
        let box = "WordStr 0 0 \(line.width) \(line.height) 0 #\(line.text)\n\t 0 0 \(line.width) \(line.height) 0\n"
        try Data(box.utf8).write(to: URL(fileURLWithPath: base + ".box"))
    }

    /// What training kept: the best checkpoint (or the start network when no round beat it),
    /// its iterations, and the held-out error before and after.
    struct Trained {
        var checkpoint: String
        var iterations: Int
        var before: Double
        var after: Double
    }

    /// Trains in rounds of ``roundIterations`` until the lines kept aside have not improved for
    /// ``patience`` rounds, the iterations reach the request's bound, or its minutes are up;
    /// keeps the round that read them best.
    static func train(
        _ tools: TesseractTraining, training: [String], heldOut: [String], request: Request, progress: (Progress) -> Void
    ) throws -> Trained {
        let (trainingList, heldOutList) = (tools.folder + "/training.txt", tools.folder + "/held-out.txt")
        let before = try tools.characterErrorRate(of: tools.startNetwork, list: heldOutList)
        var best = Trained(checkpoint: tools.startNetwork, iterations: 0, before: before, after: before)
        let (clock, limit) = (Date(), request.minutes * 60)
        var (iterations, sinceBest, current) = (0, 0, tools.startNetwork)
        while sinceBest < patience, iterations < (request.maximumIterations ?? Int.max) {
            let left = limit - Date().timeIntervalSince(clock)
            guard left > 1 else { break }
            iterations = min(iterations + roundIterations, request.maximumIterations ?? Int.max)
            guard try tools.train(from: current, list: trainingList, iterations: iterations, output: tools.folder + "/round", seconds: left)
            else { break }
            current = tools.folder + "/round_checkpoint"
            let error = try tools.characterErrorRate(of: current, list: heldOutList)
            if error < best.after {
                let kept = tools.folder + "/best.checkpoint"
                try? FileManager.default.removeItem(atPath: kept)
                try FileManager.default.copyItem(atPath: current, toPath: kept)
                best = Trained(checkpoint: kept, iterations: iterations, before: before, after: error)
                sinceBest = 0
            } else {
                sinceBest += 1
            }
            progress(
                Progress(
                    iterations: iterations, heldOutError: error, bestError: best.after, seconds: Date().timeIntervalSince(clock),
                    limit: limit))
        }
        return best
    }
}
