// The only place that calls ICU. Kept in C because Swift cannot import ICU's headers next to
// Foundation (UErrorCode is defined twice; Docs/Platform.md, "ICU headers"), and ICU's versioned symbol names
// (ubrk_open_72) are reached through its renaming macros, which only C sees.
#include "UnicodeBreak.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t legible_break_segments(LegibleBreakKind kind, const uint16_t *text, int32_t length,
                               int32_t *starts, int32_t *ends, int32_t capacity) {
    if (length == 0) return 0;
    if (text == 0 || starts == 0 || ends == 0 || capacity < length) return -1;
    UBreakIteratorType type = UBRK_CHARACTER;
    // "@ss=standard" turns on CLDR's sentence-break suppressions so "Dr. Patel" and
    // "Mr. Smith" stay in one sentence (Docs/Platform.md, "Segmentation on Linux").
    const char *locale = "en_US";
    switch (kind) {
    case LegibleBreakCharacter: type = UBRK_CHARACTER; break;
    case LegibleBreakWord: type = UBRK_WORD; break;
    case LegibleBreakSentence: type = UBRK_SENTENCE; locale = "en_US@ss=standard"; break;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; end = ubrk_next(iterator)) {
        int keep = 1;
        if (kind == LegibleBreakWord) {
            // Rule status >= UBRK_WORD_NONE_LIMIT (100) marks numbers, letters, kana and
            // ideographs; below it are spaces and punctuation.
            keep = ubrk_getRuleStatus(iterator) >= UBRK_WORD_NONE_LIMIT;
        }
        if (keep && count < capacity) {
            starts[count] = start;
            ends[count] = end;
            count += 1;
        }
        start = end;
    }
    ubrk_close(iterator);
    return count;
}
