import Foundation
import LegibleBatch
import LegibleCommandLine
import LegibleNotebook
import LegibleSpeech
import LegibleSystem

/// `legible speak PAGE.json... -o DIR`: the notebook's read-all, as `legible read --all
/// --speak-screen` says it, spoken by espeak-ng into one Ogg Opus file and one timing map per
/// page (`Docs/Speech.md`). Pages whose files are up to date are not spoken again. Each page
/// is spoken in a process of its own (this command again, with `--shard I/PAGES`), `--jobs` at
/// a time: espeak-ng has one synthesiser per process, and what it spoke before changes a
/// page's audio, which must depend on the page alone.
enum SpeakCommand {
    static let spec = CommandSpec(
        name: "speak", arguments: "PAGE.json...", positionalCount: 1...Int.max,
        summary: "Speaks the notebook's read-all into DIR: per page an Ogg Opus file and a timing map of every word.",
        options: [output.spec, voice.spec, rate.spec, jobs.spec, shard.spec], run: run)

    static func run(_ command: ParsedCommand) throws -> Int32 {
        let folder = command[output]!
        let pages = command.positionals
        try OutputGuard.refuse(outputs: [folder], overwriting: pages)
        // The read-all's own notebook is made by NotebookSpeech; here the pages are enough.
        let documents = try pages.map(PageDocuments.load)
        let names = try NotebookSpeech.audioNames(pages)
        try OutputFolder.make(folder, naming: "the folder")
        let mine = try command[shard].map { text in try shardOf(text) }
        let selected = pages.indices.filter { $0 % (mine?.count ?? 1) == (mine?.index ?? 0) }
        guard selected.count == 1, let index = selected.first else {
            return try runWorkers(selected, of: pages.count, jobs: command[jobs] ?? 1)
        }
        let outcome = try NotebookSpeech.speak(
            page: index, of: documents, name: names[index], into: folder, voice: command[voice], rate: command[rate] ?? 175,
            tell: Console.message)
        try report(outcome, name: names[index])
        return 0
    }

    static func report(_ outcome: PageSpeaker.Outcome, name: String) throws {
        switch outcome {
        case .spoken(let map):
            try Console.out(
                "spoke \(name): \(map.words.count) words, \(String(format: "%.1f", Double(map.duration) / 1000)) s, voice \(map.voice)\n")
        case .upToDate: try Console.out("\(name): up to date\n")
        }
    }

    static func shardOf(_ text: String) throws -> Shard {
        do {
            return try Shard.parse(text)
        } catch {
            throw CLIError.usage("--shard: \(error.message)")
        }
    }

    /// This command again for each page of `selected` (0-based, of `count` pages), as
    /// `--shard I/COUNT`, `jobs` processes at a time. Returns the first failure's status, once
    /// every process has ended; its one line on standard error is the child's own.
    static func runWorkers(_ selected: [Int], of count: Int, jobs: Int) throws -> Int32 {
        let executable = DesktopCommands.ownPath()
        let arguments = Array(CommandLine.arguments.dropFirst()).withoutShard()
        var running: [Process] = []
        var status: Int32 = 0
        func reap(_ process: Process) {
            process.waitUntilExit()
            if status == 0 { status = process.terminationStatus }
        }
        for index in selected {
            if running.count == jobs { reap(running.removeFirst()) }
            guard status == 0 else { break }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + ["--shard", "\(index)/\(count)"]
            try process.run()
            running.append(process)
        }
        running.forEach(reap)
        return status
    }
}

extension Array where Element == String {
    /// The arguments without `--shard K/N` (or `--shard=K/N`).
    func withoutShard() -> [String] {
        var result: [String] = []
        var skip = false
        for argument in self {
            if skip {
                skip = false
            } else if argument == "--shard" {
                skip = true
            } else if !argument.hasPrefix("--shard=") {
                result.append(argument)
            }
        }
        return result
    }
}

// The options, each declared once as a typed key (`Docs/CLI.md`, "Command table").
extension SpeakCommand {
    /// `-o`.
    static let output: Option<String?> = .text(
        "-o", "--output", placeholder: "DIR", required: true, help: "the folder to write NAME.opus and NAME.timing.json into")
    /// `--voice`.
    static let voice: Option<String?> = .text(
        "--voice", placeholder: "V", help: "an espeak-ng voice for every page (default: each page's language: eng → en, fra → fr)")
    /// `--rate`.
    static let rate: Option<Int?> = .integer("--rate", placeholder: "WPM", range: 80...450, help: "words a minute (default 175)")
    /// `--jobs`.
    static let jobs: Option<Int?> = .integer(
        "--jobs", placeholder: "N", range: 1...64, help: "speak pages in N processes (default 1)")
    /// `--shard`.
    static let shard: Option<String?> = .text(
        "--shard", placeholder: "K/N", help: "speak only pages K, K+N, K+2N… (from 0), as one task of a job array")
}
