import Foundation

/// The platform-neutral text-input contract (`Docs/TextInputContract.md`), the
/// analogue of `UITextInput` for a read-only page. Offsets are UTF-16 code units; geometry is in
/// page coordinates (points = image pixels here, origin top-left, y down).
///
/// A UIKit host maps these members one to one onto `UITextInput`. Members whose semantics do not
/// depend on the page (compare, offset, range construction, character offsets) have default
/// implementations in an extension.
///
/// Not `@MainActor` (`Docs/TextInputContract.md`, "Core model"): the neutral core is also used by the CLI,
/// benchmarks and parallel tests, which have no main actor to hop to. Conforming types are
/// not thread-safe; a UIKit adapter owns its page on the main actor, as `UITextInput` requires.
public protocol TextInput: AnyObject {
    // MARK: Text ("Selection and read-only input")

    /// The UTF-16 slice for `range`, clamped to the document; `""` for an empty range; `nil`
    /// for a range with a negative bound. A cut through a surrogate pair decodes to U+FFFD so
    /// the result keeps the requested UTF-16 length.
    func text(in range: TextRange) -> String?
    /// Replaces `range` (UTF-16, widened to whole clusters) with `text` on an editable page;
    /// no-op on a read-only one (`Docs/Editing.md`, "The editing members").
    func replace(_ range: TextRange, withText text: String)
    /// Types `text` at the selection (or over the marked text) on an editable page; no-op otherwise.
    func insertText(_ text: String)
    /// Deletes the selection or the cluster before the caret on an editable page; no-op otherwise.
    func deleteBackward()
    /// `true` iff the text is non-empty.
    var hasText: Bool { get }
    /// Whether the editing members change the text; `false` for a read-only page, whose hosts
    /// use a non-editable text interaction.
    var isEditable: Bool { get }

    // MARK: Positions and ranges ("Positions and ranges")

    /// UTF-16 offset 0, downstream.
    var beginningOfDocument: TextPosition { get }
    /// UTF-16 offset `length`, upstream (a caret there draws at the end of the last line).
    var endOfDocument: TextPosition { get }
    /// `[min, max)` of the two positions; `nil` if either lies outside `0...length`.
    func textRange(from: TextPosition, to: TextPosition) -> TextRange?
    /// `p.offset + offset` in UTF-16 units; `nil` outside `0...length`. No grapheme walking, so
    /// it is the exact inverse of ``offset(from:to:)``.
    func position(from position: TextPosition, offset: Int) -> TextPosition?
    /// `offset` visual steps: left/right by grapheme clusters (mapped per line direction), up/down
    /// by OCR lines keeping the caret's x. `nil` when a left/right step leaves the document;
    /// up past the first line gives 0, down past the last gives the end.
    func position(from position: TextPosition, in direction: TextLayoutDirection, offset: Int) -> TextPosition?
    /// Orders two positions by UTF-16 offset.
    func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult
    /// `to.offset - from.offset`, signed UTF-16 units.
    func offset(from: TextPosition, to: TextPosition) -> Int
    /// up → start, down → end; left/right → the end of the range that is visually leftmost /
    /// rightmost on the line holding it.
    func position(within range: TextRange, farthestIn direction: TextLayoutDirection) -> TextPosition?
    /// The grapheme cluster next to `position` in `direction`; `nil` at a document edge.
    func characterRange(byExtending position: TextPosition, in direction: TextLayoutDirection) -> TextRange?
    /// The position `offset` UTF-16 units into `range` (offsets are 1:1), `nil` outside it.
    func position(within range: TextRange, atCharacterOffset offset: Int) -> TextPosition?
    /// UTF-16 units from `range.start` to `position`, clamped to the range.
    func characterOffset(of position: TextPosition, within range: TextRange) -> Int

    // MARK: Selection and marked text ("Selection and read-only input")

    /// The selection (`nil`: none). The setter is a system request: normalised (swap, clamp,
    /// snap outward to clusters) and applied silently; see ``setSelectedTextRange(_:origin:)``.
    var selectedTextRange: TextRange? { get set }
    /// Sets the selection on behalf of `origin`, notifying delegates per `Docs/TextInputContract.md`, "Selection notifications".
    func setSelectedTextRange(_ range: TextRange?, origin: SelectionChangeOrigin)
    /// The composing text's range (UTF-16); always `nil` on a read-only page.
    var markedTextRange: TextRange? { get }
    /// Puts `markedText` in place of the marked text or selection, the selection at
    /// `selectedRange` (UTF-16) within it; nil or empty cancels. No-op on a read-only page.
    func setMarkedText(_ markedText: String?, selectedRange: Range<Int>)
    /// Ends the composition, keeping its text. No-op on a read-only page.
    func unmarkText()
    /// `.backward` when the caret sits at the end of a non-empty line, else `.forward`.
    var selectionAffinity: TextStorageDirection { get }
    /// Notified of selection and text changes; held weakly.
    var inputDelegate: (any TextInputDelegate)? { get set }

