import Foundation
import LegibleReading
import LegibleSystem
import LegibleWeb

/// Each page's audio and timing map from `legible speak`, checked against this notebook and
/// copied beside the HTML document as `audio/NAME.opus` (`Docs/Web.md`, "Read aloud").
enum NotebookAudio {
    /// The pages' audio from `folder` for the documents at `documents` read as `notebook`.
    /// Each audio file is staged into `OUT/audio/` unless it is there already; a page with
    /// nothing to say has none.
    static func copied(from folder: String, documents: [String], notebook: Notebook, output: String, staging: AtomicFile.Staging) throws
        -> [PageAudio?]
    {
        let names = try NotebookSpeech.audioNames(documents)
        let scripts = NotebookSpeech.pieces(of: notebook.pages).map { TimingMap.script($0).text }
        var audio: [PageAudio?] = []
        // Made, and a killed run's temporaries swept, once: not a listing of the folder per page.
        var prepared = false
        for (index, name) in names.enumerated() {
            let map = try checkedMap(folder: folder, name: name, spoken: scripts[index], length: notebook.pages[index].length)
            guard let file = map.audio else {
                audio.append(nil)
                continue
            }
            let target = output + "/audio/" + file
            if FileIdentity.firstOverlap(outputs: [target], inputs: [folder + "/" + file]) == nil {
                if !prepared { try OutputFolder.prepare(output + "/audio") }
                prepared = true
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
            throw NotebookError(
                .missingInput, "no audio for page \(name) in \(folder) (\(name).timing.json): run `legible speak`, or use --speak")
        }
        let data = try InputFile.read(path, what: "a timing map")
        let map: TimingMap
        do {
            map = try TimingMap.decode(data)
        } catch .notATimingMap {
            throw NotebookError(.badData, "\(path): not a timing map")
        } catch .audioNameNotPlain(let name) {
            throw NotebookError(
                .badData,
                "\(path): its audio name \"\(TerminalText.escaped(name, keepingNewlines: false))\" is not a plain file name (no folder, `..` or NUL)"
            )
        }
        guard map.spoken == spoken else {
            throw NotebookError(
                .badData, "\(path) was spoken from another text than this page's: run `legible speak` again, or use --speak")
        }
        guard map.words.allSatisfy({ $0.range.map { $0.count == 2 && 0 <= $0[0] && $0[0] < $0[1] && $0[1] <= length } ?? true }) else {
            throw NotebookError(.badData, "\(path): a word's range lies outside the page's text")
        }
        if let file = map.audio, !FileManager.default.fileExists(atPath: folder + "/" + file) {
            throw NotebookError(.missingInput, "\(folder)/\(file), which \(name).timing.json names, is missing: run `legible speak` again")
        }
        return map
    }
}
