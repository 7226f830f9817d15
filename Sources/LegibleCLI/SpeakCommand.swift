import Foundation
import LegibleBatch
import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleReading
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
        let notebook = try ReadCommands.notebook(pages, links: true, pageTurn: true)
        let names = try NotebookSpeech.audioNames(pages)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.cannotCreate("cannot create the folder \(folder)")
        }
        let mine = try command[shard].map { text in try shardOf(text) }
        let selected = pages.indices.filter { $0 % (mine?.count ?? 1) == (mine?.index ?? 0) }
        guard selected.count == 1, let index = selected.first else {
            return try runWorkers(selected, of: pages.count, jobs: command[jobs] ?? 1)
        }
        let engine = try startEngine()
        let voice = try chooseVoice(command[voice], for: notebook.pages[index], name: names[index], engine: engine)
        let speaker = PageSpeaker(folder: folder, voice: voice, rate: command[rate] ?? 175, engine: engine)
        let pieces = NotebookSpeech.pieces(ofPage: index, in: notebook.pages)
        try report(try speak(speaker, pieces, name: names[index]), name: names[index])
        return 0
    }

    /// The espeak-ng voice for `page`: its recognition language's (`eng` → `en`).
    static func voiceName(for page: ScannedPage) -> String {
        String(LanguageTag.forLanguages(page.layout.engine?.languages).split(separator: "-").first ?? "en")
    }

    /// `--voice` when given, refused (64) when espeak-ng does not have it; else the page's
    /// language's voice, and English, with a line saying so, when espeak-ng has none for it.
    static func chooseVoice(_ asked: String?, for page: ScannedPage, name: String, engine: SpeechEngine) throws -> String {
        if let asked {
            guard engine.hasVoice(asked) else {
                throw CLIError.usage("--voice \(asked): espeak-ng has no such voice (see `espeak-ng --voices`)")
            }
            return asked
        }
        let voice = voiceName(for: page)
        guard !engine.hasVoice(voice) else { return voice }
        Console.message("\(name): espeak-ng has no voice for its language \"\(voice)\"; speaking it in English")
        return "en"
    }

    static func startEngine() throws -> SpeechEngine {
        switch SpeechEngine.shared {
        case .success(let engine): return engine
        case .failure(let failure): throw CLIError(code: 69, message: failure.description)
        }
    }

    static func speak(_ speaker: PageSpeaker, _ pieces: [SpeechPiece], name: String) throws -> PageSpeaker.Outcome {
        do {
            return try speaker.speak(pieces, name: name)
        } catch let failure as SpeechEngine.Failure {
            throw CLIError(code: failure.missingDependency ? 69 : 65, message: "\(name): \(failure.description)")
        } catch let failure as PageSpeaker.TooLong {
            throw CLIError.badData("\(name): \(failure.description)")
        } catch let failure as OggOpusWriter.Failure {
            throw CLIError(code: 70, message: "\(name): \(failure.description)")
        }
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
