import CEspeak
import Foundation

/// The one door to espeak-ng (`Docs/Speech.md`, "Synthesis"): text in, 16-bit mono samples and
/// the audio position of every word out, from the library's synthesis callback. espeak-ng
/// keeps one synthesiser per process, so there is one engine per process and its calls are
/// serialised; parallel work runs in several processes. The synthesiser carries state from one
/// text to the next (the same text comes out a few samples longer each time), so a text whose
/// audio must not depend on what came before is spoken first in its process.
public final class SpeechEngine: @unchecked Sendable {  // Guarded by `lock`: espeak-ng is one global synthesiser.
    /// Why speech could not be made (one line).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// Whether espeak-ng or its data is missing (exit 69) rather than the request being bad.
        public var missingDependency: Bool
        /// The message.
        public var description: String
    }

    /// One word as spoken: where it is in the text, code points from 0, and when it starts, in
    /// samples from the start of the audio.
    public struct WordEvent: Equatable, Sendable {
        /// The word's first code point in the text synthesised, from 0.
        public var codePoint: Int
        /// The word's length in code points.
        public var length: Int
        /// The sample at which it starts.
        public var sample: Int

        /// A word of `length` code points at `codePoint`, heard from `sample`.
        public init(codePoint: Int, length: Int, sample: Int) { (self.codePoint, self.length, self.sample) = (codePoint, length, sample) }
    }

    /// What one text became, besides its samples.
    public struct Speech: Sendable {
        /// How many samples were made, at ``SpeechEngine/sampleRate``.
        public var sampleCount: Int
        /// The words in the order spoken.
        public var words: [WordEvent]
        /// Where each clause's audio ends, in samples (espeak-ng's end events).
        public var clauseEnds: [Int]
        /// Whether synthesis was stopped at the request's most samples.
        public var cutShort = false

        /// What a synthesis gave: `sampleCount` samples, `words` and `clauseEnds` in samples.
        public init(sampleCount: Int, words: [WordEvent], clauseEnds: [Int], cutShort: Bool = false) {
            (self.sampleCount, self.words, self.clauseEnds, self.cutShort) = (sampleCount, words, clauseEnds, cutShort)
        }
    }

    /// The engine of this process; nil with the reason when espeak-ng cannot start.
    public static let shared: Result<SpeechEngine, Failure> = {
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0)
        guard rate > 0 else {
            return .failure(Failure(missingDependency: true, description: "espeak-ng could not start: is espeak-ng-data installed?"))
        }
        espeak_SetSynthCallback(collect)
        return .success(SpeechEngine(sampleRate: Int(rate)))
    }()

    /// Samples per second of every ``Speech``.
    public let sampleRate: Int
    let lock = NSLock()

    init(sampleRate: Int) { self.sampleRate = sampleRate }

    /// espeak-ng's version, which changes its voices and so its audio.
    public var version: String {
        var path: UnsafePointer<CChar>?
        return espeak_Info(&path).map { String(cString: $0) } ?? "unknown"
    }

    /// Whether espeak-ng has a voice (or language) named `voice`.
    public func hasVoice(_ voice: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return espeak_SetVoiceByName(voice) == EE_OK
    }

    /// Speaks `text` with voice `voice` (an espeak-ng voice or language name, such as `en` or
    /// `fr`) at `rate` words a minute, handing each block of mono 16-bit samples to `samples`
    /// as it is made, so that a long text is never held whole. Throws ``Failure`` for a voice
    /// espeak-ng does not have.
    /// Synthesis stops once `maximumSamples` samples are made, and the speech says it was cut
    /// short: what is spoken is bounded by the audio's length, not by what the text declares.
    public func speak(
        _ text: String, voice: String, rate: Int, maximumSamples: Int = .max, samples: @escaping (UnsafeBufferPointer<Int16>) -> Void
    ) throws(Failure) -> Speech {
        lock.lock()
        defer { lock.unlock() }
        guard espeak_SetVoiceByName(voice) == EE_OK else {
            throw Failure(missingDependency: false, description: "espeak-ng has no voice \"\(voice)\" (see `espeak-ng --voices`)")
        }
        espeak_SetParameter(espeakRATE, Int32(rate), 0)
        let collector = Collector(samples: samples, limit: maximumSamples)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let bytes = Array(text.utf8) + [0]
        let status = bytes.withUnsafeBufferPointer { buffer in
            espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, context)
        }
        espeak_Synchronize()
        guard status == EE_OK else {
            throw Failure(missingDependency: false, description: "espeak-ng could not speak the text (\(status))")
        }
        return Speech(
            sampleCount: collector.sampleCount, words: collector.words, clauseEnds: collector.clauseEnds, cutShort: collector.cutShort)
    }
}

/// What the callback gathers for one request.
final class Collector {
    let samples: (UnsafeBufferPointer<Int16>) -> Void
    var sampleCount = 0
    var words: [SpeechEngine.WordEvent] = []
    var clauseEnds: [Int] = []

    /// The most samples kept; past it synthesis is stopped.
    let limit: Int
    /// Whether synthesis was stopped at ``limit``.
    var cutShort = false

    init(samples: @escaping (UnsafeBufferPointer<Int16>) -> Void, limit: Int) {
        self.samples = samples
        self.limit = limit
    }
}

/// espeak-ng's synthesis callback: samples, then the events of that block, ending with a
/// terminator. Each event carries the request's collector as its user data.
private func collect(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard var event = events, let context = event.pointee.user_data else { return 0 }
    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
    if collector.cutShort { return 1 }
    if let wave, count > 0 {
        // Returning 1 tells espeak-ng to stop synthesising this request.
        guard collector.sampleCount + Int(count) <= collector.limit else {
            collector.cutShort = true
            return 1
        }
        collector.samples(UnsafeBufferPointer(start: wave, count: Int(count)))
        collector.sampleCount += Int(count)
    }
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        let value = event.pointee
        switch value.type {
        case espeakEVENT_WORD:
            // Positions count code points from 1.
            collector.words.append(
                SpeechEngine.WordEvent(codePoint: Int(value.text_position) - 1, length: Int(value.length), sample: Int(value.sample)))
        case espeakEVENT_END: collector.clauseEnds.append(Int(value.sample))
        default: break
        }
        event += 1
    }
    return 0
}
