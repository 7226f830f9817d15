#include <opus/opusenc.h>

// `ope_encoder_ctl` takes variable arguments, which Swift cannot pass: one fixed wrapper per
// setting used (Docs/Speech.md, "Audio").
static inline int legible_ope_set_serialno(OggOpusEnc *encoder, int serial) {
    return ope_encoder_ctl(encoder, OPE_SET_SERIALNO(serial));
}
static inline int legible_ope_set_bitrate(OggOpusEnc *encoder, int bitsPerSecond) {
    return ope_encoder_ctl(encoder, OPUS_SET_BITRATE(bitsPerSecond));
}
static inline int legible_ope_set_speech(OggOpusEnc *encoder) {
    return ope_encoder_ctl(encoder, OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE));
}
