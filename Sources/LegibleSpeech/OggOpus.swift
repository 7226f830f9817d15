import COpusEnc
import Foundation

/// The one door to libopusenc (`Docs/Speech.md`, "Audio"): 16-bit mono samples in, as they are
/// made, an Ogg Opus file's bytes out, in memory, so that the caller writes the file
/// atomically. Every current browser plays Ogg Opus. The same samples give the same bytes: the
/// stream's serial number is fixed rather than random.
public final class OggOpusWriter {
    /// Bits per second: speech at 16 kbit/s is clear and takes about 150 KB a minute.
    public static let bitrate = 16_000
    /// The Ogg stream serial number of every file.
    static let serial: Int32 = 0x4C45_4742  // "LEGB"

    /// Why encoding failed.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The message, with libopusenc's error code.
        public var description: String
    }

    let sink = Sink()
    let encoder: OpaquePointer
    var callbacks: OpusEncCallbacks
    /// The first write's failure, reported by ``finish()``.
    var failure: Int32 = OPE_OK

    /// An encoder for samples at `sampleRate` Hz, with `title` as the file's title comment.
    public init(sampleRate: Int, title: String) throws(Failure) {
        callbacks = OpusEncCallbacks(
            write: { context, bytes, length in
                guard let context, let bytes else { return 1 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes, count: Int(length))
                return 0
            }, close: { _ in 0 })
        guard let comments = ope_comments_create() else { throw Failure(description: "libopusenc could not make comments") }
        defer { ope_comments_destroy(comments) }
        ope_comments_add(comments, "TITLE", title)
        var error: Int32 = 0
        guard
            let made = ope_encoder_create_callbacks(
                &callbacks, Unmanaged.passUnretained(sink).toOpaque(), comments, Int32(sampleRate), 1, 0, &error)
        else { throw Failure(description: "libopusenc could not start an encoder (error \(error))") }
        encoder = made
        _ = legible_ope_set_serialno(encoder, Self.serial)
        _ = legible_ope_set_bitrate(encoder, Int32(Self.bitrate))
        _ = legible_ope_set_speech(encoder)
    }

    deinit { ope_encoder_destroy(encoder) }

    /// Encodes `samples` (mono, 16-bit).
    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard failure == OPE_OK, let base = samples.baseAddress else { return }
        failure = ope_encoder_write(encoder, base, Int32(samples.count))
    }

    /// The whole file, once the encoder is drained. Throws ``Failure`` when a write failed.
    public func finish() throws(Failure) -> Data {
        if failure == OPE_OK { failure = ope_encoder_drain(encoder) }
        guard failure == OPE_OK else { throw Failure(description: "libopusenc could not encode the speech (error \(failure))") }
        return sink.data
    }
}

/// Where the encoder's pages go.
final class Sink {
    var data = Data()
}
