#ifndef LEGIBLE_UNICODE_BREAK_H
#define LEGIBLE_UNICODE_BREAK_H

#include <stdint.h>

/// Kinds of UAX #29 segmentation.
typedef enum {
    LegibleBreakCharacter = 0, ///< extended grapheme clusters
    LegibleBreakWord = 1,      ///< word boundaries; only word-like segments are reported
    LegibleBreakSentence = 2,  ///< sentence boundaries (with en_US abbreviation suppressions)
} LegibleBreakKind;

/// Segments `text` (UTF-16, `length` code units) and writes each segment as a half-open pair
/// `starts[i] ..< ends[i]` in UTF-16 offsets. For `LegibleBreakWord` only segments whose ICU
/// rule status marks them as words (letters, numbers, kana, ideographs) are written; spaces and
/// punctuation are left out. `capacity` must be at least `length`.
/// Returns the number of segments, or -1 when ICU fails (out of memory, bad arguments).
/// This header deliberately does not include ICU's headers (Docs/Platform.md, "ICU headers").
int32_t legible_break_segments(LegibleBreakKind kind, const uint16_t *text, int32_t length,
                               int32_t *starts, int32_t *ends, int32_t capacity);

/// Lays `text` (UTF-16, `length` code units) out as one paragraph by the Unicode
/// bidirectional algorithm (UAX #9), its base direction right-to-left when `rightToLeft` is
/// not 0, and writes into `logical[i]` the UTF-16 offset shown at visual position `i`, from the
/// left. `logical` holds `length` entries. Returns 0, or -1 when ICU fails.
int32_t legible_bidi_visual_map(const uint16_t *text, int32_t length, int32_t rightToLeft, int32_t *logical);

#endif
