import LegibleLayout
import LegibleNotebook
import LegiblePages
import LegibleReading

// The read-all spoken: the one part of the notebook's speech that calls espeak-ng, kept here so
// that a client of page documents links no speech engine (`Docs/Architecture.md`, "Modules").
extension NotebookSpeech {
    /// Speaks page `index` (0-based) of `pages` into `folder` as `NAME.opus` and
    /// `NAME.timing.json` (`Docs/Speech.md`, "Synthesis"), unless they are up to date: with
    /// `voice` when given (refused, `usage`, when espeak-ng has none such), else the page's
    /// language's voice, and English when espeak-ng has none for it, which `tell` says in one
    /// line. `rate` is in words a minute.
    public static func speak(
        page index: Int, of pages: [ScannedPage], name: String, into folder: String, voice: String?, rate: Int,
        tell: (String) -> Void
    ) throws -> PageSpeaker.Outcome {
        let engine: SpeechEngine
        switch SpeechEngine.shared {
        case .success(let started): engine = started
        case .failure(let failure): throw NotebookError(.missingDependency, failure.description)
        }
        let chosen = try chooseVoice(voice, for: pages[index], name: name, engine: engine, tell: tell)
        let speaker = PageSpeaker(folder: folder, voice: chosen, rate: rate, engine: engine)
        do {
            return try speaker.speak(pieces(ofPage: index, in: pages), name: name)
        } catch let failure as SpeechEngine.Failure {
            throw NotebookError(failure.missingDependency ? .missingDependency : .badData, "\(name): \(failure.description)")
        } catch let failure as PageSpeaker.TooLong {
            throw NotebookError(.badData, "\(name): \(failure.description)")
        } catch let failure as OggOpusWriter.Failure {
            throw NotebookError(.internalError, "\(name): \(failure.description)")
        }
    }

    /// The espeak-ng voice for `page`: its recognition language's (`eng` → `en`).
    public static func voiceName(for page: ScannedPage) -> String {
        String(LanguageTag.forLanguages(page.layout.engine?.languages).split(separator: "-").first ?? "en")
    }

    /// `asked` when given, refused (`usage`) when espeak-ng does not have it; else the page's
    /// language's voice, and English, told in one line, when espeak-ng has none for it.
    static func chooseVoice(_ asked: String?, for page: ScannedPage, name: String, engine: SpeechEngine, tell: (String) -> Void) throws
        -> String
    {
        if let asked {
            guard engine.hasVoice(asked) else {
                throw NotebookError(.usage, "--voice \(asked): espeak-ng has no such voice (see `espeak-ng --voices`)")
            }
            return asked
        }
        let voice = voiceName(for: page)
        guard !engine.hasVoice(voice) else { return voice }
        tell("\(name): espeak-ng has no voice for its language \"\(voice)\"; speaking it in English")
        return "en"
    }
}