    // MARK: Geometry, page coordinates ("Geometry")

    /// A thin caret rect (≥ 1 pt wide) spanning the line's height; affinity picks the line at a
    /// soft wrap; offsets past the end are clamped.
    func caretRect(for position: TextPosition) -> CGRect
    /// The range's part on its first line fragment; zero width at the caret for an empty range;
    /// `.zero` for an invalid range.
    func firstRect(for range: TextRange) -> CGRect
    /// One rect per line fragment the range touches, in logical order, with start/end flags.
    func selectionRects(for range: TextRange) -> [TextSelectionRect]
    /// The nearest cluster boundary to `point`; never `nil` on a non-empty page.
    func closestPosition(to point: CGPoint) -> TextPosition?
    /// The nearest cluster boundary to `point` among positions inside `range`.
    func closestPosition(to point: CGPoint, within range: TextRange) -> TextPosition?
    /// The cluster whose glyph box (with ~2 pt slop) holds `point`; `nil` over margins and gaps.
    func characterRange(at point: CGPoint) -> TextRange?

    // MARK: Writing direction ("Directions")

    /// The base direction of the paragraph holding `position`; at a paragraph boundary
    /// `.backward` asks the preceding paragraph, `.forward` the following one.
    func baseWritingDirection(for position: TextPosition, in direction: TextStorageDirection) -> WritingDirection
    /// No-op on a read-only page.
    func setBaseWritingDirection(_ writingDirection: WritingDirection, for range: TextRange)

    // MARK: Remaining members ("Edit menu and other members")

    /// The page's tokenizer; one instance, created lazily, holding the page weakly.
    var tokenizer: StringTokenizer { get }
    /// Whether a client may change `range` to `text`: `isEditable`.
    func shouldChangeText(in range: TextRange, replacementText text: String) -> Bool
}

extension TextInput {
    /// Default: `[min, max)`; `nil` if either position lies outside `0...length` ("Positions and ranges").
    public func textRange(from: TextPosition, to: TextPosition) -> TextRange? {
        let length = endOfDocument.offset
        guard (0...length).contains(from.offset), (0...length).contains(to.offset) else { return nil }
        return TextRange(from, to)
    }

    /// Default: plain UTF-16 arithmetic, `nil` outside `0...length` ("Positions and ranges").
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let (target, overflow) = position.offset.addingReportingOverflow(offset)
        guard !overflow, (0...endOfDocument.offset).contains(target) else { return nil }
        return TextPosition(offset: target)
    }

    /// Default: by offset only; affinity never orders positions ("Value types").
    public func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult {
        position.offset < other.offset
            ? .orderedAscending : (position.offset > other.offset ? .orderedDescending : .orderedSame)
    }

    /// Default: signed UTF-16 difference.
    public func offset(from: TextPosition, to: TextPosition) -> Int { to.offset - from.offset }

    /// Default: offsets are 1:1 with UTF-16 units, so this is `range.start + offset`.
    public func position(within range: TextRange, atCharacterOffset offset: Int) -> TextPosition? {
        guard offset >= 0, offset <= range.length else { return nil }
        return TextPosition(offset: range.start.offset + offset)
    }

    /// Default: `position - range.start`, clamped to the range.
    public func characterOffset(of position: TextPosition, within range: TextRange) -> Int {
        min(max(position.offset, range.start.offset), range.end.offset) - range.start.offset
    }

    /// Default read-only behaviour.
    public var isEditable: Bool { false }
    /// Default read-only behaviour: never changes text.
    public func shouldChangeText(in range: TextRange, replacementText text: String) -> Bool { false }
    /// Default read-only behaviour: no-op.
    public func replace(_ range: TextRange, withText text: String) {}
    /// Default read-only behaviour: no-op.
    public func insertText(_ text: String) {}
    /// Default read-only behaviour: no-op.
    public func deleteBackward() {}
    /// Default read-only behaviour: never any marked text.
    public var markedTextRange: TextRange? { nil }
    /// Default read-only behaviour: no-op (Runestone #147 shows half-honouring it crashes).
    public func setMarkedText(_ markedText: String?, selectedRange: Range<Int>) {}
    /// Default read-only behaviour: no-op.
    public func unmarkText() {}
    /// Default read-only behaviour: no-op.
    public func setBaseWritingDirection(_ writingDirection: WritingDirection, for range: TextRange) {}
}
