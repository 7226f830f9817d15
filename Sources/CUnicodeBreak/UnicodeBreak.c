// The only place that calls ICU, on every platform (Docs/Platform.md, "Segmentation"). Kept
// in C because Swift cannot import ICU's headers next to Foundation (UErrorCode is defined
// twice; Docs/Platform.md, "ICU headers"), and ICU's versioned symbol names (ubrk_open_72) are
// reached through its renaming macros, which only C sees.
#include "UnicodeBreak.h"

#if defined(__APPLE__)
// Apple platforms ship ICU as libicucore, with unversioned symbols but without its headers in
// the SDK, so the few stable C functions and constants used here are declared from ICU's API.
typedef uint16_t UChar;
typedef int UErrorCode;
typedef struct UBreakIterator UBreakIterator;
typedef enum { UBRK_CHARACTER = 0, UBRK_WORD = 1, UBRK_LINE = 2, UBRK_SENTENCE = 3 } UBreakIteratorType;
enum { U_ZERO_ERROR = 0, UBRK_DONE = -1, UBRK_WORD_NONE_LIMIT = 100 };
#define U_FAILURE(x) ((x) > U_ZERO_ERROR)
UBreakIterator *ubrk_open(UBreakIteratorType type, const char *locale, const UChar *text, int32_t length, UErrorCode *status);
int32_t ubrk_first(UBreakIterator *iterator);
int32_t ubrk_next(UBreakIterator *iterator);
int32_t ubrk_getRuleStatus(UBreakIterator *iterator);
void ubrk_close(UBreakIterator *iterator);
typedef struct UBiDi UBiDi;
typedef uint8_t UBiDiLevel;
UBiDi *ubidi_openSized(int32_t maxLength, int32_t maxRunCount, UErrorCode *status);
void ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, UBiDiLevel paraLevel, UBiDiLevel *embeddingLevels,
                   UErrorCode *status);
void ubidi_getVisualMap(UBiDi *bidi, int32_t *indexMap, UErrorCode *status);
void ubidi_close(UBiDi *bidi);
#else
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>
#endif

int32_t legible_break_segments(LegibleBreakKind kind, const uint16_t *text, int32_t length,
                               int32_t *starts, int32_t *ends, int32_t capacity) {
    if (length == 0) return 0;
    if (text == 0 || starts == 0 || ends == 0 || capacity < length) return -1;
    UBreakIteratorType type = UBRK_CHARACTER;
    // "@ss=standard" turns on CLDR's sentence-break suppressions so "Dr. Patel" and
    // "Mr. Smith" stay in one sentence (Docs/Platform.md, "Segmentation").
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

int32_t legible_bidi_visual_map(const uint16_t *text, int32_t length, int32_t rightToLeft, int32_t *logical) {
    if (length == 0) return 0;
    if (text == 0 || logical == 0 || length < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == 0) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, rightToLeft ? 1 : 0, 0, &status);
    if (!U_FAILURE(status)) ubidi_getVisualMap(bidi, logical, &status);
    ubidi_close(bidi);
    return U_FAILURE(status) ? -1 : 0;
}
