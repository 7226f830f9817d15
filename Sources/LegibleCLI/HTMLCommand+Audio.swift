import Foundation
import LegibleIngest
import LegibleNotebook
import LegibleReading
import LegibleSpeech
import LegibleSystem
import LegibleWeb

// `legible html --audio DIR` and `--speak` (`Docs/Web.md`, "Read aloud"): each page's audio
// and timing map from `legible speak`, checked against this notebook and copied beside the
// document as `audio/NAME.opus`.
extension HTMLCommand {
    /// The pages' audio for the document: made first into `OUT/audio` with `--speak`, read from
    /// `--audio DIR` otherwise; empty without either. Each audio file is staged into
    /// `OUT/audio/` unless it is there already.
    static func audio(_ command: ParsedCommand, paths: [String], notebook: Notebook, output: String, staging: AtomicFile.Staging)
        throws -> [PageAudio?]
    {
        var folder = command[audioFolder]
        if command[speak], folder != nil {
            throw CLIError.usage("--audio and --speak both say where the audio comes from: give one")
        }
        if command[speak] {
            folder = output + "/audio"
            try speakInto(folder!, paths: paths)
        }
        guard let folder else { return [] }
        let names = try NotebookSpeech.audioNames(paths)
        let scripts = NotebookSpeech.pieces(of: notebook.pages).map { TimingMap.script($0).text }
        var audio: [PageAudio?] = []
        for (index, name) in names.enumerated() {
            let map = try checkedMap(folder: folder, name: name, spoken: scripts[index], length: notebook.pages[index].length)
            // A page with nothing to say has no audio and reads without it.
            guard let file = map.audio else {
                audio.append(nil)
                continue
            }
            let target = output + "/audio/" + file
            if FileIdentity.firstOverlap(outputs: [target], inputs: [folder + "/" + file]) == nil {
                try Ingest.prepareOutputFolder(output + "/audio")
                try staging.stage(AtomicFile.Output(path: target, bytes: try InputFile.read(folder + "/" + file, what: "an audio file")))
            }
            let words = map.words.map { PageAudio.Word(range: $0.range.map { $0[0]..<$0[1] }, start: $0.start, end: $0.end) }
            audio.append(PageAudio(source: "audio/" + file, words: words))
        }
        return audio
    }

    /// Page `name`'s timing map in `folder`, refused when it is missing (66), unreadable, or
    /// made from another text than this page's read-all (65): the audio would not say what the
    /// page shows.
    static func checkedMap(folder: String, name: String, spoken: String, length: Int) throws -> TimingMap {
        let path = folder + "/" + name + ".timing.json"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.missingInput("no audio for page \(name) in \(folder) (\(name).timing.json): run `legible speak`, or use --speak")
        }
        let data = try InputFile.read(path, what: "a timing map")
        let map: TimingMap
        do {
            map = try TimingMap.decode(data)
        } catch .notATimingMap {
            throw CLIError.badData("\(path): not a timing map")
        } catch .audioNameNotPlain(let name) {
            throw CLIError.badData(
                "\(path): its audio name \"\(TerminalText.escaped(name, keepingNewlines: false))\" is not a plain file name (no folder, `..` or NUL)"
            )
        }
        guard map.spoken == spoken else {
            throw CLIError.badData("\(path) was spoken from another text than this page's: run `legible speak` again, or use --speak")
        }
        guard map.words.allSatisfy({ $0.range.map { $0.count == 2 && 0 <= $0[0] && $0[0] < $0[1] && $0[1] <= length } ?? true }) else {
            throw CLIError.badData("\(path): a word's range lies outside the page's text")
        }
        if let file = map.audio, !FileManager.default.fileExists(atPath: folder + "/" + file) {
            throw CLIError.missingInput("\(folder)/\(file), which \(name).timing.json names, is missing: run `legible speak` again")
        }
        return map
    }

    /// `legible speak PAGES -o FOLDER`, run as its own command (each page in its process).
    static func speakInto(_ folder: String, paths: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DesktopCommands.ownPath())
        process.arguments = ["speak"] + paths + ["-o", folder, "--jobs", String(ProcessInfo.processInfo.activeProcessorCount)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError(code: process.terminationStatus, message: "--speak: `legible speak` failed (its message is above)")
        }
    }
}
