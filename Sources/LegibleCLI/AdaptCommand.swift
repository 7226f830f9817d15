import Foundation
import LegibleCommandLine
import LegibleLearning
import LegibleNotebook
import LegibleRecognition

/// `legible adapt PAGE.json… -o MODEL.traineddata`: a Tesseract model fine-tuned on the lines a
/// person corrected, for `ingest --model` to read the rest of the notebook with
/// (`Docs/Recognition.md`, "Learning the writer's hand"). Progress goes to stderr, one line a
/// round; the summary to stdout.
enum AdaptCommand {
    static let spec = CommandSpec(
        name: "adapt", arguments: "PAGE.json|DIR...", positionalCount: 1...Int.max,
        summary: "Fine-tunes a model on the lines a person corrected, for ingest --model to read the rest of the notebook with.",
        options: [output.spec, scans.spec, minutes.spec, iterations.spec, steps.spec, headOnly.spec, seed.spec, quiet.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let documents = try PageDocuments.paths(command.positionals)
        var request = Adaptation.Request(
            documents: documents, output: command[output] ?? "", startModel: PageReaders(executable: DesktopCommands.ownPath()).startModel)
        request.scans = command[scans]
        request.minutes = command[minutes] ?? request.minutes
        request.maximumIterations = command[iterations]
        request.seed = UInt64(command[seed] ?? 1)
        request.network.steps = command[steps] ?? request.network.steps
        request.trainsNetwork = !command[headOnly]
        let quiet = command[quiet]
        if let note = NetworkTrainer.slowMatricesNote { Console.message("adapt: \(note)") }
        let record = try Adaptation.run(request) { round in
            guard !quiet else { return }
            Console.message(progressLine(round))
        }
        try Console.out(
            "\(request.output): \(record.trainingLines) lines learnt, \(record.heldOutLines) kept aside"
                + (record.skippedLines > 0 ? ", \(record.skippedLines) left out for \(record.unknownCharacters.joined())" : "")
                + String(
                    format: "; their character error rate %.3f before, %.3f after %d iterations", record.heldOutErrorBefore,
                    record.heldOutErrorAfter, record.iterations)
                + String(format: " (%.0f s)\n", record.seconds))
        if let network = record.network {
            try Console.out(
                "the handwriting reader's network: \(network.trainingLines) lines learnt, \(network.heldOutLines) kept aside"
                    + (network.pageAside ? " (a page)" : "")
                    + String(
                        format: "; their error %.3f before, %.3f after %d steps", network.heldOutErrorBefore, network.heldOutErrorAfter,
                        network.steps)
                    + (network.kept ? "; \(network.tensors) tensors kept" : "; not kept, as it read them no better") + "\n")
        }
        if let head = record.head {
            try Console.out(
                "the handwriting reader's head: \(head.trainingLines) lines learnt, \(head.heldOutLines) kept aside\(Self.byPage(head.pagesAside))"
                    + String(
                        format: "; their error %.3f before, %.3f after %d passes", head.heldOutErrorBefore, head.heldOutErrorAfter,
                        head.passes)
                    + (head.heldOutErrorWithMemory.map { String(format: ", %.3f remembering the lines it learnt", $0) } ?? "")
                    + (head.pagesReadBetter.map { "; \($0) of \(head.pagesAside ?? 0) pages read better" } ?? "")
                    + (head.kept == false
                        ? "; not kept, as it must read more than half of those pages better, and all of them together"
                        : (head.memorySteps ?? 0) > 0 ? "; it remembers \(head.memorySteps ?? 0) steps" : "")
                    + "\n")
        }
        return 0
    }

    /// How a head's lines were kept aside, to follow their count: ", a page at a time" when
    /// each of several pages was (`Docs/Recognition.md`, "The writer's memory").
    static func byPage(_ pagesAside: Int?) -> String { (pagesAside ?? 0) > 0 ? ", a page at a time" : "" }

    /// One round as a line: a bar of the time used, the iterations and the held-out error.
    static func progressLine(_ round: Adaptation.Progress) -> String {
        let filled = min(20, Int((round.seconds / max(round.limit, 1) * 20).rounded()))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled)
        return String(
            format: "[%@] %@%d %@, held-out error %.3f (best %.3f), %.0f of %.0f s", bar, round.network ? "network: " : "",
            round.iterations, round.network ? "steps" : "iterations", round.heldOutError, round.bestError, round.seconds, round.limit)
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension AdaptCommand {
    /// `-o`.
    static let output: Option<String?> = .text(
        "-o", "--output", placeholder: "MODEL.traineddata", required: true, help: "the model to write; its record goes beside it")
    /// `--scans`.
    static let scans: Option<[String]> = .texts(
        "--scans", placeholder: "DIR", help: "a folder to look for scans in, after each document's own")
    /// `--minutes`.
    static let minutes: Option<Double?> = .number(
        "--minutes", placeholder: "N", range: 0.05...1_440,
        help: "the most the whole run may take, wall clock, preparing the lines included (default 10)")
    /// `--iterations`.
    static let iterations: Option<Int?> = .integer(
        "--iterations", placeholder: "N", range: 1...1_000_000, help: "the most training iterations, whatever the time left")
    /// `--seed`.
    static let seed: Option<Int?> = .integer(
        "--seed", placeholder: "N", range: 0...Int.max, help: "chooses the lines kept aside to decide when to stop (default 1)")
    /// `--steps`.
    static let steps: Option<Int?> = .integer(
        "--steps", placeholder: "N", range: 1...100_000,
        help: "the most steps of the handwriting reader's network training, whatever the time left (default 400)")
    /// `--head-only`.
    static let headOnly: Option<Bool> = .flag(
        "--head-only", help: "fit only the handwriting reader's last layer, not its whole network")
    /// `--quiet`.
    static let quiet: Option<Bool> = .flag("--quiet", help: "no progress lines")
}
