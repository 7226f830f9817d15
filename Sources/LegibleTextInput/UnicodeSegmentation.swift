import CUnicodeBreak
import Foundation

/// UAX #29 segmentation of UTF-16 text into half-open unit ranges: one path on every platform,
/// ICU's break iterators through the `CUnicodeBreak` C target (`Docs/Platform.md`,
/// "Segmentation"). Linux has ICU as libicuuc, Apple platforms as libicucore; Foundation's own
/// enumeration is not used, because on Linux it has no `.byWords`/`.bySentences` and splits
/// CRLF, and on Apple platforms it would segment differently from what the tests pin.
/// Conformance on Debian's ICU 72 against the Unicode 15.0 test files: grapheme 602/602,
/// sentence 502/502, word 1808/1823 (the 15 word differences are CLDR's tailoring of ':' — see
/// `UnicodeConformanceTests`).
public enum UnicodeSegmentation {
    /// What to segment into.
    public enum Kind: Sendable {
        /// Extended grapheme clusters.
        case graphemes
        /// Word-like segments only (letters, numbers); spaces and punctuation are left out.
        case words
        /// Sentences including their trailing whitespace (trim it yourself if needed).
        case sentences
    }

    /// Segments `utf16` and returns the units as sorted, non-overlapping ranges of offsets.
    public static func segments(_ kind: Kind, of utf16: [UInt16]) -> [Range<Int>] {
        guard !utf16.isEmpty else { return [] }
        let count = utf16.count
        var starts = [Int32](repeating: 0, count: count)
        var ends = [Int32](repeating: 0, count: count)
        let cKind: LegibleBreakKind
        switch kind {
        case .graphemes: cKind = LegibleBreakCharacter
        case .words: cKind = LegibleBreakWord
        case .sentences: cKind = LegibleBreakSentence
        }
        let found = utf16.withUnsafeBufferPointer { text in
            legible_break_segments(cKind, text.baseAddress, Int32(count), &starts, &ends, Int32(count))
        }
        guard found >= 0 else { return fallback(kind, of: utf16) }
        return (0..<Int(found)).map { Int(starts[$0])..<Int(ends[$0]) }
    }

    /// The grapheme clusters of `utf16`, offsets from its start: ``segments(_:of:)`` with
    /// `.graphemes`, without ICU for text whose every unit is below U+0300 (no carriage return):
    /// no character there is Extend, ZWJ, SpacingMark, Prepend, Hangul or a regional indicator
    /// (© and ® are pictographic, but join only through a ZWJ), so by UAX #29 (GB999) each unit
    /// is a cluster of its own. Typing Latin text
    /// then costs no break iterator per keystroke (`Docs/Editing.md`, "Typing on a long page").
    public static func graphemeClusters(of utf16: ArraySlice<UInt16>) -> [Range<Int>] {
        if utf16.allSatisfy({ $0 < 0x300 && $0 != 0x0D }) { return (0..<utf16.count).map { $0..<$0 + 1 } }
        return segments(.graphemes, of: Array(utf16))
    }

    /// Whether a cluster boundary lies at `offset` of `utf16` with both neighbours below U+0300
    /// and not a CR LF pair, as ``graphemeClusters(of:)`` reasons; false when it cannot say so
    /// without segmenting (then segment).
    public static func isSimpleBoundary<Units: RandomAccessCollection<UInt16>>(_ offset: Int, in utf16: Units) -> Bool
    where Units.Index == Int {
        guard offset > 0, offset < utf16.count else { return offset == 0 || offset == utf16.count }
        let (before, after) = (utf16[offset - 1], utf16[offset])
        return before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A)
    }

    /// The grapheme clusters of `utf16` (offsets from its start) in the order the Unicode
    /// bidirectional algorithm shows them from the left, for one paragraph whose base direction
    /// is right-to-left when `rightToLeft`: a right-to-left run's clusters reversed, a number's
    /// or a Latin word's kept in their own order. A cluster is never split. Logical order when
    /// ICU fails.
    public static func visualClusters(of utf16: [UInt16], rightToLeft: Bool) -> [Range<Int>] {
        let clusters = graphemeClusters(of: utf16[...])
        var map = [Int32](repeating: 0, count: utf16.count)
        let status = utf16.withUnsafeBufferPointer { text in
            legible_bidi_visual_map(text.baseAddress, Int32(utf16.count), rightToLeft ? 1 : 0, &map)
        }
        guard status == 0 else { return clusters }
        var position = [Int](repeating: 0, count: utf16.count)
        for (visual, logical) in map.enumerated() where (0..<utf16.count).contains(Int(logical)) { position[Int(logical)] = visual }
        // A cluster stands where the first of its units is shown.
        return clusters.sorted { cluster, other in
            cluster.map { position[$0] }.min() ?? 0 < other.map { position[$0] }.min() ?? 0
        }
    }

    /// When ICU itself fails (out of memory): Swift's own grapheme breaking (UAX #29) for
    /// characters, and no word or sentence units rather than wrong ones.
    static func fallback(_ kind: Kind, of utf16: [UInt16]) -> [Range<Int>] {
        guard kind == .graphemes else { return [] }
        var result: [Range<Int>] = []
        var offset = 0
        for character in String(decoding: utf16, as: UTF16.self) {
            let length = character.utf16.count
            result.append(offset..<offset + length)
            offset += length
        }
        return result
    }
}
